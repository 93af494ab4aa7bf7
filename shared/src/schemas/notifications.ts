import * as z from '../zod';
import { SUBJECT_TYPES } from './subjects';

export { notificationSubjectPath, WEBHOOKS_PAGE_PATH } from './subjects';

/**
 * Notifications: what a person is told when a request they follow (authored, voted on,
 * commented on) changes status, is announced in the changelog, is merged or gets a Team answer,
 * what an author is told when their feature request is approved or rejected, and what a person
 * is told when someone replies to their comment or @mentions them.
 */

export const NOTIFICATION_KINDS = [
  'status_changed',
  'announced',
  'team_answer',
  'feature_approved',
  'feature_rejected',
  /** The feature request was merged into another (details.into_id, .into_title). */
  'merged',
  /**
   * A `merged` notification whose merge an admin undid: the same notification, rewritten in
   * place (details.into_id, .into_title kept). Never mailed.
   */
  'unmerged',
  /** Someone replied to the person's comment (details.comment_id, .parent_id, .author_name, .excerpt). */
  'reply',
  /** Someone @mentioned the person in a comment (details.comment_id, .author_name, .excerpt). */
  'mention',
  /**
   * A webhook endpoint was switched off after a delivery failed every retry (details.reason; the
   * subject is the endpoint, titled by its URL). Tells every admin; never mailed.
   */
  'webhook_disabled',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** How a status a notification names reads, in the bell's list and in mails. */
export const NOTIFICATION_STATUS_LABELS: Readonly<Record<string, string>> = {
  open: 'Open',
  planned: 'Planned',
  in_progress: 'In progress',
  completed: 'Completed',
  closed: 'Closed',
  approved: 'Approved',
  /** An approval or rejection taken back: the request waits for review again. */
  pending: 'Pending review',
  merged: 'Merged',
};

/** A page of the notification list holds this many, newest first. */
export const NOTIFICATION_PAGE_SIZE = 20;
/** A mark-read request names at most this many notifications. */
export const NOTIFICATION_READ_MAX_IDS = 50;

/** The email preference groups on Profile, each covering one or more kinds. */
export const NOTIFICATION_EMAIL_TOPICS = [
  'status',
  'announcements',
  'team_answers',
  'moderation',
  'replies',
  'mentions',
] as const;
export type NotificationEmailTopic = (typeof NOTIFICATION_EMAIL_TOPICS)[number];

/** Which preference decides whether a kind is mailed. */
export const EMAIL_TOPIC_OF_KIND: Readonly<Record<NotificationKind, NotificationEmailTopic>> = {
  status_changed: 'status',
  announced: 'announcements',
  team_answer: 'team_answers',
  feature_approved: 'moderation',
  feature_rejected: 'moderation',
  merged: 'status',
  unmerged: 'status',
  reply: 'replies',
  mention: 'mentions',
  webhook_disabled: 'moderation',
};

/** Kinds told in the app only, whatever the preferences. */
export const UNMAILED_KINDS: readonly NotificationKind[] = ['unmerged', 'webhook_disabled'];

/** What a notification is about: a request people follow, or (admins) a webhook endpoint. */
export const NOTIFICATION_SUBJECT_TYPES = [...SUBJECT_TYPES, 'webhook'] as const;

export const NotificationSchema = z.object({
  /** The event's ULID: one notification per event and person. */
  id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  subject: z.object({
    type: z.enum(NOTIFICATION_SUBJECT_TYPES),
    id: z.string(),
    title: z.string(),
  }),
  details: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
  created_at: z.string(),
  read: z.boolean(),
});
export type Notification = z.infer<typeof NotificationSchema>;

/** Query of `GET /api/notifications`. */
export const NotificationListQuerySchema = z.object({
  cursor: z.optional(z.string().check(z.maxLength(2048))),
});

/** `data` of `GET /api/notifications` (with `next_cursor` beside it). */
export const NotificationListSchema = z.object({
  notifications: z.array(NotificationSchema),
  unread_count: z.number().check(z.int()),
});
export type NotificationList = z.infer<typeof NotificationListSchema>;

/** `data` of `GET /api/notifications/unread-count` (the bell). */
export const UnreadCountSchema = z.object({ unread_count: z.number().check(z.int()) });
export type UnreadCount = z.infer<typeof UnreadCountSchema>;

const NotificationIdSchema = z
  .string()
  .check(z.regex(/^[0-9A-HJKMNP-TV-Z]{26}$/, 'Invalid notification id'));

/** Body of `POST /api/notifications/read`: some notifications, or all of them. */
export const MarkReadInputSchema = z.union([
  z.object({
    ids: z
      .array(NotificationIdSchema)
      .check(
        z.minLength(1, 'Name at least one notification'),
        z.maxLength(NOTIFICATION_READ_MAX_IDS, `At most ${NOTIFICATION_READ_MAX_IDS} at once`),
      ),
  }),
  z.object({ all: z.literal(true) }),
]);
export type MarkReadInput = z.infer<typeof MarkReadInputSchema>;

/** Email on/off per topic; absent topics are on. */
export const NotificationPreferencesSchema = z.object({
  email: z.object({
    status: z.boolean(),
    announcements: z.boolean(),
    team_answers: z.boolean(),
    moderation: z.boolean(),
    /** Absent in a saved choice = on. */
    replies: z.optional(z.boolean()),
    mentions: z.optional(z.boolean()),
  }),
});
export type NotificationPreferences = z.infer<typeof NotificationPreferencesSchema>;

/** Body of `POST /api/notifications/unsubscribe` (the mail's one-click link). */
export const UnsubscribeInputSchema = z.object({
  token: z.string().check(z.minLength(1, 'The unsubscribe link is incomplete'), z.maxLength(512)),
});

export const UNSUBSCRIBE_MESSAGES = {
  invalid: 'This unsubscribe link is not valid.',
} as const;

/** The query of the one-click unsubscribe: the mail's `List-Unsubscribe` URL carries the token. */
export const UnsubscribeQuerySchema = z.object({
  token: z.optional(z.string().check(z.maxLength(512))),
});

/** The answer of the unsubscribe. */
export const UnsubscribeResultSchema = z.object({ unsubscribed: z.boolean() });
