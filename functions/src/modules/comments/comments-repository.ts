import { webhookEventItem, webhookSubject } from '../webhooks/webhook-events';
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import {
  COMMENT_LIMITS,
  COMMENT_MESSAGES,
  type Comment,
  type CommentList,
  type CommentOrder,
  type CommentReply,
  mentionedUsernames,
} from '@hatchworks/shared/schemas/comments';
import type { SubjectType } from '@hatchworks/shared/schemas/subjects';
import { publicDisplayName, type NamedUser } from '@hatchworks/shared/schemas/user-names';
import { AppError, ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors';
import { batchGetItems } from '../table/batch-get';
import { db, tableName } from '../table/client';
import { activityKeys, commentKeys, userKeys } from '../table/keys';
import { followerUpdate, notificationEventItem } from '../notifications/notification-events';
import { queryPage } from '../table/query-page';
import {
  cancellationCodes,
  failedCondition,
  putNew,
  transact,
  type TransactItem,
} from '../table/transactions';
import type { CommentSubject, Viewer } from './comment-subjects';

/** A comment as stored (besides its keys). */
export interface StoredComment {
  readonly id: string;
  readonly subject_type: SubjectType;
  readonly subject_id: string;
  /** Only on replies. */
  readonly parent_id?: string;
  readonly user_id: string;
  /** Absent once deleted. */
  readonly body?: string;
  readonly created_at: string;
  readonly edited_at?: string;
  readonly deleted_at?: string;
  readonly pinned?: boolean;
  /** Top-level comments: live replies. */
  readonly reply_count?: number;
  /** Top-level comments: the comment's or its latest reply's time. */
  readonly last_activity_at?: string;
}

const DELETED_USER = 'Deleted user';
const WINDOW_MS = COMMENT_LIMITS.editWindowSeconds * 1000;

export const editableUntil = (comment: Pick<StoredComment, 'created_at'>) =>
  new Date(new Date(comment.created_at).getTime() + WINDOW_MS).toISOString();

const withinWindow = (comment: StoredComment, now: Date) =>
  now.getTime() < new Date(comment.created_at).getTime() + WINDOW_MS;

export async function getComment(id: string): Promise<StoredComment | undefined> {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName, Key: commentKeys.item(id), ConsistentRead: true }),
  );
  return Item as StoredComment | undefined;
}

/**
 * Public names of these users by id (`publicDisplayName`: never an email); missing and deleted
 * accounts are 'Deleted user'.
 */
async function authorNames(userIds: readonly string[]): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  const unique = [...new Set(userIds)];
  for (let start = 0; start < unique.length; start += 100) {
    const users = await batchGetItems(
      unique.slice(start, start + 100).map((id) => userKeys.item(id)),
      { projection: 'id, display_name, username, email, deleted_at' },
    );
    for (const user of users) {
      const name = user.deleted_at ? '' : publicDisplayName(user as unknown as NamedUser);
      names.set(String(user.id), name || DELETED_USER);
    }
  }
  return names;
}

function toReply(comment: StoredComment, names: Map<string, string>): CommentReply {
  const deleted = comment.deleted_at !== undefined;
  return {
    id: comment.id,
    subject_type: comment.subject_type,
    subject_id: comment.subject_id,
    parent_id: comment.parent_id ?? null,
    author: deleted
      ? null
      : { id: comment.user_id, name: names.get(comment.user_id) ?? DELETED_USER },
    body: deleted ? '' : (comment.body ?? ''),
    created_at: comment.created_at,
    edited_at: comment.edited_at ?? null,
    deleted,
    pinned: comment.pinned === true,
    editable_until: editableUntil(comment),
  };
}

