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
  isFiltered,
  type SortDirection,
  type TrackerRequestFilter,
} from '../utils/request-filters';
import { ProjectSelect } from './project-select';

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
  onChange: (filter: TrackerRequestFilter) => void;
}

function optional<T extends string>(values: readonly T[], value: string): T | undefined {
  return values.find((candidate) => candidate === value);
}

/**
 * The filter dropdowns of /tracker/requests (spec 2): project, status, priority and category, each
 * with an "all" choice, then the sort and its direction.
 */
export function RequestFilters({ filter, onChange }: RequestFiltersProps) {
  const id = useId();
  const set = (change: Partial<TrackerRequestFilter>) => onChange({ ...filter, ...change });

  return (
    <div className="request-filters" role="search" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="visually-hidden">
        Filter and sort
      </h2>
      <div className="request-filters__grid">
        <div className="field">
          <label className="field__label" htmlFor={`${id}-project`}>
            Project
          </label>
          <ProjectSelect
            id={`${id}-project`}
            value={filter.project ?? ''}
            onChange={(project) => set({ project: project || undefined })}
            emptyLabel="All Projects"
          />
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-status`}>
            Status
          </label>
          <select
            id={`${id}-status`}
            className="input"
            value={filter.status ?? ''}
            onChange={(event) => set({ status: optional(TRACKER_STATUSES, event.target.value) })}
          >
            <option value="">All Statuses</option>
            {TRACKER_STATUSES.map((status) => (
              <option key={status} value={status}>
                {status}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-priority`}>
            Priority
          </label>
          <select
            id={`${id}-priority`}
            className="input"
            value={filter.priority ?? ''}
            onChange={(event) =>
              set({ priority: optional(TRACKER_PRIORITIES, event.target.value) })
            }
          >
            <option value="">All Priorities</option>
            {TRACKER_PRIORITIES.map((priority) => (
              <option key={priority} value={priority}>
                {priority}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-category`}>
            Category
          </label>
          <select
            id={`${id}-category`}
            className="input"
            value={filter.category ?? ''}
            onChange={(event) =>
              set({ category: optional(TRACKER_CATEGORIES, event.target.value) })
            }
          >
            <option value="">All Categories</option>
            {TRACKER_CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {category}
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
            value={filter.sort}
            onChange={(event) =>
              set({
                sort:
                  optional(TRACKER_REQUEST_SORTS, event.target.value) ??
                  DEFAULT_REQUEST_FILTER.sort,
              })
            }
          >
            {TRACKER_REQUEST_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {SORT_LABELS[sort]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-direction`}>
            Order
          </label>
          <select
            id={`${id}-direction`}
            className="input"
            value={filter.direction}
            onChange={(event) => set({ direction: event.target.value === 'asc' ? 'asc' : 'desc' })}
          >
            <option value="desc">{DIRECTION_LABELS[filter.sort].desc}</option>
            <option value="asc">{DIRECTION_LABELS[filter.sort].asc}</option>
          </select>
        </div>
      </div>
      {isFiltered(filter) ? (
        <button
          type="button"
          className="button button--secondary button--sm request-filters__clear"
          onClick={() =>
            onChange({ ...DEFAULT_REQUEST_FILTER, sort: filter.sort, direction: filter.direction })
          }
        >
          Clear filters
        </button>
      ) : null}
    </div>
  );
}
