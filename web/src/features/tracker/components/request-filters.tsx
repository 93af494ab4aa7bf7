import { useId } from 'react';
import {
  TRACKER_CATEGORIES,
  TRACKER_PRIORITIES,
  TRACKER_REQUEST_SORTS,
  TRACKER_STATUSES,
  type TrackerRequestSort,
} from '@hatchworks/shared/schemas/tracker';
import {
  DEFAULT_REQUEST_FILTER,
  changedFilters,
  isFiltered,
  type SortDirection,
  type TrackerRequestFilter,
} from '../utils/request-filters';
import { RELEVANCE_NOTE, SearchBox } from '../../../components/ui/search-box';
import { ProjectSelect } from '../../../components/ui/project-select';
import { FormField, FormSelect } from '../../../components/votable/form-fields';
import { FilterBox } from '../../../components/ui/filter-box';

/** The sort selector's names for each order. */
export const SORT_LABELS: Readonly<Record<TrackerRequestSort, string>> = {
  votes: 'Votes',
  date: 'Date',
  priority: 'Priority',
};

/** The direction selector's names, in the words of the chosen sort. */
export const DIRECTION_LABELS: Readonly<
  Record<TrackerRequestSort, Readonly<Record<SortDirection, string>>>
> = {
  votes: { desc: 'Most first', asc: 'Fewest first' },
  date: { desc: 'Newest first', asc: 'Oldest first' },
  priority: { desc: 'Highest first', asc: 'Lowest first' },
};

interface RequestFiltersProps {
  filter: TrackerRequestFilter;
  /**
   * Called with what one control changed, to be applied to the view the URL holds by then: two
   * quick changes both count even when the page has not re-rendered between them.
   */
  /** The search field's id, so the page can focus it (after 'Clear search'). */
  searchId: string;
  onChange: (change: Partial<TrackerRequestFilter>) => void;
}

/** What 'Clear filters' changes: every filter back to "all", the sort kept. */
const CLEARED: Partial<TrackerRequestFilter> = {
  project: undefined,
  status: undefined,
  priority: undefined,
  category: undefined,
};

/** The order selector's choices, in display order. */
const DIRECTIONS: readonly SortDirection[] = ['desc', 'asc'];

/**
 * The search field and the filter dropdowns of /tracker/requests: project,
 * status, priority and category, each with an "all" choice, then the sort and its direction,
 * which a search sets aside (its results come by relevance).
 */
export function RequestFilters({ filter, searchId, onChange }: RequestFiltersProps) {
  const id = useId();
  const set = onChange;
  const searching = filter.q !== undefined;
  const noteId = `${id}-relevance`;

  return (
    <FilterBox
      className="request-filters"
      activeCount={changedFilters(filter)}
      search={
        <SearchBox
          id={searchId}
          value={filter.q}
          onSearch={(q) => set({ q })}
          placeholder="Search requests, e.g. dark mode"
        />
      }
    >
      <div className="request-filters__grid">
        <FormField id={`${id}-project`} label="Project">
          <ProjectSelect
            id={`${id}-project`}
            value={filter.project ?? ''}
            onChange={(project) => set({ project: project || undefined })}
            emptyLabel="All Projects"
          />
        </FormField>
        <FormSelect
          id={`${id}-status`}
          label="Status"
          options={TRACKER_STATUSES}
          value={filter.status}
          onChange={(status) => set({ status })}
          allLabel="All Statuses"
        />
        <FormSelect
          id={`${id}-priority`}
          label="Priority"
          options={TRACKER_PRIORITIES}
          value={filter.priority}
          onChange={(priority) => set({ priority })}
          allLabel="All Priorities"
        />
        <FormSelect
          id={`${id}-category`}
          label="Category"
          options={TRACKER_CATEGORIES}
          value={filter.category}
          onChange={(category) => set({ category })}
          allLabel="All Categories"
        />
        <FormSelect
          id={`${id}-sort`}
          label="Sort by"
          options={TRACKER_REQUEST_SORTS}
          value={filter.sort}
          onChange={(sort) => set({ sort: sort ?? DEFAULT_REQUEST_FILTER.sort })}
          optionLabel={(sort) => SORT_LABELS[sort]}
          disabled={searching}
          describedBy={searching ? noteId : undefined}
        />
        <FormSelect
          id={`${id}-direction`}
          label="Order"
          options={DIRECTIONS}
          value={filter.direction}
          onChange={(direction) => set({ direction: direction ?? 'desc' })}
          optionLabel={(direction) => DIRECTION_LABELS[filter.sort][direction]}
          disabled={searching}
          describedBy={searching ? noteId : undefined}
        />
      </div>
      {searching ? (
        <p id={noteId} className="field__hint tracker-filters__note">
          {RELEVANCE_NOTE}
        </p>
      ) : null}
      {isFiltered(filter) ? (
        <button
          type="button"
          className="button button--secondary button--sm request-filters__clear"
          onClick={() => onChange(CLEARED)}
        >
          Clear filters
        </button>
      ) : null}
    </FilterBox>
  );
}
