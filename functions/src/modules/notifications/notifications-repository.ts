import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import {
  EMAIL_TOPIC_OF_KIND,
  NOTIFICATION_EMAIL_TOPICS,
  NOTIFICATION_PAGE_SIZE,
  type Notification,
  type NotificationEmailTopic,
  type NotificationKind,
  type NotificationPreferences,
  UNMAILED_KINDS,
} from '@hatchworks/shared/schemas/notifications';
import { NotFoundError } from '../../lib/errors';
import { batchGetItems } from '../table/batch-get';
import { db, tableName } from '../table/client';
import { notificationKeys, userKeys } from '../table/keys';
import { queryPage, type Page } from '../table/query-page';
import { TABLE_DEFINITION } from '../table/table-definition';
import {
  cancellationCodes,
  failedCondition,
  transact,
  type TransactItem,
} from '../table/transactions';

/**
 * In-app notifications. The fan-out writes one item per person and event
 * (`USER#<id>` / `NOTIFICATION#<event ulid>`) together with `ADD unread_count 1` on the person's
 * state item (`USER#<id>` / `NOTIFICATION_STATE`), in one transaction conditioned on the
 * notification not existing yet: a replayed event fails the condition and changes nothing.
 *
 * Reading state: a notification is read when its `read` flag is set or its id is not after the
 * state's `read_before` watermark. 'Mark all read' only moves the watermark to now and sets the
 * count to 0 (one write, however many notifications there are); marking some reads each by id,
 * and only those still unread (flag unset and newer than the watermark) lower the count, in the
 * same transaction, so the count stays exact. See ./README.md, "Reading".
 */

/** Notifications are kept 180 days (TTL), then DynamoDB deletes them. */
export const NOTIFICATION_KEEP_SECONDS = 180 * 24 * 60 * 60;

export interface StoredNotification {
  readonly id: string;
  readonly kind: NotificationKind;
  readonly subject_type: Notification['subject']['type'];
  readonly subject_id: string;
  readonly subject_title: string;
  readonly details: Notification['details'];
  readonly created_at: string;
  readonly read: boolean;
}

interface NotificationState {
  readonly unread_count: number;
  readonly read_before?: string;
}

const isRead = (item: StoredNotification, state: NotificationState) =>
  item.read || (state.read_before !== undefined && item.id <= state.read_before);

export function toApiNotification(
  item: StoredNotification,
  state: NotificationState,
): Notification {
  return {
    id: item.id,
    kind: item.kind,
    subject: { type: item.subject_type, id: item.subject_id, title: item.subject_title },
    details: item.details ?? {},
    created_at: item.created_at,
    read: isRead(item, state),
  };
}

/** The person's bell: the unread count and the read watermark (strongly consistent). */
export async function readNotificationState(userId: string): Promise<NotificationState> {
  const answer = await db.send(
    new GetCommand({
      TableName: tableName,
      Key: notificationKeys.state(userId),
      ConsistentRead: true,
    }),
  );
  const item = answer.Item as Partial<NotificationState> | undefined;
  return {
    unread_count: Math.max(0, item?.unread_count ?? 0),
    ...(item?.read_before ? { read_before: item.read_before } : {}),
  };
}

/** One page of the person's notifications, newest first, with the unread count. */
export async function listNotifications(
  userId: string,
  cursor: string | undefined,
): Promise<Page<Notification> & { unreadCount: number }> {
  const [page, state] = await Promise.all([
    queryPage(
      {
        partition: notificationKeys.partition(userId),
        sortKeyPrefix: notificationKeys.prefix,
        descending: true,
      },
      NOTIFICATION_PAGE_SIZE,
      cursor,
    ),
    readNotificationState(userId),
  ]);
  return {
    items: page.items.map((item) =>
      toApiNotification(item as unknown as StoredNotification, state),
    ),
    nextCursor: page.nextCursor,
    unreadCount: state.unread_count,
  };
}

/** Marks everything the person has so far read: moves the watermark to now, the count to 0. */
export async function markAllRead(userId: string, now = new Date()): Promise<void> {
  // A notification of an event older than the watermark arriving later counts as read on arrival
  // (the fan-out's condition on the watermark), so the count never goes wrong.
  await db
    .send(
      new UpdateCommand({
        TableName: tableName,
        Key: notificationKeys.state(userId),
        UpdateExpression: 'SET unread_count = :zero, read_before = :watermark',
        ConditionExpression: 'attribute_not_exists(read_before) OR read_before < :watermark',
        ExpressionAttributeValues: { ':zero': 0, ':watermark': ulid(now.getTime()) },
      }),
    )
    .catch((error: unknown) => {
      // A later 'mark all read' already moved the watermark further: nothing left to do.
      if ((error as { name?: string }).name !== 'ConditionalCheckFailedException') throw error;
    });
}

/**
 * Marks the person's notifications `ids` read: each still-unread one in its own transaction with
 * the count's decrement, conditioned on it being unread (flag unset, newer than the watermark).
 * Ids the person does not have, or already read, change nothing.
 */
