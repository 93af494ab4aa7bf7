import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Notification, NotificationKind } from '@hatchworks/shared/schemas/notifications';
import type { NotificationSubjectType } from '@hatchworks/shared/schemas/subjects';
import { batchGetItems } from '../table/batch-get';
import { db, tableName } from '../table/client';
import { followerKeys, notificationEventKeys, notificationKeys, userKeys } from '../table/keys';
import { queueMail } from '../mail/mail-queue';
import { claimMailSchedule } from './notification-mail';
import {
  emailPreferences,
  mailsKind,
  tellPerson,
  type StoredNotification,
} from './notifications-repository';
import type { StoredUser } from '../accounts/users-repository';
import { env } from '../../lib/env';
import { logger } from '../../lib/logger';

/**
 * The fan-out of one notification event, run by the stream consumer
 * (`triggers/table-stream/fan-out-notifications.ts`); the mail it schedules is sent by
 * `./notifications.ts`. See ./README.md, "Fan-out".
 */

interface StoredEvent {
  readonly id: string;
  readonly kind: NotificationKind;
  readonly subject_type: NotificationSubjectType;
  readonly subject_id: string;
  readonly subject_title: string;
  readonly actor_id: string;
  readonly details?: Notification['details'];
  /** Who to tell instead of the followers (replies, mentions). */
  readonly recipients?: readonly string[];
  readonly created_at: string;
}

interface Follower {
  readonly user_id: string;
  readonly reason: string;
}

/** Kinds that tell the author alone (the moderation decisions on their own request). */
const AUTHOR_ONLY: readonly NotificationKind[] = ['feature_approved', 'feature_rejected'];

/** People told at once while fanning out one event. */
const PARALLEL = 8;

/** Every follower of a subject, a page (of up to 100) at a time. */
async function* followersOf(type: NotificationSubjectType, id: string): AsyncGenerator<Follower[]> {
  // A webhook endpoint has no followers: its events name their recipients (the admins).
  if (type === 'webhook') return;
  let start: Record<string, unknown> | undefined;
  do {
    const answer = await db.send(
      new QueryCommand({
        TableName: tableName,
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :user)',
        ExpressionAttributeValues: {
          ':pk': followerKeys.partition(type, id),
          ':user': followerKeys.userPrefix,
        },
        ProjectionExpression: 'user_id, reason',
        Limit: 100,
        ...(start ? { ExclusiveStartKey: start } : {}),
      }),
    );
    yield (answer.Items ?? []) as Follower[];
    start = answer.LastEvaluatedKey;
  } while (start);
}

/**
 * Rewrites a person's `merged` notification of an undone merge to `unmerged`, in place: it keeps
 * its id, read state and place in the list, so the bell and the list no longer say "Merged into"
 * and no second notification tells of a merge that did not last. Only a notification that still
 * says `merged` changes, so a replay changes nothing.
 */
async function withdrawMerge(userId: string, mergeEventId: string): Promise<void> {
  await db
    .send(
      new UpdateCommand({
        TableName: tableName,
        Key: notificationKeys.item(userId, mergeEventId),
        UpdateExpression: 'SET #kind = :unmerged',
        ConditionExpression: 'attribute_exists(PK) AND #kind = :merged',
        ExpressionAttributeNames: { '#kind': 'kind' },
        ExpressionAttributeValues: { ':unmerged': 'unmerged', ':merged': 'merged' },
      }),
    )
    .catch((error: unknown) => {
      // Never told of the merge, or already rewritten.
      if ((error as { name?: string }).name !== 'ConditionalCheckFailedException') throw error;
    });
}

/**
 * Tells everyone who should hear about event `eventId`: the subject's followers but the actor (the
 * author alone for an approval or rejection), or the event's `recipients` when it names them. Each person's notification is written at most once
 * (see `tellPerson`), so running it again for the same event tells nobody twice. Answers how
 * many people were told now.
 */
