import * as z from '../zod';
import { SUBJECT_TYPES } from './subjects';

/** Bounds of search. */
export const SEARCH_LIMITS = {
  /** A list's `q`, trimmed: longer is a 400; empty means no search. */
  queryMax: 200,
  /** `GET /api/search/similar`: a shorter (trimmed) title answers no items. */
  similarMinChars: 3,
  /** `GET /api/search/similar` answers at most this many items. */
  similarMax: 5,
} as const;

export const SEARCH_MESSAGES = {
  queryTooLong: `Search must be at most ${SEARCH_LIMITS.queryMax} characters`,
  invalidType: `Type must be one of: ${SUBJECT_TYPES.join(', ')}`,
} as const;

/**
 * The `q` of the three lists (`/api/features`, `/api/tracker/feature-requests`,
 * `/api/tracker/project-suggestions`): trimmed, at most 200 characters; '' or only spaces is no
 * search. With a search the list is ranked by relevance (its sort parameters are ignored) and
 * every other filter still applies.
 */
export const SearchQueryParamSchema = z.optional(
  z.string().check(z.trim(), z.maxLength(SEARCH_LIMITS.queryMax, SEARCH_MESSAGES.queryTooLong)),
);

/**
 * How a searched list's items match `q` (`data.match`, present only with a search): 'all' when
 * every word matched (the usual answer, and the empty one), 'some' when no item had every word and
 * the list answers the best partial matches instead (any of the query's content words, ranked by
 * relevance, the list's filters still applied).
 */
export const SEARCH_MATCHES = ['all', 'some'] as const;
export type SearchMatch = (typeof SEARCH_MATCHES)[number];
export const SearchMatchSchema = z.enum(SEARCH_MATCHES);