/** The replies of these top-level comments (those that have any), oldest first. */
async function repliesOf(parents: readonly StoredComment[]): Promise<Map<string, StoredComment[]>> {
  const withReplies = parents.filter((parent) => (parent.reply_count ?? 0) > 0);
  const lists = await Promise.all(
    withReplies.map(async (parent) => {
      const result = await db.send(
        new QueryCommand({
          TableName: tableName,
          IndexName: 'GSI3',
          KeyConditionExpression: 'GSI3PK = :pk',
          ExpressionAttributeValues: { ':pk': commentKeys.repliesPartition(parent.id) },
          Limit: COMMENT_LIMITS.repliesMax,
        }),
      );
      return [parent.id, (result.Items ?? []) as StoredComment[]] as const;
    }),
  );
  return new Map(lists);
}

/** Top-level comments with their replies and their authors' names, as the API answers them. */
async function threads(parents: readonly StoredComment[]): Promise<Comment[]> {
  const replies = await repliesOf(parents);
  const all = [...parents, ...[...replies.values()].flat()];
  const names = await authorNames(all.map((comment) => comment.user_id));
  return parents.map((parent) => ({
    ...toReply(parent, names),
    replies: (replies.get(parent.id) ?? []).map((reply) => toReply(reply, names)),
  }));
}

/** One comment as the API answers it (a top-level one with its replies). */
export async function commentView(comment: StoredComment): Promise<Comment> {
  if (comment.parent_id === undefined) {
    const [thread] = await threads([comment]);
    if (thread) return thread;
  }
  const names = await authorNames([comment.user_id]);
  return { ...toReply(comment, names), replies: [] };
}

/**
 * One page of a subject's top-level comments in this order, each with its replies (at most
 * `COMMENT_LIMITS.repliesMax`, oldest first), and the pinned Team answer apart.
 */
export async function listComments(
  subject: CommentSubject,
  order: CommentOrder,
  limit: number,
  cursor: string | undefined,
): Promise<{ list: CommentList; nextCursor: string | null }> {
  const partition = commentKeys.subjectPartition(subject.type, subject.id);
  const [page, pinnedMarker] = await Promise.all([
    queryPage(
      order === 'newest'
        ? { index: 'GSI1', partition, descending: true }
        : { index: 'GSI2', partition },
      limit,
      cursor,
    ),
    db.send(
      new GetCommand({
        TableName: tableName,
        Key: commentKeys.pinned(subject.type, subject.id),
        ConsistentRead: true,
      }),
    ),
  ]);
  const pinnedId = pinnedMarker.Item?.comment_id as string | undefined;
  const pinnedComment = pinnedId ? await getComment(pinnedId) : undefined;
  const parents = page.items as unknown as StoredComment[];
  const answered = await threads(
    pinnedComment ? [...parents.filter((each) => each.id !== pinnedId), pinnedComment] : parents,
  );
  const pinned = pinnedComment ? (answered.pop() ?? null) : null;
  return {
    list: { comments: answered, pinned, comment_count: subject.commentCount },
    nextCursor: page.nextCursor,
  };
}

/** The count updates of a subject: its item and every sort view, each on the condition it exists. */
function countUpdates(subject: CommentSubject, delta: number): TransactItem[] {
  return subject.countKeys.map((key) => ({
    Update: {
      TableName: tableName,
      Key: key,
      UpdateExpression: 'ADD comment_count :delta',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: { ':delta': delta },
    },
  }));
}

/** A comment's excerpt in the activity feed. */
const excerpt = (body: string) => (body.length > 280 ? `${body.slice(0, 279)}…` : body);

/** The 'commented' activity entries of a tracker subject (site-wide and the project's). */
function commentedActivity(
  subject: CommentSubject,
  userId: string,
  body: string,
  now: Date,
): TransactItem[] {
  if (!subject.activity) return [];
  const id = ulid(now.getTime());
  const entry = {
    entity: 'Activity',
    id,
    type: subject.activity.type,
    action: 'commented',
    title: subject.title,
    description: excerpt(body),
    created_at: now.toISOString(),
    user_id: userId,
    reference_type: subject.activity.type,
    reference_id: subject.id,
    project: subject.activity.project,
  };
  const project = subject.activity.project;
  return [
    { Put: { TableName: tableName, Item: { ...activityKeys.all(id), ...entry } } },
    ...(project
      ? [
          {
            Put: {
              TableName: tableName,
              Item: { ...activityKeys.ofProject(project.id, id), ...entry },
            },
          },
        ]
      : []),
  ];
}

