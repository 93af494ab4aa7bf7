import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../table/client';
import { notificationKeys } from '../table/keys';

/**
 * A person's pending notification mail, `USER#<id>` / `NOTIFICATION_MAIL`: the fan-out
 * adds each notification to mail to `pending_ids` in the transaction that writes the notification
 * (so a replayed event adds nothing), then claims `scheduled_at` to have the mail sent after the
 * delay. The stream's mail concern takes the whole set at once when it sends. See ./README.md,
 * "Mail, batched".
 */

const isConditionFailure = (error: unknown) =>
  (error as { name?: string }).name === 'ConditionalCheckFailedException';

/**
 * Claims the right to schedule the person's next mail: true for the one caller that finds pending
 * ids and no schedule (or one older than `staleBefore`, a timer lost with its process).
 */
export async function claimMailSchedule(
  userId: string,
  now: Date,
  staleBefore: Date,
): Promise<boolean> {
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName,
        Key: notificationKeys.mail(userId),
        UpdateExpression: 'SET scheduled_at = :now',
        ConditionExpression:
          'attribute_exists(pending_ids) AND (attribute_not_exists(scheduled_at) OR scheduled_at < :stale)',
        ExpressionAttributeValues: {
          ':now': now.toISOString(),
          ':stale': staleBefore.toISOString(),
        },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/**
 * Takes every pending id at once (and the schedule with it): an event landing right after starts a
 * new set and a new schedule. Two senders never take the same id.
 */
export async function takePendingMail(userId: string): Promise<string[]> {
  try {
    const answer = await db.send(
      new UpdateCommand({
        TableName: tableName,
        Key: notificationKeys.mail(userId),
        UpdateExpression: 'REMOVE pending_ids, scheduled_at, first_at',
        ConditionExpression: 'attribute_exists(pending_ids)',
        ReturnValues: 'ALL_OLD',
      }),
    );
    const ids = answer.Attributes?.pending_ids as Set<string> | undefined;
    return [...(ids ?? [])].sort();
  } catch (error) {
    if (isConditionFailure(error)) return [];
    throw error;
  }
}

/** Puts ids back when their mail could not be sent, for the retry to take them again. */
export async function returnPendingMail(userId: string, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.send(
    new UpdateCommand({
      TableName: tableName,
      Key: notificationKeys.mail(userId),
      UpdateExpression: 'ADD pending_ids :ids',
      ExpressionAttributeValues: { ':ids': new Set(ids) },
    }),
  );
}
