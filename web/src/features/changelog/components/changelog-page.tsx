import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import {
  changelogParagraphs,
  parseAnnounce,
  type ChangelogEntry,
} from '@hatchworks/shared/schemas/changelog';
import { subjectPath } from '@hatchworks/shared/schemas/subjects';
import { DocumentTitle } from '../../../components/ui/document-title';
import { LoadingState, Spinner } from '../../../components/ui/spinner';
import { useToast } from '../../../components/ui/toast';
import { paths } from '../../../config/paths';
import { formErrorMessage } from '../../../lib/api-error';
import { formatDate } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import {
  DELETE_FAILED,
  LOAD_CHANGELOG_FAILED,
  useChangelog,
  useDeleteEntry,
} from '../api/changelog';
import { PublishForm } from './publish-form';
import './changelog-page.css';

/** Where the feed is served (CloudFront and the local server send it to the API). */
export const CHANGELOG_FEED_HREF = '/changelog.xml';

/** The anchor of an entry on this page (the feed links to it too). */
export const entryAnchor = (id: string) => `entry-${id}`;

/** The Atom/RSS feed symbol: a dot and two arcs. */
function FeedIcon() {
  return (
    <svg
      className="icon"
      width="1em"
      height="1em"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      focusable="false"
      aria-hidden="true"
    >
      <path d="M4 11a9 9 0 0 1 9 9" />
      <path d="M4 4a16 16 0 0 1 16 16" />
      <circle cx="5" cy="19" r="1" />
    </svg>
  );
}

/** An admin's 'Delete' under an entry, asking once more before it deletes. */
function DeleteEntry({ entry, onDeleted }: { entry: ChangelogEntry; onDeleted: () => void }) {
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteEntry({ onSuccess: onDeleted });
  if (!confirming) {
    return (
      <div className="changelog-entry__admin">
        <button
          type="button"
          className="button button--sm button--danger-outline"
          onClick={() => setConfirming(true)}
          aria-label={`Delete "${entry.title}"`}
        >
          Delete
        </button>
      </div>
    );
  }
  return (
    <div className="changelog-entry__admin" role="group" aria-label={`Delete "${entry.title}"`}>
      <span>Delete this entry? Its followers were already told.</span>
      <button
        type="button"
        className="button button--sm button--danger"
        disabled={remove.isPending}
        onClick={() => remove.mutate(entry.id)}
      >
        {remove.isPending ? 'Deleting...' : 'Delete entry'}
      </button>
      <button
        type="button"
        className="button button--sm button--secondary"
        onClick={() => setConfirming(false)}
      >
        Keep
      </button>
      {remove.isError ? (
        <span className="form-error" role="alert">
          {formErrorMessage(remove.error, DELETE_FAILED)}
        </span>
      ) : null}
    </div>
  );
}

