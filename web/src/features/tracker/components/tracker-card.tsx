import { useId, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { UseQueryResult } from '@tanstack/react-query';
import type {
  TrackerStatus,
  VoteDirection,
  VoteTargetType,
} from '@hatchworks/shared/schemas/tracker';
import { Badge } from '../../../components/ui/badge';
import { CardMeta } from '../../../components/ui/card-meta';
import { CommentCount } from '../../../components/ui/comment-count';
import type { StatusSubjectType } from '../api/change-status';
import { TRACKER_STATUS_TONES } from '../utils/request-labels';
import { StatusControl } from './status-control';
import { StatusNote } from './status-note';
import { VoteButtons } from './vote-buttons';
import './tracker-card.css';

/** What a tracker item's own page needs of its kind: its query, its title and its card. */
export interface TrackerPageKind<Item> {
  /** Which records it merges with: requests into requests, suggestions into suggestions. */
  readonly mergeType: VoteTargetType;
  readonly useItem: (id: string) => UseQueryResult<Item>;
  readonly title: (item: Item) => string;
  /** The card with its h1. */
  readonly card: (item: Item) => ReactNode;
}

/** What the card needs of a request or suggestion. */
interface TrackerCardItem {
  readonly id: string;
  readonly votes: number;
  readonly my_vote: VoteDirection | null;
  readonly status?: TrackerStatus | undefined;
  readonly status_note?: string | undefined;
  readonly merged_into?: unknown;
  readonly comment_count: number;
}

/** How one kind of tracker record shows as a card. */
export interface TrackerCardKind {
  /** The card's own class beside 'tracker-card', e.g. 'request-card'; its parts get theirs too. */
  readonly className: string;
  /** The heading's class, e.g. 'request-card__title'. */
  readonly titleClassName: string;
  /** What its votes are on. */
  readonly voteType: VoteTargetType;
  /** Whose status the admin's control changes. */
  readonly statusType: StatusSubjectType;
  /** The item's own page. */
  readonly href: (id: string) => string;
}

interface TrackerCardProps {
  kind: TrackerCardKind;
  item: TrackerCardItem;
  /** The heading, which names the card and its vote buttons. */
  title: string;
  /** On the item's own page: its title is the page's h1 and links nowhere. */
  onOwnPage: boolean;
  /** The meta line's entries before the comment count: status, project, date and the like. */
  meta: ReactNode;
  /** The rest of the card under the meta line: the text, the tags. */
  children: ReactNode;
}

/** The status badge in a card's meta line. */
export function TrackerStatusItem({ status }: { status: TrackerStatus }) {
  return (
    <li className="card-meta__status">
      <Badge tone={TRACKER_STATUS_TONES[status]}>
        <span className="visually-hidden">Status: </span>
        {status}
      </Badge>
    </li>
  );
}

/**
 * A tracker card: the vote buttons beside the body, which starts with the heading that names the
 * card, on the full width (nothing sits beside it); the meta line with the comment count last; the
 * kind's text; the admin's last status note and, unless merged, the status control. A merged
 * record takes no votes: its count is shown without the buttons. User text is shown as text,
 * never as markup.
 */
export function TrackerCard({ kind, item, title, onOwnPage, meta, children }: TrackerCardProps) {
  const titleId = useId();
  const readOnly = Boolean(item.merged_into);
  const Heading = onOwnPage ? 'h1' : 'h3';
  const href = onOwnPage ? undefined : kind.href(item.id);
  return (
    <article className={`tracker-card ${kind.className}`} aria-labelledby={titleId}>
      {readOnly ? (
        <div className="vote-buttons">
          <div className="vote-buttons__controls">
            <output className="vote-buttons__count">
              {item.votes}
              <span className="visually-hidden">
                {Math.abs(item.votes) === 1 ? ' vote' : ' votes'}
              </span>
            </output>
          </div>
        </div>
      ) : (
        <VoteButtons
          targetType={kind.voteType}
          targetId={item.id}
          votes={item.votes}
          myVote={item.my_vote}
          label={title}
        />
      )}
      <div className={`tracker-card__body ${kind.className}__body`}>
        <Heading id={titleId} className={`tracker-card__title ${kind.titleClassName}`}>
          {href ? (
            <Link to={href} className="tracker-card__title-link">
              {title}
            </Link>
          ) : (
            title
          )}
        </Heading>
        <CardMeta>
          {meta}
          <li className={`${kind.className}__comments`}>
            <CommentCount count={item.comment_count} href={kind.href(item.id)} />
          </li>
        </CardMeta>
        {children}
        <StatusNote status={item.status} note={item.status_note} />
        {readOnly ? null : (
          <StatusControl subjectType={kind.statusType} id={item.id} status={item.status} />
        )}
      </div>
    </article>
  );
}