/** What a reply or mention notification shows of its comment. */
const NOTICE_EXCERPT = 140;
/** What a webhook's `comment.created` carries of the comment. */
const WEBHOOK_EXCERPT = 500;

/**
 * The `reply` and `mention` events of a new comment: the parent comment's author hears of the
 * reply, each existing person it @mentions (the first ten names) hears of the mention, each once
 * (a replied-to person who is also mentioned gets the reply alone), never the author, nor anyone
 * who may not see the subject. Unknown names and deleted accounts are ignored.
 */
async function commentEvents(
  subject: CommentSubject,
  author: Viewer,
  comment: StoredComment & { readonly body: string },
  parentAuthorId: string | undefined,
  now: Date,
): Promise<TransactItem[]> {
  const names = mentionedUsernames(comment.body);
  const guards =
    names.length > 0
      ? await batchGetItems(
          names.map((name) => userKeys.username(name)),
          { projection: 'user_id' },
        )
      : [];
  const mentioned = guards.map((guard) => String(guard.user_id));
  const ids = [...new Set([author.id, ...(parentAuthorId ? [parentAuthorId] : []), ...mentioned])];
  if (ids.length === 1) return [];
  const users = new Map(
    (await batchGetItems(ids.map((id) => userKeys.item(id)))).map((user) => [
      String(user.id),
      user,
    ]),
  );
  const canHear = (id: string | undefined): id is string => {
    if (id === undefined || id === author.id) return false;
    const user = users.get(id);
    if (!user || user.deleted_at) return false;
    return subject.visibleTo?.({ id, role: String(user.role) }) ?? true;
  };
  const writer = users.get(author.id);
  const authorName =
    writer && !writer.deleted_at ? publicDisplayName(writer as unknown as NamedUser) : DELETED_USER;
  const details = {
    comment_id: comment.id,
    ...(comment.parent_id ? { parent_id: comment.parent_id } : {}),
    author_name: authorName,
    excerpt:
      comment.body.length > NOTICE_EXCERPT
        ? `${comment.body.slice(0, NOTICE_EXCERPT - 1)}…`
        : comment.body,
  };
  const replied = canHear(parentAuthorId) ? [parentAuthorId] : [];
  const mentions = [...new Set(mentioned)].filter((id) => canHear(id) && !replied.includes(id));
  const notice = { type: subject.type, id: subject.id, title: subject.title };
  return (
    [
      ['reply', replied],
      ['mention', mentions],
    ] as const
  ).flatMap(([kind, recipients]) =>
    recipients.length === 0
      ? []
      : [
          {
            Put: {
              TableName: tableName,
              Item: notificationEventItem(
                { kind, subject: notice, actorId: author.id, details, recipients },
                now,
              ),
            },
          },
        ],
  );
}

/**
 * Adds a comment (or a reply to a top-level comment of the same subject) in one transaction: the
 * comment, the count on the subject and its sort views, the parent's reply count and activity
 * time, the 'commented' activity entry (tracker subjects), the author as a follower, and the
 * `reply` and `mention` notification events (`commentEvents`).
 */
