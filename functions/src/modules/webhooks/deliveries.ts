import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { WEBHOOK_LIMITS, type WebhookDelivery } from '@hatchworks/shared/schemas/webhooks';
import { db, tableName } from '../table/client';
import { webhookKeys } from '../table/keys';
import { TABLE_DEFINITION } from '../table/table-definition';

/** The log keeps two weeks of attempts; the admin page shows the latest 50. */
const KEEP_SECONDS = 14 * 24 * 60 * 60;

/** Writes one attempt to its endpoint's log and answers it as the API shows it. */
export async function recordDelivery(
  endpointId: string,
  attempt: Omit<WebhookDelivery, 'id' | 'created_at'>,
  now = new Date(),
): Promise<WebhookDelivery> {
  const delivery: WebhookDelivery = {
    id: ulid(now.getTime()),
    created_at: now.toISOString(),
    ...attempt,
    excerpt: attempt.excerpt.slice(0, WEBHOOK_LIMITS.excerptLength),
  };
  await db.send(
    new PutCommand({
      TableName: tableName,
      Item: {
        ...webhookKeys.delivery(endpointId, delivery.id),
        entity: 'WebhookDelivery',
        endpoint_id: endpointId,
        ...delivery,
        [TABLE_DEFINITION.ttlAttribute]: Math.floor(now.getTime() / 1000) + KEEP_SECONDS,
      },
    }),
  );
  return delivery;
}

/** The endpoint's latest attempts, newest first: one Query with a Limit. */
export async function listDeliveries(endpointId: string): Promise<WebhookDelivery[]> {
  const result = await db.send(
    new QueryCommand({
      TableName: tableName,
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: {
        ':pk': webhookKeys.deliveriesPartition(endpointId),
        ':prefix': webhookKeys.deliveryPrefix,
      },
      ScanIndexForward: false,
      Limit: WEBHOOK_LIMITS.deliveriesShown,
    }),
  );
  return (result.Items ?? []).map((item) => ({
    id: item.id as string,
    message_id: item.message_id as string,
    event_type: item.event_type as string,
    attempt: item.attempt as number,
    created_at: item.created_at as string,
    outcome: item.outcome as WebhookDelivery['outcome'],
    status: (item.status as number | null | undefined) ?? null,
    latency_ms: item.latency_ms as number,
    excerpt: (item.excerpt as string | undefined) ?? '',
    next_attempt_at: (item.next_attempt_at as string | null | undefined) ?? null,
  }));
}
