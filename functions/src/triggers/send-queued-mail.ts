import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { mailRequestOf, type MailRequest, type StreamKeys } from '../modules/mail/mail-requests';
import { sendPasswordReset, sendVerification } from '../modules/accounts/account-mail';
import { getUserById } from '../modules/accounts/users-repository';
import { sendNotificationMail } from '../modules/notifications/notifications';
import { logger } from '../lib/logger';

/**
 * Sends the mail a queued request asks for, to the account as it is now: nothing when the account
 * is gone or, for a verification, already proven. A failure rejects, so the request is tried again.
 */
async function sendQueuedMail(request: MailRequest): Promise<'sent' | 'skipped'> {
  const user = await getUserById(request.userId);
  if (!user) return 'skipped';
  switch (request.kind) {
    case 'verify-email':
      if (user.is_verified) return 'skipped';
      await sendVerification(user);
      return 'sent';
    case 'reset-password':
      await sendPasswordReset(user);
      return 'sent';
    case 'notifications':
      return sendNotificationMail(user);
  }
}

/**
 * The mail function: fed the table's stream (an event source filtered to new `MAIL#` items on
 * AWS, the local stack's poller locally), it sends each queued account mail. A record whose mail
 * fails is reported back (`batchItemFailures`), so it is tried again, and the batch's later records
 * with it; after the event source's retries it goes to the dead-letter queue. Records that name no
 * mail request are skipped.
 */
export async function handler(event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> {
  for (const record of event.Records) {
    const request = mailRequestOf(record.dynamodb?.Keys as StreamKeys | undefined);
    if (!request) continue;
    try {
      const outcome = await sendQueuedMail(request);
      logger.info('queued mail', { kind: request.kind, userId: request.userId, outcome });
    } catch (error) {
      logger.error('queued mail not sent', { kind: request.kind, userId: request.userId, error });
      // Stream records are processed in order: the failed one and everything after it are retried.
      const sequence = record.dynamodb?.SequenceNumber;
      return { batchItemFailures: sequence ? [{ itemIdentifier: sequence }] : [] };
    }
  }
  return { batchItemFailures: [] };
}
