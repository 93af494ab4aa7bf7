import * as z from '../zod';
import { SEARCH_LIMITS, SEARCH_MESSAGES } from './search';
import { SUBJECT_TYPES } from './subjects';

/*
 * The similar-titles route's schemas, apart from search.ts: every list and write of the tracker
 * and features imports search.ts (through the list queries' `q`) and would bundle these too.
 */

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
