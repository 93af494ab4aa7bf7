import { Match } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { statementsOfRole } from './support/iam';
import { logicalIdOf, synthSite, type SynthesizedSite } from './support/synth-site';

/** The notification fan-out, a concern of the table stream's function: its queues and grants. */
let site: SynthesizedSite;

beforeAll(() => {
  site = synthSite();
});

const readerId = () => logicalIdOf(site, site.stack.tableStream.handler.function);

describe('the notification fan-out', () => {
  it('is fed the new EVENT# items of the table stream, with retries, item failures and a DLQ', () => {
    // Act
    const mappings = site.template.findResources('AWS::Lambda::EventSourceMapping', {
      Properties: { FunctionName: { Ref: readerId() }, StartingPosition: 'LATEST' },
    });

    // Assess
    const [mapping] = Object.values(mappings) as {
      Properties: Record<string, unknown>;
    }[];
    expect(Object.keys(mappings)).toHaveLength(1);
    expect(mapping!.Properties).toMatchObject({
      MaximumRetryAttempts: 3,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      DestinationConfig: {
        OnFailure: {
          Destination: {
            'Fn::GetAtt': [logicalIdOf(site, site.stack.tableStream.deadLetters), 'Arn'],
          },
        },
      },
    });
    const patterns = (
      mapping!.Properties.FilterCriteria as { Filters: { Pattern: string }[] }
    ).Filters.map((filter) => JSON.parse(filter.Pattern) as unknown);
    // New mail requests and new events share the one pattern of new items under a prefix.
    expect(patterns).toContainEqual({
      eventName: ['INSERT'],
      dynamodb: {
        Keys: {
          PK: { S: [{ prefix: 'MAIL#' }, { prefix: 'EVENT#' }, { prefix: 'WEBHOOK_EVENT#' }] },
        },
      },
    });
  });

  it('consumes its mail delay queue, which has a dead-letter queue, and may send to it', () => {
    // Act
    const queueId = logicalIdOf(site, site.stack.tableStream.mailDelayQueue);
    const statements = statementsOfRole(
      site.template,
      logicalIdOf(site, site.stack.tableStream.handler.role),
    );

    // Assess
    site.template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: readerId() },
      EventSourceArn: { 'Fn::GetAtt': [queueId, 'Arn'] },
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
    site.template.hasResourceProperties('AWS::SQS::Queue', {
      RedrivePolicy: {
        deadLetterTargetArn: {
          'Fn::GetAtt': [logicalIdOf(site, site.stack.tableStream.mailDelayDeadLetters), 'Arn'],
        },
        maxReceiveCount: 3,
      },
      SqsManagedSseEnabled: true,
    });
    expect(
      statements.some(
        (statement) =>
          [statement.Action].flat().includes('sqs:SendMessage') &&
          JSON.stringify(statement.Resource).includes(queueId),
      ),
    ).toBe(true);
    site.template.hasResourceProperties('AWS::Lambda::Function', {
      Environment: {
        Variables: Match.objectLike({
          NOTIFICATION_MAIL_QUEUE_URL: { Ref: queueId },
          NOTIFICATION_MAIL_DELAY_SECONDS: '120',
        }),
      },
    });
  });

  it('reads the unsubscribe key, which signs the links of its mails', () => {
    // Act
    const statements = statementsOfRole(
      site.template,
      logicalIdOf(site, site.stack.tableStream.handler.role),
    );

    // Assess
    const secretIds = site.stack.secrets.secrets.get('IDENTITY_HASH_KEY')!;
    expect(
      statements.some(
        (statement) =>
          [statement.Action].flat().includes('secretsmanager:GetSecretValue') &&
          JSON.stringify(statement.Resource).includes(logicalIdOf(site, secretIds)),
      ),
    ).toBe(true);
  });
});
