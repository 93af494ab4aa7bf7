import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import {
  MAIL_STREAM_FILTER,
  mailRequestOf,
  type MailRequest,
  type StreamKeys,
} from '../../modules/mail/mail-requests';
import { claimMailRequest, releaseMailRequest } from '../../modules/mail/mail-queue';
import { sendPasswordReset, sendVerification } from '../../modules/accounts/account-mail';
import { getUserById } from '../../modules/accounts/users-repository';
import { sendNotificationMail } from '../../modules/notifications/notifications';
import type { StreamConcern } from '../../modules/table/stream-dispatch';
import { TABLE_DEFINITION } from '../../modules/table/table-definition';
import { logger } from '../../lib/logger';

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
      await sendVerification(user, request.origin);
      return 'sent';
    case 'reset-password':
      await sendPasswordReset(user, request.origin);
      return 'sent';
    case 'notifications':
      return sendNotificationMail(user);
  }
}

/**
 * Sends each queued account mail of the batch, in order. A request is claimed before its mail goes
 * out (`claimMailRequest`), so a record that comes again sends nothing twice; a mail that fails
 * gives its claim back and is reported (`batchItemFailures`), so it is tried again, and the
 * batch's later records with it; after the event source's retries it goes to the dead-letter
 * queue. Records that name no mail request are skipped.
 */
async function sendQueuedMails(event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> {
  for (const record of event.Records) {
    const keys = record.dynamodb?.Keys as StreamKeys | undefined;
    const request = mailRequestOf(keys);
    if (!request) continue;
    const key = {
      partition: keys?.[TABLE_DEFINITION.partitionKey]?.S ?? '',
      sort: keys?.[TABLE_DEFINITION.sortKey]?.S ?? '',
    };
    try {
      const claim = await claimMailRequest(key);
      if (claim.state === 'taken') {
        logger.info('queued mail', {
          kind: request.kind,
          userId: request.userId,
          outcome: 'already claimed',
        });
        continue;
      }
      const origin = claim.state === 'claimed' ? claim.origin : undefined;
      const outcome = await sendQueuedMail({ ...request, origin }).catch(async (error: unknown) => {
        await releaseMailRequest(key);
        throw error;
      });
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

/** The mail concern of the table stream: new `MAIL#` items. */
export const mailConcern: StreamConcern = {
  name: 'mail',
  filter: MAIL_STREAM_FILTER,
  handle: sendQueuedMails,
};