export async function markRead(userId: string, ids: readonly string[]): Promise<void> {
  for (const id of new Set(ids)) {
    try {
      await transact([
        {
          Update: {
            TableName: tableName,
            Key: notificationKeys.item(userId, id),
            UpdateExpression: 'SET #read = :true',
            ConditionExpression: 'attribute_exists(PK) AND #read = :false',
            ExpressionAttributeNames: { '#read': 'read' },
            ExpressionAttributeValues: { ':true': true, ':false': false },
          },
        },
        {
          Update: {
            TableName: tableName,
            Key: notificationKeys.state(userId),
            UpdateExpression: 'ADD unread_count :minusOne',
            ConditionExpression:
              'unread_count > :zero AND (attribute_not_exists(read_before) OR read_before < :id)',
            ExpressionAttributeValues: { ':minusOne': -1, ':zero': 0, ':id': id },
          },
        },
      ]);
    } catch (error) {
      const codes = cancellationCodes(error);
      if (failedCondition(codes, 0)) continue;
      // Already read by the watermark: set its flag alone, the count does not count it.
      if (failedCondition(codes, 1)) {
        await db
          .send(
            new UpdateCommand({
              TableName: tableName,
              Key: notificationKeys.item(userId, id),
              UpdateExpression: 'SET #read = :true',
              ConditionExpression: 'attribute_exists(PK)',
              ExpressionAttributeNames: { '#read': 'read' },
              ExpressionAttributeValues: { ':true': true },
            }),
          )
          .catch(() => undefined);
        continue;
      }
      throw error;
    }
  }
}

/** The notifications of these ids (a mail's), those that still exist, in id order. */
export async function getNotifications(
  userId: string,
  ids: readonly string[],
): Promise<StoredNotification[]> {
  const items = await batchGetItems(ids.map((id) => notificationKeys.item(userId, id)));
  return (items as unknown as StoredNotification[]).sort((a, b) => a.id.localeCompare(b.id));
}

/**
 * The transaction that tells one person about one event: the notification (only if it is not
 * there yet), the unread count (only when the event is newer than the watermark), and, when the
 * person gets mail for it, its id added to the pending mail. Answers whether it was new.
 */
export async function tellPerson(
  userId: string,
  notification: Omit<StoredNotification, 'read'>,
  mail: boolean,
  now: Date,
): Promise<'told' | 'already'> {
  const item = {
    ...notificationKeys.item(userId, notification.id),
    entity: 'Notification',
    ...notification,
    read: false,
    [TABLE_DEFINITION.ttlAttribute]: Math.floor(now.getTime() / 1000) + NOTIFICATION_KEEP_SECONDS,
  };
  const notificationPut: TransactItem = {
    Put: { TableName: tableName, Item: item, ConditionExpression: 'attribute_not_exists(PK)' },
  };
  const mailUpdate: TransactItem[] = mail
    ? [
        {
          Update: {
            TableName: tableName,
            Key: notificationKeys.mail(userId),
            UpdateExpression: 'ADD pending_ids :ids SET first_at = if_not_exists(first_at, :now)',
            ExpressionAttributeValues: {
              ':ids': new Set([notification.id]),
              ':now': now.toISOString(),
            },
          },
        },
      ]
    : [];
  try {
    await transact([
      notificationPut,
      {
        Update: {
          TableName: tableName,
          Key: notificationKeys.state(userId),
          UpdateExpression: 'ADD unread_count :one',
          ConditionExpression: 'attribute_not_exists(read_before) OR read_before < :id',
          ExpressionAttributeValues: { ':one': 1, ':id': notification.id },
        },
      },
      ...mailUpdate,
    ]);
    return 'told';
  } catch (error) {
    const codes = cancellationCodes(error);
    // A replay: this person was told already.
    if (failedCondition(codes, 0)) return 'already';
    if (!failedCondition(codes, 1)) throw error;
  }
  // The person marked everything read after this event happened: it arrives read.
  try {
    await transact([
      { Put: { ...notificationPut.Put!, Item: { ...item, read: true } } },
      ...mailUpdate,
    ]);
    return 'told';
  } catch (error) {
    if (failedCondition(cancellationCodes(error), 0)) return 'already';
    throw error;
  }
}

/** Which email topics are on for a user item (absent = on). */
export function emailPreferences(user: {
  readonly notification_email?: Partial<Record<NotificationEmailTopic, boolean>>;
}): NotificationPreferences {
  const stored = user.notification_email ?? {};
  return {
    email: Object.fromEntries(
      NOTIFICATION_EMAIL_TOPICS.map((topic) => [topic, stored[topic] !== false]),
    ) as NotificationPreferences['email'],
  };
}

/** Whether a kind is mailed to a user with these preferences. */
export const mailsKind = (preferences: NotificationPreferences, kind: NotificationKind) =>
  !UNMAILED_KINDS.includes(kind) && preferences.email[EMAIL_TOPIC_OF_KIND[kind]] !== false;

/** Stores the person's email preferences on their user item. */
export async function saveEmailPreferences(
  userId: string,
  email: Partial<Record<NotificationEmailTopic, boolean>>,
): Promise<void> {
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName,
        Key: userKeys.item(userId),
        UpdateExpression: 'SET notification_email = :email',
        ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(deleted_at)',
        ExpressionAttributeValues: { ':email': email },
      }),
    );
  } catch (error) {
    if ((error as { name?: string }).name === 'ConditionalCheckFailedException') {
      throw new NotFoundError();
    }
    throw error;
  }
}
