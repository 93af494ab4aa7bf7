import { useQuery } from '@tanstack/react-query';
import { FALLBACK_MESSAGES } from '@hatchworks/shared/errors';
import { getProjectSuggestion, getTrackerRequest } from '@hatchworks/shared/contracts/tracker';
import { api } from '../../../lib/api-client';
import { trackerKeys } from './keys';

/**
 * `GET /api/tracker/feature-requests/{id}`, under the tracker's keys so a vote or a
 * comment reloads it.
 */
export function useTrackerRequest(id: string) {
  return useQuery({
    queryKey: [...trackerKeys.requests(), 'detail', id],
    queryFn: async ({ signal }) =>
      (
        await api(getTrackerRequest, {
          params: { id },
          fallbackMessage: FALLBACK_MESSAGES.fetchFeatureRequests,
          signal,
        })
      ).data,
    retry: false,
  });
}

/** `GET /api/tracker/project-suggestions/{id}`. */
export function useProjectSuggestion(id: string) {
  return useQuery({
    queryKey: [...trackerKeys.suggestions(), 'detail', id],
    queryFn: async ({ signal }) =>
      (
        await api(getProjectSuggestion, {
          params: { id },
          fallbackMessage: FALLBACK_MESSAGES.fetchProjectSuggestions,
          signal,
        })
      ).data,
    retry: false,
  });
}
