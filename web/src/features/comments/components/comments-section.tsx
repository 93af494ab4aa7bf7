import { useEffect, useId, useRef, useState } from 'react';
import type { Comment, CommentOrder, CommentReply } from '@hatchworks/shared/schemas/comments';
import { Modal } from '../../../components/ui/modal';
import { LoadingState } from '../../../components/ui/spinner';
import { useToast } from '../../../components/ui/toast';
import { formErrorMessage } from '../../../lib/api-error';
import { useSession } from '../../../lib/session';
import {
  useComments,
  useCreateComment,
  useDeleteComment,
  useEditComment,
  usePinComment,
  type CommentSubjectRef,
} from '../api/comments';
import { COMMENT_FALLBACKS } from '../utils/comment-text';
import { CommentComposer } from './comment-composer';
import { CommentItem, commentButtonId, type CommentActions } from './comment-item';
import './comments-section.css';

const ORDER_LABELS: Record<CommentOrder, string> = {
  newest: 'Newest activity',
  oldest: 'Oldest first',
};

/** Re-renders every 30 s, so Edit and Delete disappear when the 15-minute window ends. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 30_000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

/**
 * The discussion of a feature request, tracker request or suggestion: the pinned Team
 * answer first, then the threads (replies indented) in the chosen order, a composer for signed-in
 * users and a sign-in prompt for everyone else. Every action is announced in a live region.
 */
