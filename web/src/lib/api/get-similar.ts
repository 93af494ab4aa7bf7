import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { searchSimilar } from '@hatchworks/shared/contracts/search';
import type { SimilarItem } from '@hatchworks/shared/schemas/search-similar';
import type { SubjectType } from '@hatchworks/shared/schemas/subjects';
import { api } from '../api-client';
import { similarQuery } from '../search-query';
import { useDebouncedValue } from '../use-debounced-value';

export type { SimilarItem };

/** How long the typing of a title must pause before similar requests are looked up (~300 ms). */
export const SIMILAR_DEBOUNCE_MS = 300;

/** The message when the look-up fails: a hint only, the form works on. */
export const SIMILAR_FAILED = 'Similar requests could not be loaded.';

/** `GET /api/search/similar`: up to five visible requests of `type` like `q` (3..200 chars). */
export async function getSimilar(
  type: SubjectType,
  q: string,
  signal?: AbortSignal,
): Promise<readonly SimilarItem[]> {
  const envelope = await api(searchSimilar, {
    query: { type, q },
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
