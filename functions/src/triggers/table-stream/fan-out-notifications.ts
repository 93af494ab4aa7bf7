import type {
  DynamoDBBatchResponse,
  DynamoDBStreamEvent,
  SQSBatchResponse,
  SQSEvent,
} from 'aws-lambda';
import { queueMail } from '../../modules/mail/mail-queue';
import type { StreamKeys } from '../../modules/mail/mail-requests';
import {
  NOTIFICATION_STREAM_FILTER,
  notificationEventIdOf,
} from '../../modules/notifications/notification-events';
import { fanOutEvent } from '../../modules/notifications/notification-fan-out';
import type { StreamConcern } from '../../modules/table/stream-dispatch';
import { logger } from '../../lib/logger';

/**
 * Fans each new notification event of the batch out to its subject's followers, in order. A
 * record that comes again tells nobody twice (`fanOutEvent` writes each notification at most once
 * and schedules each person's mail once). A failing record is reported (`batchItemFailures`) and
 * retried with the batch's later records; after the retries it goes to the dead-letter queue.
 */
async function fanOutNotifications(event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> {
  for (const record of event.Records) {
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

/** The notification concern of the table stream: new `EVENT#` items. */
export const notificationsConcern: StreamConcern = {
  name: 'notifications',
  filter: NOTIFICATION_STREAM_FILTER,
  handle: fanOutNotifications,
};

/**
 * The notification mail delay queue's messages (AWS only; locally a timer does this): a message
 * `{ userId }` that waited the delay queues that person's mail request (`MAIL#`, sent by the mail
 * concern). A message that comes again queues a second request, which finds no pending
 * notification left and sends nothing.
 */
export async function queueNotificationMails(event: SQSEvent): Promise<SQSBatchResponse> {
  // A standard queue: every message stands alone, so each failure is reported and the rest go on
  // (a message left out of the failures is deleted as done).
  const batchItemFailures: SQSBatchResponse['batchItemFailures'] = [];
  for (const record of event.Records) {
    try {
      const { userId } = JSON.parse(record.body) as { userId?: unknown };
      if (typeof userId === 'string' && userId) {
        await queueMail({ kind: 'notifications', userId });
      }
    } catch (error) {
      logger.error('notification mail not queued', { error });
      batchItemFailures.push({ itemIdentifier: record.messageId });
    }
  }
  return { batchItemFailures };
}
