import { useId } from 'react';
import { SUGGESTION_GROUPS, SUGGESTION_SORTS } from '@hatchworks/shared/schemas/tracker';
import {
  DEFAULT_SUGGESTION_SORT,
  SUGGESTION_SORT_LABELS,
  type SuggestionView,
} from '../utils/suggestion-view';
import { RELEVANCE_NOTE, SearchBox } from '../../../components/ui/search-box';
import { FormSelect } from '../../../components/votable/form-fields';
import { FilterBox } from '../../../components/ui/filter-box';

interface SuggestionFiltersProps {
  view: SuggestionView;
  /** Called with what one control changed, applied to the view the URL holds by then. */
  /** The search field's id, so the page can focus it (after 'Clear search'). */
  searchId: string;
  onChange: (change: Partial<SuggestionView>) => void;
}

/**
 * The search field, the group filter and the sort selector of /tracker/suggestions; a
 * search sets the sort aside (its results come by relevance).
 */
export function SuggestionFilters({ view, searchId, onChange }: SuggestionFiltersProps) {
  const id = useId();
  const searching = view.q !== undefined;
  const noteId = `${id}-relevance`;
  return (
    <FilterBox
      className="suggestion-filters"
      activeCount={[view.group, view.sort !== DEFAULT_SUGGESTION_SORT].filter(Boolean).length}
      search={
        <SearchBox
          id={searchId}
          value={view.q}
          onSearch={(q) => onChange({ q })}
          placeholder="Search suggestions, e.g. lighthouse"
        />
      }
    >
      <FormSelect
        id={`${id}-group`}
        label="Group"
        options={SUGGESTION_GROUPS}
        value={view.group ?? undefined}
        onChange={(group) => onChange({ group: group ?? null })}
        allLabel="All Groups"
      />
      <FormSelect
        id={`${id}-sort`}
        label="Sort by"
        options={SUGGESTION_SORTS}
        value={view.sort}
        onChange={(sort) => onChange({ sort: sort ?? DEFAULT_SUGGESTION_SORT })}
        optionLabel={(sort) => SUGGESTION_SORT_LABELS[sort]}
        disabled={searching}
        describedBy={searching ? noteId : undefined}
      />
      {searching ? (
        <p id={noteId} className="field__hint tracker-filters__note">
          {RELEVANCE_NOTE}
        </p>
      ) : null}
    </FilterBox>
  );
}
