import type {
  DynamoDBBatchResponse,
  DynamoDBRecord,
  DynamoDBStreamEvent,
  SQSEvent,
  SQSRecord,
} from 'aws-lambda';
import { queueMail } from '../modules/mail/mail-queue';
import { notificationEventIdOf } from '../modules/notifications/notification-events';
import type { StreamKeys } from '../modules/mail/mail-requests';
import { fanOutEvent } from '../modules/notifications/notification-fan-out';
import { logger } from '../lib/logger';

/**
 * The notification fan-out. Fed two ways:
 * - the table's stream (an event source filtered to new `EVENT#` items on AWS, the local stack's
 *   poller locally): each event is fanned out to its subject's followers, idempotently, so a
 *   retried record tells nobody twice. A failing record is reported (`batchItemFailures`) and
 *   retried with the batch's later records; after the retries it goes to the dead-letter queue.
 * - on AWS, the notification mail delay queue: a message `{ userId }` that waited the delay queues
 *   that person's mail request (`MAIL#`, sent by the mail function). Locally a timer does this.
 */
export async function handler(
  event: DynamoDBStreamEvent | SQSEvent,
): Promise<DynamoDBBatchResponse> {
  const records = event.Records as readonly (DynamoDBRecord | SQSRecord)[];
  for (const record of records) {
    if ('messageId' in record) {
      try {
        const { userId } = JSON.parse(record.body) as { userId?: unknown };
        if (typeof userId === 'string' && userId) {
          await queueMail({ kind: 'notifications', userId });
        }
      } catch (error) {
        logger.error('notification mail not queued', { error });
        return { batchItemFailures: [{ itemIdentifier: record.messageId }] };
      }
      continue;
    }
    const eventId = notificationEventIdOf(record.dynamodb?.Keys as StreamKeys | undefined);
    if (!eventId) continue;
    try {
      const told = await fanOutEvent(eventId);
      logger.info('notification event fanned out', { eventId, told });
    } catch (error) {
      logger.error('notification event not fanned out', { eventId, error });
      const sequence = record.dynamodb?.SequenceNumber;
      return { batchItemFailures: sequence ? [{ itemIdentifier: sequence }] : [] };
    }
  }
  return { batchItemFailures: [] };
}
