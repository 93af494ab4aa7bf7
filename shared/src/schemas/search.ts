import * as z from '../zod';
import { SUBJECT_TYPES } from './subjects';

/** Bounds of search (issue 13). */
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

/** Query of `GET /api/search/similar`. */
export const SimilarQuerySchema = z.object({
  type: z.enum(SUBJECT_TYPES, { error: SEARCH_MESSAGES.invalidType }),
  /** The title typed so far; under 3 characters (trimmed) answers `{ items: [] }`. */
  q: z
    .string({ error: 'q is required' })
    .check(z.trim(), z.maxLength(SEARCH_LIMITS.queryMax, SEARCH_MESSAGES.queryTooLong)),
});
export type SimilarQuery = z.input<typeof SimilarQuerySchema>;

/** One similar existing request: enough to show it and link to it (`subjectPath(type, id)`). */
export const SimilarItemSchema = z.object({
  type: z.enum(SUBJECT_TYPES),
  id: z.string(),
  /** A suggestion's name. */
  title: z.string(),
  /** A feature's status code (`approved`, ...) or a tracker status ('Open', ...). */
  status: z.string(),
  /** Features and tracker requests with a project; suggestions have none (null). */
  project: z.optional(z.nullable(z.object({ id: z.string(), title: z.string() }))),
  /** Features only. */
  total_eggs: z.optional(z.number().check(z.int())),
  /** Features only: how many people put eggs on it. */
  vote_count: z.optional(z.number().check(z.int())),
  /** Tracker requests and suggestions only: up votes minus down votes. */
  votes: z.optional(z.number().check(z.int())),
});
export type SimilarItem = z.infer<typeof SimilarItemSchema>;

/** `data` of `GET /api/search/similar`: at most 5 items, most similar first. */
export const SimilarListSchema = z.object({ items: z.array(SimilarItemSchema) });
export type SimilarList = z.infer<typeof SimilarListSchema>;