export async function addComment(
  subject: CommentSubject,
  author: Viewer,
  input: { body: string; parentId?: string | null | undefined },
  now = new Date(),
): Promise<Comment> {
  const parentId = input.parentId ?? undefined;
  let parentAuthorId: string | undefined;
  if (parentId !== undefined) {
    const parent = await getComment(parentId);
    if (
      !parent ||
      parent.subject_type !== subject.type ||
      parent.subject_id !== subject.id ||
      parent.deleted_at !== undefined
    ) {
      throw new ValidationError(
        [{ field: 'parent_id', message: COMMENT_MESSAGES.replyToUnknown }],
        COMMENT_MESSAGES.replyToUnknown,
      );
    }
    if (parent.parent_id !== undefined) {
      throw new ValidationError(
        [{ field: 'parent_id', message: COMMENT_MESSAGES.replyToReply }],
        COMMENT_MESSAGES.replyToReply,
      );
    }
    parentAuthorId = parent.user_id;
  }
  const id = ulid(now.getTime());
  const timestamp = now.toISOString();
  const comment: StoredComment = {
    id,
    subject_type: subject.type,
    subject_id: subject.id,
    ...(parentId !== undefined ? { parent_id: parentId } : {}),
    user_id: author.id,
    body: input.body,
    created_at: timestamp,
    ...(parentId === undefined ? { reply_count: 0, last_activity_at: timestamp } : {}),
  };
  const indexKeys =
    parentId === undefined
      ? {
          ...commentKeys.byActivity(subject.type, subject.id, timestamp, id),
          ...commentKeys.byCreation(subject.type, subject.id, id),
        }
      : commentKeys.reply(parentId, id);
  const parentUpdate: TransactItem[] =
    parentId === undefined
      ? []
      : [
          {
            Update: {
              TableName: tableName,
              Key: commentKeys.item(parentId),
              UpdateExpression:
                'ADD reply_count :one SET last_activity_at = :now, GSI1SK = :activity',
              ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(deleted_at)',
              ExpressionAttributeValues: {
                ':one': 1,
                ':now': timestamp,
                ':activity': commentKeys.byActivity(subject.type, subject.id, timestamp, parentId)
                  .GSI1SK,
              },
            },
          },
        ];
  const counts = countUpdates(subject, 1);
  const events = await commentEvents(
    subject,
    author,
    { ...comment, body: input.body },
    parentAuthorId,
    now,
  );
  try {
    await transact([
      ...parentUpdate,
      ...counts,
      putNew({ ...commentKeys.item(id), ...indexKeys, entity: 'Comment', ...comment }),
      ...commentedActivity(subject, author.id, input.body, now),
      { Update: { TableName: tableName, ...followerUpdate(subject, author.id, 'commenter', now) } },
      ...events,
      {
        Put: {
          TableName: tableName,
          Item: webhookEventItem(
            'comment.created',
            {
              subject: webhookSubject(subject.type, subject.id, subject.title, subject.project),
              comment: {
                id,
                author: (await authorNames([author.id])).get(author.id) ?? DELETED_USER,
                excerpt:
                  input.body.length > WEBHOOK_EXCERPT
                    ? `${input.body.slice(0, WEBHOOK_EXCERPT - 1)}…`
                    : input.body,
                // The request's page, filled in when the event is sent.
                url: '',
              },
            },
            now,
          ),
        },
      },
    ]);
  } catch (error) {
    const codes = cancellationCodes(error);
    if (parentUpdate.length > 0 && failedCondition(codes, 0)) {
      throw new ValidationError(
        [{ field: 'parent_id', message: COMMENT_MESSAGES.replyToUnknown }],
        COMMENT_MESSAGES.replyToUnknown,
      );
    }
    if (failedCondition(codes, parentUpdate.length)) throw new NotFoundError();
    throw error;
  }
  return commentView(comment);
}

/** A live comment by id, or 404. */
async function liveComment(id: string): Promise<StoredComment> {
  const comment = await getComment(id);
  if (!comment || comment.deleted_at !== undefined) throw new NotFoundError();
  return comment;
}

