import type { ProjectSuggestion } from '@hatchworks/shared/schemas/tracker';
import { Badge } from '../../../components/ui/badge';
import { CardMeta } from '../../../components/ui/card-meta';
import { CommentCount } from '../../../components/ui/comment-count';
import { detailHref } from '../../../config/paths';
import { formatDate } from '../../../lib/format';
import { TRACKER_STATUS_TONES } from '../utils/request-labels';
import { StatusControl } from './status-control';
import { StatusNote } from './status-note';
import { useProjectSuggestion } from '../api/get-item';
import { TrackerCard, type TrackerPageKind } from './tracker-card';
import './suggestion-card.css';

/**
 * A project suggestion (spec 2): the name, then one line with the suggested group and the date,
 * the description and the rationale; the votes with working up and down buttons sit beside it.
 * User text is shown as text, never as markup.
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
      className="suggestion-card"
      readOnly={Boolean(suggestion.merged_into)}
      target={{
        type: 'project_suggestion',
        id: suggestion.id,
        votes: suggestion.votes,
        myVote: suggestion.my_vote,
      }}
      title={suggestion.name}
      titleClassName="suggestion-card__name"
      {...(onOwnPage
        ? { headingLevel: 'h1' as const }
        : { href: detailHref.trackerSuggestion(suggestion.id) })}
    >
      <CardMeta>
        {/* Every suggestion is open until an admin moves it: only a moved one shows its status. */}
        {suggestion.status && suggestion.status !== 'Open' ? (
          <li className="card-meta__status">
            <Badge tone={TRACKER_STATUS_TONES[suggestion.status]}>
              <span className="visually-hidden">Status: </span>
              {suggestion.status}
            </Badge>
          </li>
        ) : null}
        <li className="suggestion-card__group">
          <span className="visually-hidden">Suggested group: </span>
          {suggestion.suggested_group}
        </li>
        <li>
          Suggested on{' '}
          <time dateTime={suggestion.created_at}>{formatDate(suggestion.created_at)}</time>
        </li>
        <li className="suggestion-card__comments">
          <CommentCount
            count={suggestion.comment_count}
            href={detailHref.trackerSuggestion(suggestion.id)}
          />
        </li>
      </CardMeta>
      <p className="suggestion-card__description">{suggestion.description}</p>
      <div className="suggestion-card__rationale">
        <h4 className="suggestion-card__rationale-title">Why build it</h4>
        <p>{suggestion.rationale}</p>
      </div>
      <StatusNote status={suggestion.status} note={suggestion.status_note} />
      {suggestion.merged_into ? null : (
        <StatusControl
          subjectType="tracker_suggestion"
          id={suggestion.id}
          status={suggestion.status}
        />
      )}
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
