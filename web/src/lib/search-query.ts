import { SEARCH_LIMITS } from '@hatchworks/shared/schemas/search';

/**
 * The search term of a list page, kept in the URL as `q` beside the filters, so a link
 * or a reload shows the same results.
 */

/** The URL query parameter of the search term on /features and the tracker lists. */
export const SEARCH_PARAM = 'q';

/** The API takes 1..200 characters after trimming; an empty term means no search. */
export const SEARCH_QUERY_MAX = SEARCH_LIMITS.queryMax;

/** Similar requests are looked up once the typed title has this many characters (trimmed). */
export const SIMILAR_MIN_LENGTH = SEARCH_LIMITS.similarMinChars;

/**
 * A term as the API takes it: trimmed, inner runs of white space made one space, cut at 200
 * characters; `undefined` when nothing is left (no search).
 */
export function normalizeSearchQuery(value: string | null | undefined): string | undefined {
  const trimmed = (value ?? '').replace(/\s+/g, ' ').trim().slice(0, SEARCH_QUERY_MAX).trim();
  return trimmed === '' ? undefined : trimmed;
}

/** The term a URL searches for, or `undefined` when it searches for nothing. */
export function parseSearchQuery(params: URLSearchParams): string | undefined {
  return normalizeSearchQuery(params.get(SEARCH_PARAM));
}

/** `current` with the term written into it (or taken out when empty); other parameters kept. */
export function withSearchQuery(
  current: URLSearchParams,
  query: string | null | undefined,
): URLSearchParams {
  const next = new URLSearchParams(current);
  const normalized = normalizeSearchQuery(query);
  if (normalized) next.set(SEARCH_PARAM, normalized);
  else next.delete(SEARCH_PARAM);
  return next;
}

/** Whether a typed title is long enough to look for similar requests. */
export function similarQuery(title: string): string | undefined {
  const normalized = normalizeSearchQuery(title);
  return normalized && normalized.length >= SIMILAR_MIN_LENGTH ? normalized : undefined;
}

/** The empty state of a search: 'No requests match “dark mdoe”'. */
export function noMatchText(noun: string, query: string): string {
  return `No ${noun} match “${query}”`;
}

/** The button of a search's empty state. */
export const CLEAR_SEARCH = 'Clear search';

/** Moves focus to the search field `id` (after 'Clear search', which leaves with the empty state). */
export function focusSearchField(id: string): void {
  window.requestAnimationFrame(() => document.getElementById(id)?.focus());
}