export function CommentsSection({
  subject,
  title = 'Comments',
  closed,
}: {
  subject: CommentSubjectRef;
  /** The section's heading (e.g. 'Comments merged from …'). */
  title?: string;
  /** Why the discussion is read-only (a merged request): no composer, no actions. */
  closed?: string;
}) {
  const session = useSession();
  const viewer = closed === undefined ? session.user : null;
  const [order, setOrder] = useState<CommentOrder>('newest');
  const comments = useComments(subject, order);
  const create = useCreateComment(subject);
  const edit = useEditComment(subject);
  const remove = useDeleteComment(subject);
  const pin = usePinComment(subject);
  const [replyTo, setReplyTo] = useState<Comment | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<CommentReply | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  const now = useNow();

  const toast = useToast();
  // Every write answers with a toast naming what happened; a refused post stays at its field.
  const announce = (text: string) => {
    setActionError(null);
    toast({ message: text });
  };
  const focusLater = (id: string | null) =>
    window.setTimeout(() => {
      const target = id ? document.getElementById(id) : null;
      (target ?? headingRef.current)?.focus();
    }, 0);

  const pages = comments.data?.pages ?? [];
  const first = pages[0];
  const pinned = first?.pinned ?? null;
  const threads = pages.flatMap((page) => page.comments).filter((each) => each.id !== pinned?.id);
  const count = first?.comment_count ?? 0;

  const actions: CommentActions = {
    onReply: (thread) => {
      setEditing(null);
      setReplyTo(thread);
    },
    onEdit: (comment) => {
      setReplyTo(null);
      setEditing(comment.id);
    },
    onDelete: (comment) => {
      remove.reset();
      setDeleting(comment);
    },
    onPin: (comment, on) => {
      pin.mutate(
        { id: comment.id, pin: on },
        {
          onSuccess: () => {
            announce(on ? 'Pinned as the Team answer' : 'Team answer unpinned');
            focusLater(null);
          },
          onError: (error) => setActionError(formErrorMessage(error, COMMENT_FALLBACKS.pin)),
        },
      );
    },
    saveEdit: async (comment, body) => {
      await edit.mutateAsync({ id: comment.id, body });
      setEditing(null);
      announce('Comment saved');
      focusLater(commentButtonId(comment.id, 'edit'));
    },
    cancelEdit: (comment) => {
      setEditing(null);
      focusLater(commentButtonId(comment.id, 'edit'));
    },
    editFallback: COMMENT_FALLBACKS.edit,
  };

  const renderThread = (thread: Comment, team = false) => (
    <li key={thread.id} className="comments__thread">
      <CommentItem
        comment={thread}
        thread={thread}
        viewer={viewer}
        editing={editing === thread.id}
        actions={actions}
        team={team}
        now={now}
      />
      {thread.replies.length > 0 || replyTo?.id === thread.id ? (
        <ul
          className="comments__replies"
          aria-label={`Replies to ${thread.author?.name ?? 'a deleted comment'}`}
        >
          {thread.replies.map((reply) => (
            <li key={reply.id}>
              <CommentItem
                comment={reply}
                viewer={viewer}
                editing={editing === reply.id}
                actions={actions}
                now={now}
              />
            </li>
          ))}
          {replyTo?.id === thread.id ? (
            <li>
              <CommentComposer
                label={`Reply to ${thread.author?.name ?? 'this comment'}`}
                submitLabel="Post reply"
                focusOnMount
                fallbackError={COMMENT_FALLBACKS.post}
                onSubmit={async (body) => {
                  await create.mutateAsync({ body, parent_id: thread.id });
                  setReplyTo(null);
                  announce(`Reply posted to ${thread.author?.name ?? 'the comment'}`);
                  focusLater(commentButtonId(thread.id, 'reply'));
                }}
                onCancel={() => {
                  setReplyTo(null);
                  focusLater(commentButtonId(thread.id, 'reply'));
                }}
              />
            </li>
          ) : null}
        </ul>
      ) : null}
    </li>
  );

  return (
    <section className="comments" aria-labelledby={headingId}>
      <div className="comments__header">
        <h2 id={headingId} className="comments__title" ref={headingRef} tabIndex={-1}>
          {title}
          {first ? <span className="comments__count"> ({count})</span> : null}
        </h2>
        <div className="comments__order" role="group" aria-label="Order of comments">
          {(Object.keys(ORDER_LABELS) as CommentOrder[]).map((each) => (
            <button
              key={each}
              type="button"
              className="comments__order-button"
              aria-pressed={order === each}
              onClick={() => setOrder(each)}
            >
              {ORDER_LABELS[each]}
            </button>
          ))}
        </div>
      </div>

      {actionError ? (
        <p className="form-error" role="alert">
          {actionError}
        </p>
      ) : null}

      {closed !== undefined ? (
        <p className="comments__closed">{closed}</p>
      ) : session.status === 'signed_in' ? (
        <CommentComposer
          label="Add a comment"
          submitLabel="Post comment"
          fallbackError={COMMENT_FALLBACKS.post}
          onSubmit={async (body) => {
            await create.mutateAsync({ body });
            announce('Comment posted');
          }}
        />
      ) : session.status === 'signed_out' ? (
        <div className="comments__sign-in">
          <p>Sign in to join the discussion.</p>
          <button
            type="button"
            className="button button--primary button--sm"
            onClick={() => void session.login()}
            disabled={!session.signInAvailable}
          >
            Login to comment
          </button>
        </div>
      ) : null}

      {comments.isPending ? (
        <LoadingState label="Loading comments..." />
      ) : comments.isError ? (
        <div className="comments__error" role="alert">
          <p>{formErrorMessage(comments.error, COMMENT_FALLBACKS.load)}</p>
          <button
            type="button"
            className="button button--secondary button--sm"
            onClick={() => void comments.refetch()}
          >
            Try again
          </button>
        </div>
      ) : !pinned && threads.length === 0 ? (
        <p className="comments__empty">No comments yet</p>
      ) : (
        <>
          <ul className="comments__list">
            {pinned ? renderThread(pinned, true) : null}
            {threads.map((thread) => renderThread(thread))}
          </ul>
          {comments.hasNextPage ? (
            <button
              type="button"
              className="button button--secondary button--sm comments__more"
              disabled={comments.isFetchingNextPage}
              onClick={() => void comments.fetchNextPage()}
            >
              {comments.isFetchingNextPage ? 'Loading...' : 'Load more comments'}
            </button>
          ) : null}
        </>
      )}

      {deleting ? (
        <Modal title="Delete comment" tone="danger" onClose={() => setDeleting(null)}>
          <p>Delete this comment? This cannot be undone.</p>
          {remove.error ? (
            <p className="form-error" role="alert">
              {formErrorMessage(remove.error, COMMENT_FALLBACKS.delete)}
            </p>
          ) : null}
          <div className="modal__actions">
            <button
              type="button"
              className="button button--secondary"
              onClick={() => setDeleting(null)}
            >
              Cancel
            </button>
            <button
              type="button"
              className="button button--danger"
              disabled={remove.isPending}
              onClick={() =>
                remove.mutate(deleting.id, {
                  onSuccess: () => {
                    setDeleting(null);
                    announce('Comment deleted');
                    focusLater(null);
                  },
                })
              }
            >
              {remove.isPending ? 'Deleting...' : 'Delete comment'}
            </button>
          </div>
        </Modal>
      ) : null}
    </section>
  );
}