/** Changes a comment's text: its author only, within 15 minutes of writing it. */
export async function editComment(
  id: string,
  editor: Viewer,
  body: string,
  now = new Date(),
): Promise<Comment> {
  const comment = await liveComment(id);
  if (comment.user_id !== editor.id) throw new ForbiddenError(COMMENT_MESSAGES.notAuthor);
  if (!withinWindow(comment, now)) throw new ForbiddenError(COMMENT_MESSAGES.editWindowOver);
  // What the team pinned as its answer is the team's to change: its author may not rewrite it
  // (unless an admin), also when the pin lands between this read and the write.
  const admin = editor.role === 'admin';
  if (comment.pinned === true && !admin) throw new ForbiddenError(COMMENT_MESSAGES.pinnedLocked);
  const editedAt = now.toISOString();
  try {
    await transact([
      {
        Update: {
          TableName: tableName,
          Key: commentKeys.item(id),
          UpdateExpression: 'SET body = :body, edited_at = :now',
          ConditionExpression: [
            'attribute_exists(PK) AND attribute_not_exists(deleted_at) AND user_id = :me',
            ...(admin ? [] : ['(attribute_not_exists(pinned) OR pinned = :no)']),
          ].join(' AND '),
          ExpressionAttributeValues: {
            ':body': body,
            ':now': editedAt,
            ':me': editor.id,
            ...(admin ? {} : { ':no': false }),
          },
        },
      },
    ]);
  } catch (error) {
    if (failedCondition(cancellationCodes(error), 0)) {
      if ((await liveComment(id)).pinned === true) {
        throw new ForbiddenError(COMMENT_MESSAGES.pinnedLocked);
      }
      throw new NotFoundError();
    }
    throw error;
  }
  return commentView({ ...comment, body, edited_at: editedAt });
}

/**
 * Deletes a comment: its author within 15 minutes, admins any time. A top-level comment with
 * replies stays as "[deleted]" (text and author removed) so its thread still reads; any other
 * comment goes, and a "[deleted]" parent goes with its last reply. The counts, the parent's
 * reply count and the pinned marker change in the same transaction.
 */
export async function deleteComment(
  id: string,
  caller: Viewer,
  subject: CommentSubject,
  now = new Date(),
): Promise<void> {
  const comment = await liveComment(id);
  const admin = caller.role === 'admin';
  if (!admin) {
    if (comment.user_id !== caller.id) throw new ForbiddenError(COMMENT_MESSAGES.notAuthor);
    if (!withinWindow(comment, now)) throw new ForbiddenError(COMMENT_MESSAGES.deleteWindowOver);
  }
  const key = commentKeys.item(id);
  const replies = comment.reply_count ?? 0;
  const change: TransactItem[] = [];
  if (comment.parent_id === undefined && replies > 0) {
    change.push({
      Update: {
        TableName: tableName,
        Key: key,
        UpdateExpression: 'SET deleted_at = :now REMOVE body, pinned',
        ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(deleted_at)',
        ExpressionAttributeValues: { ':now': now.toISOString() },
      },
    });
  } else {
    change.push({
      Delete: {
        TableName: tableName,
        Key: key,
        ConditionExpression:
          'attribute_exists(PK) AND attribute_not_exists(deleted_at) AND ' +
          '(attribute_not_exists(reply_count) OR reply_count = :zero)',
        ExpressionAttributeValues: { ':zero': 0 },
      },
    });
  }
  if (comment.parent_id !== undefined) {
    const parent = await getComment(comment.parent_id);
    const parentKey = commentKeys.item(comment.parent_id);
    if (parent?.deleted_at !== undefined && (parent.reply_count ?? 0) <= 1) {
      change.push({
        Delete: {
          TableName: tableName,
          Key: parentKey,
          ConditionExpression: 'reply_count = :one',
          ExpressionAttributeValues: { ':one': 1 },
        },
      });
    } else if (parent) {
      change.push({
        Update: {
          TableName: tableName,
          Key: parentKey,
          UpdateExpression: 'ADD reply_count :minus',
          ConditionExpression: 'attribute_exists(PK)',
          ExpressionAttributeValues: { ':minus': -1 },
        },
      });
    }
  }
  if (comment.pinned) {
    change.push({
      Delete: {
        TableName: tableName,
        Key: commentKeys.pinned(subject.type, subject.id),
        ConditionExpression: 'comment_id = :id',
        ExpressionAttributeValues: { ':id': id },
      },
    });
  }
  try {
    await transact([...change, ...countUpdates(subject, -1)]);
  } catch (error) {
    if ((cancellationCodes(error) ?? []).includes('ConditionalCheckFailed')) {
      // A reply or a pin arrived between the read and the write: the caller may try again.
      throw new AppError(409, 'CONFLICT');
    }
    throw error;
  }
}

