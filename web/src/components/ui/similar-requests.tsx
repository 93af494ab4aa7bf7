import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { subjectPath, type SubjectType } from '@hatchworks/shared/schemas/subjects';
import { EggIcon } from './icons';
import { Spinner } from './spinner';
import { formErrorMessage } from '../../lib/api-error';
import { formatCount } from '../../lib/format';
import { SIMILAR_FAILED, useSimilarRequests, type SimilarItem } from '../../lib/api/get-similar';
import './similar-requests.css';

interface SimilarRequestsProps {
  /** Which kind of request is being written; only that kind is suggested. */
  type: SubjectType;
  /** The title (or name) typed so far. */
  title: string;
  /** The badge of an item's status, in the words of its own list. */
  renderStatus: (item: SimilarItem) => ReactNode;
  /** Whether 'Vote on this instead' is offered for an item (e.g. features: approved only). */
  canVote: (item: SimilarItem) => boolean;
  /** 'Vote on this instead': closes the form and votes (or opens the vote dialog). */
  onVoteInstead: (item: SimilarItem) => Promise<void>;
  /** The message of a refused vote when the failure carries none. */
  voteFallback: string;
}

const plural = (count: number, one: string, many = `${one}s`) =>
  `${formatCount(count)} ${count === 1 ? one : many}`;

/** What a similar request has gathered: its eggs and votes (features) or its votes (tracker). */
function Tally({ item }: { item: SimilarItem }) {
  if (item.total_eggs !== undefined) {
    return (
      <span className="similar__tally">
        <span className="similar__eggs">
          <EggIcon /> {plural(item.total_eggs, 'egg')}
        </span>
        {item.vote_count !== undefined ? <span>{plural(item.vote_count, 'vote')}</span> : null}
      </span>
    );
  }
  return <span className="similar__tally">{plural(item.votes ?? 0, 'vote')}</span>;
}

/** The line read out when the list changes: how many were found. */
function announcement(shown: boolean, pending: boolean, failed: boolean, count: number): string {
  if (!shown || pending) return '';
  if (failed) return SIMILAR_FAILED;
  if (count === 0) return 'No similar requests found.';
  return `${plural(count, 'similar request')} found. Vote on one instead of asking again?`;
}

/**
 * 'Similar requests' under the title of a submit form: once 3 characters are typed and
 * the typing pauses, up to five existing requests like it, each with its eggs and votes (or votes),
 * its status, a link to its page and 'Vote on this instead'. The count is announced politely;
 * a failed look-up is only a quiet note, the form works on.
 */
export function SimilarRequests({
  type,
  title,
  renderStatus,
  canVote,
  onVoteInstead,
  voteFallback,
}: SimilarRequestsProps) {
  const headingId = useId();
  const { query, shown, settled } = useSimilarRequests(type, title);
  const [voting, setVoting] = useState<string | null>(null);
  const [voteError, setVoteError] = useState<string | null>(null);
  const items = query.data ?? [];
  const pending = !settled || query.isPending || (query.isPlaceholderData && query.isFetching);
  const failed = query.isError;
  const status = announcement(shown, pending, failed, items.length);

  const vote = async (item: SimilarItem) => {
    if (voting) return;
    setVoting(item.id);
    setVoteError(null);
    try {
      await onVoteInstead(item);
    } catch (error) {
      setVoteError(formErrorMessage(error, voteFallback));
    } finally {
      setVoting(null);
    }
  };

  return (
    <section
      className={`similar${shown ? '' : ' similar--idle'}`}
      aria-labelledby={shown ? headingId : undefined}
      aria-busy={shown && pending}
    >
      {shown ? (
        <h3 id={headingId} className="similar__title">
          Similar requests
          {pending ? <Spinner size="sm" /> : null}
        </h3>
      ) : null}
      {/* Present from the start, so each new count is read out. */}
      <p className={shown ? 'similar__status' : 'visually-hidden'} role="status">
        {shown && pending && items.length === 0 ? 'Looking for similar requests...' : status}
      </p>
      {shown && !failed && items.length > 0 ? (
        <ul className="similar__list" aria-labelledby={headingId}>
          {items.map((item) => (
            <li key={`${item.type}:${item.id}`} className="similar__item">
              <div className="similar__main">
                <Link className="similar__link" to={subjectPath(item.type, item.id)}>
                  {item.title}
                </Link>
                <div className="similar__meta">
                  {renderStatus(item)}
                  <Tally item={item} />
                  {item.project ? (
                    <span className="similar__project">{item.project.title}</span>
                  ) : null}
                </div>
              </div>
              {canVote(item) ? (
                <button
                  type="button"
                  className="button button--secondary button--sm similar__vote"
                  aria-disabled={voting !== null || undefined}
                  onClick={() => void vote(item)}
                >
                  {voting === item.id ? 'Voting...' : 'Vote on this instead'}
                  <span className="visually-hidden">: {item.title}</span>
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {voteError ? (
        <p className="form-error similar__error" role="alert">
          {voteError}
        </p>
      ) : null}
    </section>
  );
}