export async function fanOutEvent(eventId: string, now = new Date()): Promise<number> {
  const answer = await db.send(
    new GetCommand({
      TableName: tableName,
      Key: notificationEventKeys.item(eventId),
      ConsistentRead: true,
    }),
  );
  const event = answer.Item as StoredEvent | undefined;
  // Gone after its 30 days: nothing left to tell.
  if (!event) return 0;
  const notification: Omit<StoredNotification, 'read'> = {
    id: event.id,
    kind: event.kind,
    subject_type: event.subject_type,
    subject_id: event.subject_id,
    subject_title: event.subject_title,
    details: event.details ?? {},
    created_at: event.created_at,
  };
  if (event.kind === 'unmerged') {
    const mergeEventId = event.details?.merge_event_id;
    if (typeof mergeEventId !== 'string') return 0;
    for await (const page of followersOf(event.subject_type, event.subject_id)) {
      for (let start = 0; start < page.length; start += PARALLEL) {
        await Promise.all(
          page
            .slice(start, start + PARALLEL)
            .map(({ user_id: userId }) => withdrawMerge(userId, mergeEventId)),
        );
      }
    }
    return 0;
  }
  const audience = event.recipients
    ? (async function* () {
        yield event.recipients!.map((userId) => ({ user_id: userId, reason: 'recipient' }));
      })()
    : followersOf(event.subject_type, event.subject_id);
  let told = 0;
  for await (const page of audience) {
    const people = page.filter(
      (follower) =>
        follower.user_id !== event.actor_id &&
        (!AUTHOR_ONLY.includes(event.kind) || follower.reason === 'author'),
    );
    const users = new Map(
      (
        (await batchGetItems(
          people.map((person) => userKeys.item(person.user_id)),
        )) as unknown as StoredUser[]
      ).map((user) => [user.id, user]),
    );
    for (let start = 0; start < people.length; start += PARALLEL) {
      const results = await Promise.all(
        people.slice(start, start + PARALLEL).map(async ({ user_id: userId }) => {
          const user = users.get(userId);
          // A deleted account hears nothing.
          if (!user || user.deleted_at) return 0;
          const mail = user.is_verified && mailsKind(emailPreferences(user), event.kind);
          const outcome = await tellPerson(userId, notification, mail, now);
          // Also after a replay: a schedule lost between the two steps is made now.
          if (mail) await scheduleNotificationMail(userId, now);
          return outcome === 'told' ? 1 : 0;
        }),
      );
      told += results.reduce<number>((sum, each) => sum + each, 0);
    }
  }
  return told;
}

let sqs: SQSClient | undefined;

/**
 * Has the person's pending notification mail sent after the delay, unless a send is already
 * scheduled: the one caller that claims the schedule queues the mail request with the delay (an
 * SQS message delay on AWS, whose consumer queues it; a timer locally). A schedule older than the
 * delay plus 15 minutes counts as lost (a local timer dies with its process) and is made again.
 */
export async function scheduleNotificationMail(userId: string, now = new Date()): Promise<void> {
  const config = env();
  const delay = config.NOTIFICATION_MAIL_DELAY_SECONDS;
  const stale = new Date(now.getTime() - (delay + 15 * 60) * 1000);
  if (!(await claimMailSchedule(userId, now, stale))) return;
  if (config.NOTIFICATION_MAIL_QUEUE_URL) {
    sqs ??= new SQSClient({ region: config.AWS_REGION });
    await sqs.send(
      new SendMessageCommand({
        QueueUrl: config.NOTIFICATION_MAIL_QUEUE_URL,
        MessageBody: JSON.stringify({ userId }),
        DelaySeconds: delay,
      }),
    );
    return;
  }
  setTimeout(() => {
    queueMail({ kind: 'notifications', userId }).catch((error: unknown) =>
      logger.error('notification mail not queued', { userId, error }),
    );
  }, delay * 1000).unref();
}
