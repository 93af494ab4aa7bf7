import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { successEnvelope } from '@hatchworks/shared/schemas/envelope';
import { SUBJECT_TYPES, type SubjectType } from '@hatchworks/shared/schemas/subjects';
import * as z from '@hatchworks/shared/zod';
import { apiRequest } from '../../../lib/api-client';
import { similarQuery } from '../../../lib/search-query';
import { useDebouncedValue } from '../../../lib/use-debounced-value';

/** How long the typing of a title must pause before similar requests are looked up (~300 ms). */
export const SIMILAR_DEBOUNCE_MS = 300;

/** The message when the look-up fails: a hint only, the form works on. */
export const SIMILAR_FAILED = 'Similar requests could not be loaded.';

/** One existing request like the one being typed (`GET /api/search/similar`). */
export const SimilarItemSchema = z.object({
  type: z.enum(SUBJECT_TYPES),
  id: z.string(),
  title: z.string(),
  status: z.string(),
  project: z.optional(z.nullable(z.object({ id: z.string(), title: z.string() }))),
  /** Features: the eggs on it and how many people put them there. */
  total_eggs: z.optional(z.number()),
  vote_count: z.optional(z.number()),
  /** Tracker requests and suggestions: up minus down votes. */
  votes: z.optional(z.number()),
});
export type SimilarItem = z.infer<typeof SimilarItemSchema>;

const SimilarEnvelope = successEnvelope(z.object({ items: z.array(SimilarItemSchema) }));

/** `GET /api/search/similar`: up to five visible requests of `type` like `q` (3..200 chars). */
export async function getSimilar(
  type: SubjectType,
  q: string,
  signal?: AbortSignal,
): Promise<readonly SimilarItem[]> {
  const envelope = await apiRequest('/search/similar', {
    query: { type, q },
    schema: SimilarEnvelope,
    fallbackMessage: SIMILAR_FAILED,
    signal,
  });
  return envelope.data.items;
}

export const similarKeys = {
  all: ['search', 'similar'] as const,
  of: (type: SubjectType, q: string) => [...similarKeys.all, type, q] as const,
};

/**
 * Similar requests for a title being typed: asked once the title has 3 characters and the typing
 * pauses; the last answer stays shown while the next one loads, so the list does not flicker.
 */
export function useSimilarRequests(type: SubjectType, title: string) {
  const q = similarQuery(useDebouncedValue(title, SIMILAR_DEBOUNCE_MS));
  const typed = similarQuery(title);
  const query = useQuery({
    queryKey: similarKeys.of(type, q ?? ''),
    queryFn: ({ signal }) => getSimilar(type, q ?? '', signal),
    enabled: q !== undefined,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    retry: false,
  });
  // A title cut below 3 characters hides the list at once, without waiting for the pause.
  return { query, shown: typed !== undefined, settled: q !== undefined && q === typed };
}