function EntryArticle({
  entry,
  admin,
  onDeleted,
}: {
  entry: ChangelogEntry;
  admin: boolean;
  onDeleted: (entry: ChangelogEntry) => void;
}) {
  const headingId = `${entryAnchor(entry.id)}-title`;
  return (
    <article
      id={entryAnchor(entry.id)}
      className="card changelog-entry"
      aria-labelledby={headingId}
    >
      <header className="changelog-entry__header">
        <h2 id={headingId} className="changelog-entry__title">
          <a href={`#${entryAnchor(entry.id)}`}>{entry.title}</a>
        </h2>
        <p className="changelog-entry__meta">
          <time dateTime={entry.created_at}>{formatDate(entry.created_at)}</time>
          {entry.project ? (
            <span className="changelog-entry__project">{entry.project.title}</span>
          ) : null}
        </p>
      </header>
      <div className="changelog-entry__body">
        {changelogParagraphs(entry.body).map((paragraph, index) => (
          <p key={index}>{paragraph}</p>
        ))}
      </div>
      {entry.closes.length > 0 ? (
        <div className="changelog-entry__closes">
          <span className="changelog-entry__closes-label">Closes:</span>
          <ul>
            {entry.closes.map((subject) => (
              <li key={`${subject.type}:${subject.id}`}>
                <Link to={subjectPath(subject.type, subject.id)}>{subject.title}</Link>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {admin ? <DeleteEntry entry={entry} onDeleted={() => onDeleted(entry)} /> : null}
    </article>
  );
}

/**
 * The changelog: entries newest first, a page at a time, the Atom feed's link, and for
 * admins the form that publishes an entry, opened with a request preselected by
 * `?announce=<type>:<id>` (the status control links here after marking a request completed).
 */
export function ChangelogPage() {
  const { user } = useSession();
  const isAdmin = user?.role === 'admin';
  const [params, setParams] = useSearchParams();
  const announce = parseAnnounce(params.get('announce'));
  const [formOpen, setFormOpen] = useState(false);
  const showToast = useToast();
  const list = useChangelog();
  const entries = list.data?.pages.flatMap((page) => page.entries) ?? [];
  const showForm = isAdmin && (formOpen || announce !== undefined);

  const closeForm = () => {
    setFormOpen(false);
    if (params.has('announce')) {
      const next = new URLSearchParams(params);
      next.delete('announce');
      setParams(next, { replace: true });
    }
  };

  return (
    <div className="container page changelog">
      <DocumentTitle title={paths.changelog.title} />
      <header className="changelog__intro">
        <p className="eyebrow">Releases</p>
        <h1>Changelog</h1>
        <p className="lede">What shipped, and the requests each release closes.</p>
        <div className="changelog__actions">
          <a className="button button--secondary changelog__feed" href={CHANGELOG_FEED_HREF}>
            <FeedIcon /> Atom feed
          </a>
          {isAdmin && !showForm ? (
            <button
              type="button"
              className="button button--primary"
              onClick={() => setFormOpen(true)}
            >
              Publish entry
            </button>
          ) : null}
        </div>
      </header>

      {showForm ? (
        <PublishForm
          key={announce ? `${announce.type}:${announce.id}` : 'new'}
          preselected={announce}
          onPublished={(entry) => {
            showToast({ message: `Published "${entry.title}".` });
            closeForm();
          }}
          onCancel={closeForm}
        />
      ) : null}

      <section className="changelog__entries" aria-label="Entries" aria-busy={list.isFetching}>
        {list.isPending ? <LoadingState label="Loading the changelog..." /> : null}
        {list.isError && !list.isFetchNextPageError ? (
          <div className="form-error changelog__error" role="alert">
            {formErrorMessage(list.error, LOAD_CHANGELOG_FAILED)}{' '}
            <button
              type="button"
              className="button button--sm button--secondary"
              onClick={() => void list.refetch()}
            >
              Try Again
            </button>
          </div>
        ) : null}
        {list.isSuccess && entries.length === 0 ? (
          <p className="card changelog__empty">No entries yet. Shipped work will show up here.</p>
        ) : null}
        {entries.length > 0 ? (
          <ol className="changelog__list">
            {entries.map((entry) => (
              <li key={entry.id}>
                <EntryArticle
                  entry={entry}
                  admin={isAdmin}
                  onDeleted={(deleted) => showToast({ message: `Deleted "${deleted.title}".` })}
                />
              </li>
            ))}
          </ol>
        ) : null}
        {list.isFetchNextPageError ? (
          <p className="form-error" role="alert">
            {formErrorMessage(list.error, LOAD_CHANGELOG_FAILED)}
          </p>
        ) : null}
        {list.hasNextPage ? (
          <div className="changelog__more">
            <button
              type="button"
              className="button button--secondary"
              onClick={() => void list.fetchNextPage()}
              disabled={list.isFetchingNextPage}
            >
              {list.isFetchingNextPage ? (
                <>
                  <Spinner size="sm" /> Loading...
                </>
              ) : (
                'Load more'
              )}
            </button>
          </div>
        ) : null}
      </section>
    </div>
  );
}
