import * as z from '../zod';
import { SUBJECT_TYPES } from './subjects';
import { noHiddenCharacters } from './text';

/** Bounds and windows of comments. */
export const COMMENT_LIMITS = {
  bodyMax: 2000,
  /** How long an author may edit or delete their own comment after writing it. */
  editWindowSeconds: 15 * 60,
  /** Top-level comments per page (each with all its replies). */
  pageSize: 20,
  pageSizeMax: 50,
  /** Replies read with each top-level comment; a thread rarely has more. */
  repliesMax: 100,
  idMax: 64,
} as const;

/** Per-user limits on new comments (fixed windows kept in DynamoDB). */
export const COMMENT_RATE_LIMITS = {
  perMinute: 10,
  perDay: 100,
} as const;

/** A comment tells at most this many of the people it @mentions. */
export const MENTION_MAX = 10;

/**
 * `@username` in a comment: an '@' that does not follow a name character (so `otto@example.test`
 * is no mention), then a username's characters (shared/src/schemas/users.ts). Sentence
 * punctuation after the name ('@otto.') is not part of it.
 */
const MENTION = /(?<![A-Za-z0-9_.@-])@([A-Za-z0-9_.-]{3,30})/g;

/** A run of plain text or an @mention within a comment, in order. */
export type MentionPart =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'mention'; readonly text: string; readonly username: string };

/** Splits a text into plain runs and `@username` mentions (the '@' kept in `text`). */
export function splitMentions(text: string): MentionPart[] {
  const parts: MentionPart[] = [];
  let last = 0;
  for (const match of text.matchAll(MENTION)) {
    const username = match[1]!.replace(/[.-]+$/, '');
    if (username.length < 3) continue;
    const start = match.index;
    if (start > last) parts.push({ kind: 'text', text: text.slice(last, start) });
    parts.push({ kind: 'mention', text: `@${username}`, username });
    last = start + 1 + username.length;
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) });
  return parts;
}

/** The distinct usernames a text mentions (lower case, as usernames are unique), the first ten. */
export function mentionedUsernames(text: string): string[] {
  const names = splitMentions(text).flatMap((part) =>
    part.kind === 'mention' ? [part.username.toLowerCase()] : [],
  );
  return [...new Set(names)].slice(0, MENTION_MAX);
}

/** What a deleted comment that keeps its replies shows instead of its text. */
export const DELETED_COMMENT_TEXT = '[deleted]';

export const COMMENT_MESSAGES = {
  bodyRequired: 'Write something before posting',
  bodyTooLong: `A comment must be at most ${COMMENT_LIMITS.bodyMax} characters`,
  replyToReply: 'Replies can only answer a top-level comment',
  replyToUnknown: 'The comment you are replying to does not exist',
  editWindowOver: 'Comments can only be edited for 15 minutes after posting',
  deleteWindowOver: 'Comments can only be deleted for 15 minutes after posting',
  notAuthor: 'Only the author can change this comment',
  deleted: 'This comment was deleted',
  pinReply: 'Only a top-level comment can be the Team answer',
  pinnedLocked: 'The Team answer can only be changed by an admin',
  tooManyComments: (seconds: number) =>
    seconds >= 120
      ? `You are commenting too fast. Please try again in ${Math.ceil(seconds / 60)} minutes.`
      : `You are commenting too fast. Please try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
} as const;

export const COMMENT_ORDERS = ['newest', 'oldest'] as const;
export type CommentOrder = (typeof COMMENT_ORDERS)[number];

/** The fields every comment has (a reply has no replies of its own). */
const commentFields = {
  id: z.string(),
  subject_type: z.enum(SUBJECT_TYPES),
  subject_id: z.string(),
  /** The top-level comment a reply answers; null on top-level comments. */
  parent_id: z.nullable(z.string()),
  /** The author; null once the comment is deleted (it shows as "[deleted]"). */
  author: z.nullable(
    z.object({
      id: z.string(),
      /** Display name, else username; 'Deleted user' after the account is gone. */
      name: z.string(),
    }),
  ),
  /** Plain text as written (never markup); '' when deleted. */
  body: z.string(),
  created_at: z.string(),
  /** When the author last edited it; null when never edited. */
  edited_at: z.nullable(z.string()),
  /** Deleted but kept because it has replies: its text and author are gone. */
  deleted: z.boolean(),
  /** Pinned by an admin as the studio's Team answer (one per subject). */
  pinned: z.boolean(),
  /** Until when its author may edit or delete it (created_at + 15 minutes). */
  editable_until: z.string(),
};

export const CommentReplySchema = z.object(commentFields);
export type CommentReply = z.infer<typeof CommentReplySchema>;

/** A top-level comment with its replies, oldest first. */
export const CommentSchema = z.object({
  ...commentFields,
  replies: z.array(CommentReplySchema),
});
export type Comment = z.infer<typeof CommentSchema>;

/** `GET …/{id}/comments`: one page of top-level comments, the pinned Team answer apart. */
export const CommentListSchema = z.object({
  comments: z.array(CommentSchema),
  /** The pinned Team answer (also on every page, so it is always shown first); null if none. */
  pinned: z.nullable(CommentSchema),
  /** Live comments on the subject, replies included. */
  comment_count: z.number().check(z.int()),
});
export type CommentList = z.infer<typeof CommentListSchema>;

/** Query of the comment lists. */
export const CommentListQuerySchema = z.object({
  /** newest: most recent activity (the comment or its latest reply) first; oldest: as written. */
  order: z._default(z.enum(COMMENT_ORDERS), 'newest'),
  limit: z._default(
    z.coerce.number().check(z.int(), z.gte(1), z.lte(COMMENT_LIMITS.pageSizeMax)),
    COMMENT_LIMITS.pageSize,
  ),
  cursor: z.optional(z.string().check(z.maxLength(2048))),
});
export type CommentListQuery = z.input<typeof CommentListQuerySchema>;

const BodySchema = z
  .string({ error: COMMENT_MESSAGES.bodyRequired })
  .check(
    z.trim(),
    z.minLength(1, COMMENT_MESSAGES.bodyRequired),
    z.maxLength(COMMENT_LIMITS.bodyMax, COMMENT_MESSAGES.bodyTooLong),
    noHiddenCharacters('A comment', { lineBreaks: true }),
  );

/** `POST …/{id}/comments`. */
export const CommentInputSchema = z.object({
  body: BodySchema,
  /** Answers this top-level comment of the same subject. */
  parent_id: z.optional(
    z.nullable(z.string().check(z.minLength(1), z.maxLength(COMMENT_LIMITS.idMax))),
  ),
});
export type CommentInput = z.input<typeof CommentInputSchema>;

/** `PUT /api/comments/{id}`. */
export const CommentEditSchema = z.object({ body: BodySchema });
export type CommentEdit = z.input<typeof CommentEditSchema>;

export const CommentIdParamsSchema = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(COMMENT_LIMITS.idMax)),
});

/** The `{id}` of a subject's comment routes (a feature, tracker request or suggestion). */
export const CommentSubjectParamsSchema = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(64)),
});

/** The answer of `DELETE /api/comments/{id}`. */
export const CommentDeletedSchema = z.object({ id: z.string(), deleted: z.literal(true) });
