import { useId } from 'react';
import { SUGGESTION_GROUPS, SUGGESTION_SORTS } from '@hatchworks/shared/schemas/tracker';
import {
  DEFAULT_SUGGESTION_SORT,
  SUGGESTION_SORT_LABELS,
  type SuggestionView,
} from '../utils/suggestion-view';
import { TrackerSelect } from './tracker-field';
import { TrackerFilters } from './tracker-filters';

interface SuggestionFiltersProps {
  view: SuggestionView;
  /** Called with what one control changed, applied to the view the URL holds by then. */
  onChange: (change: Partial<SuggestionView>) => void;
}

/** The group filter and the sort selector of /tracker/suggestions. */
export function SuggestionFilters({ view, onChange }: SuggestionFiltersProps) {
  const id = useId();
  return (
    <TrackerFilters className="suggestion-filters">
      <TrackerSelect
        id={`${id}-group`}
        label="Group"
        options={SUGGESTION_GROUPS}
        value={view.group ?? undefined}
        onChange={(group) => onChange({ group: group ?? null })}
        allLabel="All Groups"
      />
      <TrackerSelect
        id={`${id}-sort`}
        label="Sort by"
        options={SUGGESTION_SORTS}
        value={view.sort}
        onChange={(sort) => onChange({ sort: sort ?? DEFAULT_SUGGESTION_SORT })}
        optionLabel={(sort) => SUGGESTION_SORT_LABELS[sort]}
      />
    </TrackerFilters>
  );
}