/**
 * Pins a top-level comment as the subject's Team answer (admins), replacing the one pinned
 * before, and puts one `team_answer` event in the same transaction.
 */
export async function pinComment(
  id: string,
  admin: Viewer,
  subject: CommentSubject,
  now = new Date(),
): Promise<Comment> {
  const comment = await liveComment(id);
  if (comment.parent_id !== undefined) {
    throw new ValidationError(
      [{ field: 'id', message: COMMENT_MESSAGES.pinReply }],
      COMMENT_MESSAGES.pinReply,
    );
  }
  const markerKey = commentKeys.pinned(subject.type, subject.id);
  const { Item: marker } = await db.send(
    new GetCommand({ TableName: tableName, Key: markerKey, ConsistentRead: true }),
  );
  const previous = marker?.comment_id as string | undefined;
  if (previous === id) return commentView(comment);
  const items: TransactItem[] = [
    {
      Put: {
        TableName: tableName,
        Item: {
          ...markerKey,
          entity: 'PinnedComment',
          comment_id: id,
          pinned_at: now.toISOString(),
        },
        ...(previous
          ? {
              ConditionExpression: 'comment_id = :previous',
              ExpressionAttributeValues: { ':previous': previous },
            }
          : { ConditionExpression: 'attribute_not_exists(PK)' }),
      },
    },
    {
      Update: {
        TableName: tableName,
        Key: commentKeys.item(id),
        UpdateExpression: 'SET pinned = :true',
        ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(deleted_at)',
        ExpressionAttributeValues: { ':true': true },
      },
    },
    ...(previous
      ? [
          {
            Update: {
              TableName: tableName,
              Key: commentKeys.item(previous),
              UpdateExpression: 'REMOVE pinned',
              ConditionExpression: 'attribute_exists(PK)',
            },
          },
        ]
      : []),
    {
      Put: {
        TableName: tableName,
        Item: notificationEventItem(
          {
            kind: 'team_answer',
            subject: { type: subject.type, id: subject.id, title: subject.title },
            actorId: admin.id,
            details: { comment_id: id },
          },
          now,
        ),
      },
    },
  ];
  try {
    await transact(items);
  } catch (error) {
    if ((cancellationCodes(error) ?? []).includes('ConditionalCheckFailed')) {
      throw new AppError(409, 'CONFLICT');
    }
    throw error;
  }
  return commentView({ ...comment, pinned: true });
}

/** Unpins the subject's Team answer (admins); unpinning a comment that is not pinned is a no-op. */
export async function unpinComment(id: string, subject: CommentSubject): Promise<Comment> {
  const comment = await liveComment(id);
  if (!comment.pinned) return commentView(comment);
  try {
    await transact([
      {
        Delete: {
          TableName: tableName,
          Key: commentKeys.pinned(subject.type, subject.id),
          ConditionExpression: 'comment_id = :id',
          ExpressionAttributeValues: { ':id': id },
        },
      },
      {
        Update: {
          TableName: tableName,
          Key: commentKeys.item(id),
          UpdateExpression: 'REMOVE pinned',
          ConditionExpression: 'attribute_exists(PK)',
        },
      },
    ]);
  } catch (error) {
    if ((cancellationCodes(error) ?? []).includes('ConditionalCheckFailed')) {
      throw new AppError(409, 'CONFLICT');
    }
    throw error;
  }
  return commentView({ ...comment, pinned: false });
}
