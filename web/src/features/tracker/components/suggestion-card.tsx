import type { ProjectSuggestion } from '@hatchworks/shared/schemas/tracker';
import { detailHref } from '../../../config/paths';
import { formatDate } from '../../../lib/format';
import { useProjectSuggestion } from '../api/get-item';
import {
  TrackerCard,
  TrackerStatusItem,
  type TrackerCardKind,
  type TrackerPageKind,
} from './tracker-card';
import './suggestion-card.css';

const SUGGESTION_CARD: TrackerCardKind = {
  className: 'suggestion-card',
  titleClassName: 'suggestion-card__name',
  voteType: 'project_suggestion',
  statusType: 'tracker_suggestion',
  href: detailHref.trackerSuggestion,
};

/**
 * A project suggestion: the name, then one line with the suggested group and the date, the
 * description and the rationale; the votes with working up and down buttons sit beside it.
 */
export function SuggestionCard({
  suggestion,
  onOwnPage = false,
}: {
  suggestion: ProjectSuggestion;
  /** On the suggestion's own page: its name is the page's h1 and links nowhere. */
  onOwnPage?: boolean;
}) {
  return (
    <TrackerCard
      kind={SUGGESTION_CARD}
      item={suggestion}
      title={suggestion.name}
      onOwnPage={onOwnPage}
      meta={
        <>
          {/* Every suggestion is open until an admin moves it: only a moved one shows its status. */}
          {suggestion.status && suggestion.status !== 'Open' ? (
            <TrackerStatusItem status={suggestion.status} />
          ) : null}
          <li className="suggestion-card__group">
            <span className="visually-hidden">Suggested group: </span>
            {suggestion.suggested_group}
          </li>
          <li>
            Suggested on{' '}
            <time dateTime={suggestion.created_at}>{formatDate(suggestion.created_at)}</time>
          </li>
        </>
      }
    >
      <p className="suggestion-card__description">{suggestion.description}</p>
      <div className="suggestion-card__rationale">
        <h4 className="suggestion-card__rationale-title">Why build it</h4>
        <p>{suggestion.rationale}</p>
      </div>
    </TrackerCard>
  );
}

/** A project suggestion's own page. */
export const SUGGESTION_PAGE: TrackerPageKind<ProjectSuggestion> = {
  mergeType: 'project_suggestion',
  useItem: useProjectSuggestion,
  title: (suggestion) => suggestion.name,
  card: (suggestion) => <SuggestionCard suggestion={suggestion} onOwnPage />,
};
