import { useId } from 'react';
import {
  SUGGESTION_GROUPS,
  SUGGESTION_SORTS,
  type SuggestionSort,
} from '@hatchworks/shared/schemas/tracker';
import { SUGGESTION_SORT_LABELS, type SuggestionView } from '../utils/suggestion-view';

interface SuggestionFiltersProps {
  view: SuggestionView;
  onChange: (view: SuggestionView) => void;
}

/** The group filter and the sort selector of /tracker/suggestions. */
export function SuggestionFilters({ view, onChange }: SuggestionFiltersProps) {
  const id = useId();
  return (
    <div className="suggestion-filters" role="search" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="visually-hidden">
        Filter and sort
      </h2>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-group`}>
          Group
        </label>
        <select
          id={`${id}-group`}
          className="input"
          value={view.group ?? ''}
          onChange={(event) =>
            onChange({
              ...view,
              group: SUGGESTION_GROUPS.find((group) => group === event.target.value) ?? null,
            })
          }
        >
          <option value="">All Groups</option>
          {SUGGESTION_GROUPS.map((group) => (
            <option key={group} value={group}>
              {group}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-sort`}>
          Sort by
        </label>
        <select
          id={`${id}-sort`}
          className="input"
          value={view.sort}
          onChange={(event) => onChange({ ...view, sort: event.target.value as SuggestionSort })}
        >
          {SUGGESTION_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {SUGGESTION_SORT_LABELS[sort]}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
