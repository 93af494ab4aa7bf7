import type { Comment, CommentReply } from '@hatchworks/shared/schemas/comments';
import { DELETED_COMMENT_TEXT } from '@hatchworks/shared/schemas/comments';
import type { User } from '@hatchworks/shared/schemas/users';
import { commentTime } from '../utils/comment-text';
import { CommentComposer } from './comment-composer';
import { CommentText } from './comment-text';

export interface CommentActions {
  readonly onReply: (comment: Comment) => void;
  readonly onEdit: (comment: CommentReply) => void;
  readonly onDelete: (comment: CommentReply) => void;
  readonly onPin: (comment: CommentReply, pin: boolean) => void;
  readonly saveEdit: (comment: CommentReply, body: string) => Promise<unknown>;
  readonly cancelEdit: (comment: CommentReply) => void;
  readonly editFallback: string;
}

interface CommentItemProps {
  comment: CommentReply;
  viewer: User | null;
  /** Whether it is being edited (the composer replaces the text). */
  editing: boolean;
  actions: CommentActions;
  /** Top-level comments only: offers Reply and Pin. */
  thread?: Comment;
  /** Shown first as the studio's Team answer. */
  team?: boolean;
  now: number;
}

/** The id of a comment's action button, for focus after an action. */
export const commentButtonId = (commentId: string, action: string) =>
  `comment-${commentId}-${action}`;

/** One comment: author, time, 'edited', the text (or "[deleted]") and what the viewer may do. */
export function CommentItem({
  comment,
  viewer,
  editing,
  actions,
  thread,
  team = false,
  now,
}: CommentItemProps) {
  const own = viewer !== null && comment.author?.id === viewer.id;
  const admin = viewer?.role === 'admin';
  const inWindow = now < new Date(comment.editable_until).getTime();
  // The Team answer is the team's: its author edits it only as an admin (the server holds it so).
  const canEdit = !comment.deleted && own && inWindow && (!comment.pinned || admin);
  const canDelete = !comment.deleted && ((own && inWindow) || admin);
  const headingLabel = comment.deleted
    ? 'Deleted comment'
    : `Comment by ${comment.author?.name ?? 'Deleted user'}`;

  return (
    <article
      className={`comment${team ? ' comment--team' : ''}${comment.deleted ? ' comment--deleted' : ''}`}
      aria-label={team ? `Team answer by ${comment.author?.name ?? ''}` : headingLabel}
    >
      <header className="comment__header">
        {team ? (
          <span className="comment__team-badge">
            <svg
              viewBox="0 0 24 24"
              width="0.9em"
              height="0.9em"
              aria-hidden="true"
              focusable="false"
              className="icon"
            >
              <path
                d="M12 2 15 8l6.5 1-4.7 4.6 1.1 6.4L12 17l-5.9 3 1.1-6.4L2.5 9 9 8z"
                fill="currentColor"
              />
            </svg>
            Team answer
          </span>
        ) : null}
        <span className="comment__author">
          {comment.deleted ? DELETED_COMMENT_TEXT : (comment.author?.name ?? 'Deleted user')}
        </span>
        <time className="comment__time" dateTime={comment.created_at}>
          {commentTime(comment.created_at)}
        </time>
        {comment.edited_at && !comment.deleted ? (
          <span className="comment__edited" title={`Edited ${commentTime(comment.edited_at)}`}>
            edited
          </span>
        ) : null}
      </header>
      {editing ? (
        <CommentComposer
          label="Edit your comment"
          submitLabel="Save"
          initial={comment.body}
          focusOnMount
          fallbackError={actions.editFallback}
          onSubmit={(body) => actions.saveEdit(comment, body)}
          onCancel={() => actions.cancelEdit(comment)}
        />
      ) : comment.deleted ? (
        <p className="comment__body comment__body--deleted">{DELETED_COMMENT_TEXT}</p>
      ) : (
        <CommentText text={comment.body} />
      )}
      {!editing ? (
        <div className="comment__actions">
          {thread && viewer && !comment.deleted ? (
            <button
              type="button"
              id={commentButtonId(comment.id, 'reply')}
              className="comment__action"
              onClick={() => actions.onReply(thread)}
            >
              Reply
            </button>
          ) : null}
          {canEdit ? (
            <button
              type="button"
              id={commentButtonId(comment.id, 'edit')}
              className="comment__action"
              onClick={() => actions.onEdit(comment)}
            >
              Edit
            </button>
          ) : null}
          {canDelete ? (
            <button
              type="button"
              className="comment__action comment__action--danger"
              onClick={() => actions.onDelete(comment)}
            >
              Delete
            </button>
          ) : null}
          {thread && admin && !comment.deleted ? (
            <button
              type="button"
              className="comment__action"
              aria-pressed={comment.pinned}
              onClick={() => actions.onPin(comment, !comment.pinned)}
            >
              {comment.pinned ? 'Unpin Team answer' : 'Pin as Team answer'}
            </button>
          ) : null}
        </div>
      ) : null}
    </article>
  );
}
