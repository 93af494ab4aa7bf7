import { useId, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { UseQueryResult } from '@tanstack/react-query';
import type { VoteDirection, VoteTargetType } from '@hatchworks/shared/schemas/tracker';
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

interface TrackerCardProps {
  /** The card's own class beside 'tracker-card', e.g. 'request-card'; its parts get theirs too. */
  className: string;
  /** What the votes are on, and the counts as the list answered them. */
  target: { type: VoteTargetType; id: string; votes: number; myVote: VoteDirection | null };
  /** The heading, which names the card and its vote buttons. */
  title: string;
  /** The heading's class, e.g. 'request-card__title'. */
  titleClassName: string;
  /** The rest of the card under the heading: the meta line, the text, the tags last. */
  children: ReactNode;
  /** The item's own page, which the title links to (issue 12); absent on that page itself. */
  href?: string;
  /** h3 in lists; the item's own page makes it its h1. */
  headingLevel?: 'h1' | 'h3';
  /** Issue 13: a merged record takes no votes: its count is shown without the buttons. */
  readOnly?: boolean;
}

/**
 * The frame of a tracker card (spec 2): the vote buttons beside the body, which starts with the
 * heading that names the card, on the full width (nothing sits beside it). User text is shown as
 * text, never as markup.
 */
export function TrackerCard({
  className,
  target,
  title,
  titleClassName,
  children,
  href,
  headingLevel: Heading = 'h3',
  readOnly = false,
}: TrackerCardProps) {
  const titleId = useId();
  return (
    <article className={`tracker-card ${className}`} aria-labelledby={titleId}>
      {readOnly ? (
        <div className="vote-buttons">
          <div className="vote-buttons__controls">
            <output className="vote-buttons__count">
              {target.votes}
              <span className="visually-hidden">
                {Math.abs(target.votes) === 1 ? ' vote' : ' votes'}
              </span>
            </output>
          </div>
        </div>
      ) : (
        <VoteButtons
          targetType={target.type}
          targetId={target.id}
          votes={target.votes}
          myVote={target.myVote}
          label={title}
        />
      )}
      <div className={`tracker-card__body ${className}__body`}>
        <Heading id={titleId} className={`tracker-card__title ${titleClassName}`}>
          {href ? (
            <Link to={href} className="tracker-card__title-link">
              {title}
            </Link>
          ) : (
            title
          )}
        </Heading>
        {children}
      </div>
    </article>
  );
}
