import { Match } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { statementsOfRole } from './support/iam';
import { logicalIdOf, synthSite, type SynthesizedSite } from './support/synth-site';

/** The notification fan-out: its stream source, its queues and its grants. */
let site: SynthesizedSite;

beforeAll(() => {
  site = synthSite();
});

const fanOutId = () => logicalIdOf(site, site.stack.notifications.handler.function);

describe('the notification fan-out', () => {
  it('is fed only new EVENT# items of the table stream, with retries, item failures and a DLQ', () => {
    // Act
    const mappings = site.template.findResources('AWS::Lambda::EventSourceMapping', {
      Properties: { FunctionName: { Ref: fanOutId() }, StartingPosition: 'LATEST' },
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
            'Fn::GetAtt': [logicalIdOf(site, site.stack.notifications.deadLetters), 'Arn'],
          },
        },
      },
    });
    const filter = JSON.parse(
      (mapping!.Properties.FilterCriteria as { Filters: { Pattern: string }[] }).Filters[0]!
        .Pattern,
    ) as unknown;
    expect(filter).toEqual({
      eventName: ['INSERT'],
      dynamodb: { Keys: { PK: { S: [{ prefix: 'EVENT#' }] } } },
    });
  });

  it('consumes its mail delay queue, which has a dead-letter queue, and may send to it', () => {
    // Act
    const queueId = logicalIdOf(site, site.stack.notifications.mailDelayQueue);
    const statements = statementsOfRole(
      site.template,
      logicalIdOf(site, site.stack.notifications.handler.role),
    );

    // Assess
    site.template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: fanOutId() },
      EventSourceArn: { 'Fn::GetAtt': [queueId, 'Arn'] },
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
    site.template.hasResourceProperties('AWS::SQS::Queue', {
      RedrivePolicy: {
        deadLetterTargetArn: {
          'Fn::GetAtt': [logicalIdOf(site, site.stack.notifications.mailDelayDeadLetters), 'Arn'],
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

  it('holds no mail permission and no secret; the mail function reads the unsubscribe key', () => {
    // Act
    const statements = statementsOfRole(
      site.template,
      logicalIdOf(site, site.stack.notifications.handler.role),
    );
    const mailStatements = statementsOfRole(
      site.template,
      logicalIdOf(site, site.stack.mailSender.handler.role),
    );

    // Assess
    const actions = statements.flatMap((statement) => [statement.Action].flat());
    expect(actions.some((action) => action.startsWith('ses:'))).toBe(false);
    expect(actions.some((action) => action.startsWith('secretsmanager:'))).toBe(false);
    const secretIds = site.stack.secrets.secrets.get('IDENTITY_HASH_KEY')!;
    expect(
      mailStatements.some(
        (statement) =>
          [statement.Action].flat().includes('secretsmanager:GetSecretValue') &&
          JSON.stringify(statement.Resource).includes(logicalIdOf(site, secretIds)),
      ),
    ).toBe(true);
  });
});
