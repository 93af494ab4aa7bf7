import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import {
  NOTIFICATION_STREAM_FILTER,
  notificationEventIdOf,
} from '../../modules/notifications/notification-events';
import type { StreamConcern } from '../../modules/table/stream-dispatch';
import { dispatchWebhookEvent } from '../../modules/webhooks/dispatch';
import { WEBHOOK_STREAM_FILTER, webhookEventIdOf } from '../../modules/webhooks/webhook-events';
import { logger } from '../../lib/logger';

/**
 * Queues each new webhook event of the batch for the endpoints that take it, in order; a merge's
 * and an unmerge's notification events are read as webhook events too (the merge engine writes
 * those already). A record that comes again queues its deliveries again: receivers drop the
 * repeat by its `webhook-id`.
 */
async function dispatchWebhooks(event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> {
  for (const record of event.Records) {
    const keys = record.dynamodb?.Keys;
    const webhookEventId = webhookEventIdOf(keys);
    const notificationEventId = webhookEventId ? undefined : notificationEventIdOf(keys);
    const eventId = webhookEventId ?? notificationEventId;
    if (!eventId) continue;
    try {
      const queued = await dispatchWebhookEvent(
        eventId,
        webhookEventId ? 'webhook' : 'notification',
      );
      if (queued > 0) logger.info('webhook event dispatched', { eventId, queued });
    } catch (error) {
      logger.error('webhook event not dispatched', { eventId, error });
      const sequence = record.dynamodb?.SequenceNumber;
      return { batchItemFailures: sequence ? [{ itemIdentifier: sequence }] : [] };
    }
  }
  return { batchItemFailures: [] };
}

/** The webhook concern of the table stream: new `WEBHOOK_EVENT#` items and new `EVENT#` items. */
export const webhooksConcern: StreamConcern = {
  name: 'webhooks',
  filter: [WEBHOOK_STREAM_FILTER, NOTIFICATION_STREAM_FILTER],
  handle: dispatchWebhooks,
};
