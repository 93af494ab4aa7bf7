import type { ProjectSuggestion } from '@hatchworks/shared/schemas/tracker';
import { formatDate } from '../../../lib/format';
import { TrackerCard } from './tracker-card';
import './suggestion-card.css';

/**
 * A project suggestion (spec 2): name, suggested group, description, rationale, the votes with
 * working up and down buttons, and the date. User text is shown as text, never as markup.
 */
export function SuggestionCard({ suggestion }: { suggestion: ProjectSuggestion }) {
  return (
    <TrackerCard
      className="suggestion-card"
      target={{
        type: 'project_suggestion',
        id: suggestion.id,
        votes: suggestion.votes,
        myVote: suggestion.my_vote,
      }}
      title={suggestion.name}
      titleClassName="suggestion-card__name"
      aside={
        <span className="suggestion-card__group">
          <span className="visually-hidden">Suggested group: </span>
          {suggestion.suggested_group}
        </span>
      }
    >
      <p className="suggestion-card__description">{suggestion.description}</p>
      <div className="suggestion-card__rationale">
        <h4 className="suggestion-card__rationale-title">Why build it</h4>
        <p>{suggestion.rationale}</p>
      </div>
      <p className="suggestion-card__meta">
        Suggested on{' '}
        <time dateTime={suggestion.created_at}>{formatDate(suggestion.created_at)}</time>
      </p>
    </TrackerCard>
  );
}
