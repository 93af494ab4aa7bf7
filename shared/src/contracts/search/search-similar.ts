import type { RouteContract } from '../../contract';
import { SimilarListSchema, SimilarQuerySchema } from '../../schemas/search-similar';

/** Existing requests similar to a title being typed. */
export const searchSimilar = {
  id: 'SearchSimilar',
  method: 'GET',
  path: '/api/search/similar',
  access: 'public',
  query: SimilarQuerySchema,
  data: SimilarListSchema,
} as const satisfies RouteContract;
