import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { DocumentTitle } from '../../../components/ui/document-title';
import { AlertIcon, SearchIcon } from '../../../components/ui/icons';
import { LoadingState } from '../../../components/ui/spinner';
import { StatusPanel } from '../../../components/ui/status-panel';
import { ApiError, formErrorMessage } from '../../../lib/api-error';
import type { CommentSubjectRef } from '../api/comments';
import { CommentsSection } from './comments-section';

interface SubjectPageProps {
  /** What the page is about, e.g. 'Feature request' (loading and not-found texts). */
  noun: string;
  /** Where 'Back to …' leads, and its text. */
  back: { readonly href: string; readonly label: string };
  subject: CommentSubjectRef;
  /** The subject's query: pending, failed (404 or other) or its title once loaded. */
  state:
    | { readonly kind: 'loading' }
    | { readonly kind: 'error'; readonly error: unknown; readonly retry: () => void }
    | { readonly kind: 'ready'; readonly title: string };
  /** The subject's card (same fields as in the lists), with its h1. */
  children?: ReactNode;
  /** Why its discussion is read-only (a merged request); open when absent. */
  commentsClosed?: string;
  /** Shown under the discussion (the comments of requests merged into this one). */
  afterComments?: ReactNode;
}

/**
 * The page of one feature request, tracker request or suggestion: the subject's card,
 * then its discussion; loading, not-found (404) and error states.
 */
export function SubjectPage({
  noun,
  back,
  subject,
  state,
  children,
  commentsClosed,
  afterComments,
}: SubjectPageProps) {
  const backLink = (
    <Link to={back.href} className="subject-page__back">
      ← {back.label}
    </Link>
  );
  if (state.kind === 'loading') {
    return (
      <div className="container page subject-page">
        <DocumentTitle title={noun} />
        <LoadingState label={`Loading ${noun.toLowerCase()}...`} />
      </div>
    );
  }
  if (state.kind === 'error') {
    const notFound = state.error instanceof ApiError && state.error.status === 404;
    return (
      <div className="container page subject-page">
        <DocumentTitle title={notFound ? `${noun} not found` : `${noun} unavailable`} />
        <StatusPanel
          eyebrow={notFound ? '404' : 'Error'}
          title={notFound ? `${noun} not found` : `Could not load this ${noun.toLowerCase()}`}
          icon={notFound ? <SearchIcon /> : <AlertIcon />}
          tone={notFound ? 'neutral' : 'danger'}
          actions={
            <>
              {notFound ? null : (
                <button type="button" className="button button--primary" onClick={state.retry}>
                  Try again
                </button>
              )}
              <Link to={back.href} className="button button--secondary">
                {back.label}
              </Link>
            </>
          }
        >
          <p>
            {notFound
              ? `This ${noun.toLowerCase()} does not exist, or you may not see it.`
              : formErrorMessage(state.error, `Failed to load this ${noun.toLowerCase()}`)}
          </p>
        </StatusPanel>
      </div>
    );
  }
  return (
    <div className="container page subject-page">
      <DocumentTitle title={state.title} />
      <nav aria-label="Breadcrumb" className="subject-page__nav">
        {backLink}
      </nav>
      {children}
      <div id="comments">
        <CommentsSection subject={subject} closed={commentsClosed} />
      </div>
      {afterComments}
    </div>
  );
}
