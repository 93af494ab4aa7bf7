import { useId } from 'react';
import type { ProjectSuggestion } from '@hatchworks/shared/schemas/tracker';
import { formatDate } from '../../../lib/format';
import { VoteButtons } from './vote-buttons';
import './tracker-card.css';
import './suggestion-card.css';

/**
 * A project suggestion (spec 2): name, suggested group, description, rationale, the votes with
 * working up and down buttons, and the date. User text is shown as text, never as markup.
 */
export function SuggestionCard({ suggestion }: { suggestion: ProjectSuggestion }) {
  const nameId = useId();
  return (
    <article className="tracker-card suggestion-card" aria-labelledby={nameId}>
      <VoteButtons
        targetType="project_suggestion"
        targetId={suggestion.id}
        votes={suggestion.votes}
        myVote={suggestion.my_vote}
        label={suggestion.name}
      />
      <div className="tracker-card__body suggestion-card__body">
        <div className="suggestion-card__header">
          <h3 id={nameId} className="suggestion-card__name">
            {suggestion.name}
          </h3>
          <span className="suggestion-card__group">
            <span className="visually-hidden">Suggested group: </span>
            {suggestion.suggested_group}
          </span>
        </div>
        <p className="suggestion-card__description">{suggestion.description}</p>
        <div className="suggestion-card__rationale">
          <h4 className="suggestion-card__rationale-title">Why build it</h4>
          <p>{suggestion.rationale}</p>
        </div>
        <p className="suggestion-card__meta">
          Suggested on{' '}
          <time dateTime={suggestion.created_at}>{formatDate(suggestion.created_at)}</time>
        </p>
      </div>
    </article>
  );
}
