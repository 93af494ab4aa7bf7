import { Match } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { statementsOfRole } from './support/iam';
import { logicalIdOf, synthSite, type SynthesizedSite } from './support/synth-site';

/** Webhook deliveries on AWS: the queue, its consumer, and who may queue. */
let site: SynthesizedSite;

beforeAll(() => {
  site = synthSite();
});

const maySend = (roleId: string, queueId: string) =>
  statementsOfRole(site.template, roleId).some(
    (statement) =>
      [statement.Action].flat().includes('sqs:SendMessage') &&
      JSON.stringify(statement.Resource).includes(queueId),
  );

describe('the webhook deliveries', () => {
  it('are a queue with a dead-letter queue, consumed by their function with item failures', () => {
    // Prepare
    const queueId = logicalIdOf(site, site.stack.webhooks.queue);
    const consumerId = logicalIdOf(site, site.stack.webhooks.handler.function);

    // Act
    const consumer = site.template.findResources('AWS::Lambda::Function')[consumerId] as {
      Properties: { Timeout: number; Environment: { Variables: Record<string, unknown> } };
    };

    // Assess
    site.template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: consumerId },
      EventSourceArn: { 'Fn::GetAtt': [queueId, 'Arn'] },
      BatchSize: 10,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
    site.template.hasResourceProperties('AWS::SQS::Queue', {
      RedrivePolicy: {
        deadLetterTargetArn: {
          'Fn::GetAtt': [logicalIdOf(site, site.stack.webhooks.deadLetters), 'Arn'],
        },
        maxReceiveCount: 3,
      },
      VisibilityTimeout: consumer.Properties.Timeout * 3,
      SqsManagedSseEnabled: true,
    });
    expect(consumer.Properties.Environment.Variables).toMatchObject({
      WEBHOOK_QUEUE_URL: { Ref: queueId },
      // The served origin, as the mail links have it.
      SITE_URL: { 'Fn::Join': ['', ['https://', expect.anything()]] },
    });
    expect(consumer.Properties.Environment.Variables).not.toHaveProperty('WEBHOOK_ALLOW_LOOPBACK');
  });

  it('are queued by the table stream and by retries, and by no route', () => {
    // Prepare
    const queueId = logicalIdOf(site, site.stack.webhooks.queue);

    // Act
    const routeRoles = [...site.stack.api.functions.values()].map((fn) =>
      logicalIdOf(site, fn.role),
    );

    // Assess
    expect(maySend(logicalIdOf(site, site.stack.tableStream.handler.role), queueId)).toBe(true);
    expect(maySend(logicalIdOf(site, site.stack.webhooks.handler.role), queueId)).toBe(true);
    expect(routeRoles.filter((roleId) => maySend(roleId, queueId))).toEqual([]);
    site.template.hasResourceProperties('AWS::Lambda::Function', {
      FunctionName: Match.absent(),
      Environment: {
        Variables: Match.objectLike({
          WEBHOOK_QUEUE_URL: { Ref: queueId },
          NOTIFICATION_MAIL_QUEUE_URL: Match.anyValue(),
        }),
      },
    });
  });
});
