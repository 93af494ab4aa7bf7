import { ulid } from 'ulid';
import { followerKeys, notificationEventKeys, type SubjectType } from '../table/keys';
import { TABLE_DEFINITION } from '../table/table-definition';
import type { NotificationSubjectType } from '@hatchworks/shared/schemas/subjects';

/**
 * Notification events. A change people should hear about (a status change, a changelog
 * announcement, a Team answer, a moderation decision) writes ONE event item in its own
 * transaction and returns; it never fans out itself. The table's stream (keys only) hands the new
 * event to the fan-out consumer (`triggers/table-stream/fan-out-notifications.ts`, the local
 * stack's stream poller locally), which reads the event, Queries the subject's followers and writes
 * one notification per person idempotently (keyed by the event id), so a replayed event tells
 * nobody twice.
 *
 * This module has no client: handlers put `notificationEventItem(...)` and `followerUpdate(...)`
 * into their transactions (`Put`, `Update`), the CDK app and the local stack read the stream filter.
 */

export type { SubjectType } from '../table/keys';

export const NOTIFICATION_EVENT_KINDS = [
  /** A tracker request, suggestion or feature request changed status (details.status, .note). */
  'status_changed',
  /** A changelog entry closed the subject (details.changelog_id, .changelog_title). */
  'announced',
  /** An admin pinned a Team answer on the subject (details.comment_id). */
  'team_answer',
  /** The author's feature request was approved (details.note). Tells the author only. */
  'feature_approved',
  /** The author's feature request was rejected (details.note, .refund). Tells the author only. */
  'feature_rejected',
  /** The feature request was merged into another (details.into_id, .into_title). */
  'merged',
  /**
   * The merge of the feature request was undone (details.merge_event_id, .into_id, .into_title):
   * tells nobody new; each follower's `merged` notification of that merge is rewritten to say so.
   */
  'unmerged',
  /** A reply to a comment (details.comment_id, .parent_id, …). Tells `recipients` only. */
  'reply',
  /** An @mention in a comment (details.comment_id, …). Tells `recipients` only. */
  'mention',
  /** A webhook endpoint was switched off (details.reason). Tells `recipients` (the admins) only. */
  'webhook_disabled',
] as const;
export type NotificationEventKind = (typeof NOTIFICATION_EVENT_KINDS)[number];

export interface NotificationSubject {
  /** A request people follow, or a webhook endpoint (told to `recipients` only). */
  readonly type: NotificationSubjectType;
  readonly id: string;
  /** The subject's title when the event happened, so the notification reads without a lookup. */
  readonly title: string;
}

export interface NotificationEvent {
  readonly kind: NotificationEventKind;
  readonly subject: NotificationSubject;
  /** Who caused it (an admin); never told about their own change. */
  readonly actorId: string;
  /** Kind-specific facts, plain JSON values (status, note, refund, changelog id and title…). */
  readonly details?: Readonly<Record<string, string | number | boolean | null>>;
  /** Who to tell instead of the subject's followers (a reply's or a mention's people). */
  readonly recipients?: readonly string[];
}

/** Events are kept 30 days: long enough for any retry and for an operator to look one up. */
const KEEP_SECONDS = 30 * 24 * 60 * 60;

/**
 * Which stream records are events: new items whose partition key starts with `EVENT#`. The CDK
 * stack turns it into the fan-out's event-source filter; the local stack applies it when it polls.
 */
export const NOTIFICATION_STREAM_FILTER = {
  eventName: 'INSERT',
  partitionKeyPrefix: notificationEventKeys.prefix,
} as const;

/** The item of one event, to `Put` in the transaction of the change it tells about. */
export function notificationEventItem(
  event: NotificationEvent,
  now: Date,
  eventId: string = ulid(now.getTime()),
): Record<string, unknown> {
  return {
    ...notificationEventKeys.item(eventId),
    entity: 'NotificationEvent',
    id: eventId,
    kind: event.kind,
    subject_type: event.subject.type,
    subject_id: event.subject.id,
    subject_title: event.subject.title,
    actor_id: event.actorId,
    details: event.details ?? {},
    ...(event.recipients ? { recipients: [...event.recipients] } : {}),
    created_at: now.toISOString(),
    [TABLE_DEFINITION.ttlAttribute]: Math.floor(now.getTime() / 1000) + KEEP_SECONDS,
  };
}

/** Why someone follows a subject; an author stays an author whatever they do next. */
export type FollowReason = 'author' | 'voter' | 'commenter';

/**
 * Makes a person a follower of a subject: the `Update` (without `TableName`) to put into the
 * transaction that creates the subject, records a signed-in vote or adds a comment, as
 * `{ Update: { TableName, ...followerUpdate(...) } }`. It keeps the first reason and time, so an
 * author who later votes or comments stays an author, and repeating it changes nothing.
 */
export function followerUpdate(
  subject: { readonly type: SubjectType; readonly id: string },
  userId: string,
  reason: FollowReason,
  now: Date,
) {
  return {
    Key: followerKeys.item(subject.type, subject.id, userId),
    UpdateExpression:
      'SET entity = :entity, user_id = :user, subject_type = :type, subject_id = :id, ' +
      '#reason = if_not_exists(#reason, :reason), since = if_not_exists(since, :since)',
    ExpressionAttributeNames: { '#reason': 'reason' },
    ExpressionAttributeValues: {
      ':entity': 'Follower',
      ':user': userId,
      ':type': subject.type,
      ':id': subject.id,
      ':reason': reason,
      ':since': now.toISOString(),
    },
  };
}

/** The event id a stream record's keys name, or undefined when they name no event. */
export function notificationEventIdOf(
  keys: Readonly<Record<string, { readonly S?: string } | undefined>> | undefined,
): string | undefined {
  const partition = keys?.[TABLE_DEFINITION.partitionKey]?.S;
  const sort = keys?.[TABLE_DEFINITION.sortKey]?.S;
  if (!partition?.startsWith(notificationEventKeys.prefix) || sort !== 'EVENT') return undefined;
  return partition.slice(notificationEventKeys.prefix.length) || undefined;
}
