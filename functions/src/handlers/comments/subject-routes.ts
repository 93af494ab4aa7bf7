import {
  COMMENT_MESSAGES,
  COMMENT_RATE_LIMITS,
  type Comment,
  type CommentList,
} from '@hatchworks/shared/schemas/comments';
import type { SubjectType } from '@hatchworks/shared/schemas/subjects';
import { findCommentSubject, type CommentSubject } from '../../modules/comments/comment-subjects';
import { addComment, getComment, listComments } from '../../modules/comments/comments-repository';
import { consumeHit } from '../../modules/rate-limits/rate-limits-repository';
import { MERGE_MESSAGES } from '@hatchworks/shared/schemas/merge';
import { ConflictError, NotFoundError, RateLimitedError } from '../../lib/errors';
import { authHandler } from '../../http/auth-handler';
import { created, page, type HandlerResult } from '../../http/response';
import type * as contracts from '@hatchworks/shared/contracts/comments';

type ListRoute =
  | typeof contracts.listFeatureComments
  | typeof contracts.listTrackerRequestComments
  | typeof contracts.listProjectSuggestionComments;

type CreateRoute =
  | typeof contracts.createFeatureComment
  | typeof contracts.createTrackerRequestComment
  | typeof contracts.createProjectSuggestionComment;

/** `GET …/{id}/comments` of one subject type: public, but a hidden feature hides its comments. */
export const listCommentsHandler = (type: SubjectType, route: ListRoute) =>
  authHandler({
    route,
    handler: async ({ params, query, caller }): Promise<HandlerResult<CommentList>> => {
      // Only a feature's visibility depends on who asks; tracker subjects skip the token lookup.
      const viewer = type === 'feature' ? (await caller()).user : undefined;
      const subject = await findCommentSubject(type, params.id, viewer);
      if (!subject) throw new NotFoundError();
      const result = await listComments(subject, query.order, query.limit, query.cursor);
      return page(result.list, result.nextCursor);
    },
  });

/**
 * Counts one new comment against the author's minute and day windows; a full one answers 429
 * with Retry-After.
 */
async function limitComments(userId: string): Promise<void> {
  const wait = await consumeHit([
    { key: `comments-minute#user#${userId}`, limit: COMMENT_RATE_LIMITS.perMinute, seconds: 60 },
    { key: `comments-day#user#${userId}`, limit: COMMENT_RATE_LIMITS.perDay, seconds: 86_400 },
  ]);
  if (wait > 0) throw new RateLimitedError(COMMENT_MESSAGES.tooManyComments(wait), wait);
}

/** `POST …/{id}/comments` of one subject type: signed-in users (the route is `user`). */
export const createCommentHandler = (type: SubjectType, route: CreateRoute) =>
  authHandler({
    route,
    handler: async ({ params, body: input, user }): Promise<HandlerResult<Comment>> => {
      const author = await user();
      const subject = await findCommentSubject(type, params.id, author);
      if (!subject) throw new NotFoundError();
      if (subject.readOnly) throw new ConflictError(MERGE_MESSAGES.commentsClosed);
      await limitComments(author.id);
      return created(
        await addComment(subject, author, { body: input.body, parentId: input.parent_id }),
      );
    },
  });

/** A live comment and the subject it is on, or 404. */
export async function commentWithSubject(id: string): Promise<{ subject: CommentSubject }> {
  const comment = await getComment(id);
  if (!comment || comment.deleted_at !== undefined) throw new NotFoundError();
  const subject = await findCommentSubject(comment.subject_type, comment.subject_id, 'anyone');
  if (!subject) throw new NotFoundError();
  return { subject };
}
