import {
  SUGGESTION_GROUPS,
  SUGGESTION_SORTS,
  TRACKER_DEFAULTS,
  type SuggestionGroup,
  type SuggestionSort,
} from '@hatchworks/shared/schemas/tracker';
import { SEARCH_PARAM, normalizeSearchQuery } from '../../../lib/search-query';

/** The URL query parameters that keep the suggestions page's view (a link reproduces it). */
export const SUGGESTION_PARAMS = { group: 'group', sort: 'sort', q: SEARCH_PARAM } as const;

/** The sort selector's choices, in display order. */
export const SUGGESTION_SORT_LABELS: Readonly<Record<SuggestionSort, string>> = {
  votes: 'Most Votes',
  date: 'Newest',
  name: 'Name',
};

/** Votes, descending, unless the URL says otherwise. */
export const DEFAULT_SUGGESTION_SORT: SuggestionSort = TRACKER_DEFAULTS.sortBy;

/**
 * Votes and dates read best highest/newest first; names read A to Z. (Only the descending default is
 * specified; a name sort from Z would surprise everyone.)
 */
export function sortDirectionFor(sort: SuggestionSort): 'asc' | 'desc' {
  return sort === 'name' ? 'asc' : 'desc';
}

/** The view a suggestions URL asks for: unknown values fall back to all groups and votes. */
export interface SuggestionView {
  readonly group: SuggestionGroup | null;
  readonly sort: SuggestionSort;
  /** The search term: results by relevance, the sort set aside; absent for none. */
  readonly q?: string;
}

export function parseSuggestionView(params: URLSearchParams): SuggestionView {
  const group = params.get(SUGGESTION_PARAMS.group);
  const sort = params.get(SUGGESTION_PARAMS.sort);
  return {
    group: SUGGESTION_GROUPS.find((candidate) => candidate === group) ?? null,
    sort: SUGGESTION_SORTS.find((candidate) => candidate === sort) ?? DEFAULT_SUGGESTION_SORT,
    q: normalizeSearchQuery(params.get(SUGGESTION_PARAMS.q)),
  };
}

/** The URL parameters of a view, leaving any others in `current` alone; defaults are omitted. */
export function suggestionViewParams(
  current: URLSearchParams,
  view: SuggestionView,
): URLSearchParams {
  const next = new URLSearchParams(current);
  if (view.group) next.set(SUGGESTION_PARAMS.group, view.group);
  else next.delete(SUGGESTION_PARAMS.group);
  if (view.sort === DEFAULT_SUGGESTION_SORT) next.delete(SUGGESTION_PARAMS.sort);
  else next.set(SUGGESTION_PARAMS.sort, view.sort);
  const q = normalizeSearchQuery(view.q);
  if (q) next.set(SUGGESTION_PARAMS.q, q);
  else next.delete(SUGGESTION_PARAMS.q);
  return next;
}
