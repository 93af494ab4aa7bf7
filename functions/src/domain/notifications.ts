import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { SITE_NAME } from '@hatchworks/shared/constants';
import type { Notification, NotificationKind } from '@hatchworks/shared/schemas/notifications';
import { batchGetItems } from '../data/batch-get';
import { db, tableName } from '../data/client';
import { followerKeys, notificationEventKeys, userKeys, type SubjectType } from '../data/keys';
import { queueMail } from '../data/mail-queue';
import { claimMailSchedule, returnPendingMail, takePendingMail } from '../data/notification-mail';
import {
  emailPreferences,
  getNotifications,
  mailsKind,
  tellPerson,
  type StoredNotification,
} from '../data/notifications-repository';
import type { StoredUser } from '../data/users-repository';
import { env } from '../lib/env';
import { logger } from '../lib/logger';
import { sendMail, siteLink } from '../lib/mail';
import { renderActionMail } from '../lib/mail-templates';
import { unsubscribeToken } from '../lib/unsubscribe-token';

/**
 * The fan-out of one notification event (issue 12) and the notification mails. See README.md in
 * `functions/src/data`, "Notifications".
 */

interface StoredEvent {
  readonly id: string;
  readonly kind: NotificationKind;
  readonly subject_type: SubjectType;
  readonly subject_id: string;
  readonly subject_title: string;
  readonly actor_id: string;
  readonly details?: Notification['details'];
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
async function* followersOf(type: SubjectType, id: string): AsyncGenerator<Follower[]> {
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
 * Tells everyone who should hear about event `eventId`: the subject's followers but the actor (the
 * author alone for an approval or rejection). Each person's notification is written at most once
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
  let told = 0;
  for await (const page of followersOf(event.subject_type, event.subject_id)) {
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

const STATUS_LABELS: Readonly<Record<string, string>> = {
  open: 'Open',
  planned: 'Planned',
  in_progress: 'In progress',
  completed: 'Completed',
  closed: 'Closed',
  approved: 'Approved',
};

/** The site path of a notification's subject. */
export function subjectPath(type: SubjectType, id: string): string {
  const encoded = encodeURIComponent(id);
  switch (type) {
    case 'feature':
      return `/features/${encoded}`;
    case 'tracker_request':
      return `/tracker/requests/${encoded}`;
    case 'tracker_suggestion':
      return `/tracker/suggestions/${encoded}`;
  }
}

/** One line telling what happened, as plain text. */
export function describeNotification(notification: StoredNotification): string {
  const title = `"${notification.subject_title}"`;
  const details = notification.details ?? {};
  const note = typeof details.note === 'string' && details.note ? ` Note: ${details.note}` : '';
  switch (notification.kind) {
    case 'status_changed': {
      const status = String(details.status ?? '');
      return `${title} is now ${STATUS_LABELS[status] ?? status}.${note}`;
    }
    case 'announced':
      return `${title} was announced in the changelog${
        typeof details.changelog_title === 'string' ? `: ${details.changelog_title}` : ''
      }.`;
    case 'team_answer':
      return `The ${SITE_NAME} team answered on ${title}.`;
    case 'feature_approved':
      return `Your feature request ${title} was approved.${note}`;
    case 'feature_rejected': {
      const refund = typeof details.refund === 'number' && details.refund > 0 ? details.refund : 0;
      return `Your feature request ${title} was rejected.${note}${
        refund ? ` Your ${refund} eggs were refunded.` : ''
      }`;
    }
  }
}

/**
 * Sends the person's pending notification mail: takes every pending id at once, drops those whose
 * kind the person no longer wants mailed, and sends one mail for the rest with the one-click
 * unsubscribe link and header. A failed send puts the ids back and rejects, so the retry sends
 * them; a taken id is never mailed by anyone else.
 */
export async function sendNotificationMail(user: StoredUser): Promise<'sent' | 'skipped'> {
  const ids = await takePendingMail(user.id);
  if (ids.length === 0) return 'skipped';
  try {
    const preferences = emailPreferences(user);
    const notifications = (await getNotifications(user.id, ids)).filter((each) =>
      mailsKind(preferences, each.kind),
    );
    if (notifications.length === 0 || user.deleted_at || !user.is_verified) return 'skipped';
    const token = await unsubscribeToken(user.id);
    const first = notifications[0]!;
    const subject =
      notifications.length === 1
        ? `Update on "${first.subject_title}"`
        : `${notifications.length} updates on requests you follow`;
    const content = renderActionMail({
      subject: `${subject} – ${SITE_NAME}`.replace(/[\r\n]+/g, ' '),
      name: user.display_name,
      intro: notifications.map(
        (each) =>
          `${describeNotification(each)}\n${siteLink(subjectPath(each.subject_type, each.subject_id))}`,
      ),
      action: { label: 'See your notifications', url: siteLink('/notifications') },
      outro: [
        `You get these emails because you follow these requests on ${SITE_NAME}. ` +
          `To stop them, unsubscribe with one click: ${siteLink('/unsubscribe', { token })}`,
        'You can choose which emails you get under Notifications on your profile.',
      ],
    });
    await sendMail({
      to: user.email,
      ...content,
      headers: {
        'List-Unsubscribe': `<${siteLink('/api/notifications/unsubscribe', { token })}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    });
    return 'sent';
  } catch (error) {
    await returnPendingMail(user.id, ids);
    throw error;
  }
}
