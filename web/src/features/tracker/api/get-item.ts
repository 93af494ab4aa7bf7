import { useQuery } from '@tanstack/react-query';
import { FALLBACK_MESSAGES } from '@hatchworks/shared/errors';
import { successEnvelope } from '@hatchworks/shared/schemas/envelope';
import {
  ProjectSuggestionSchema,
  TrackerFeatureRequestSchema,
} from '@hatchworks/shared/schemas/tracker';
import { apiRequest } from '../../../lib/api-client';
import { trackerKeys } from './keys';

const RequestEnvelope = successEnvelope(TrackerFeatureRequestSchema);
const SuggestionEnvelope = successEnvelope(ProjectSuggestionSchema);

/**
 * `GET /api/tracker/feature-requests/{id}`, under the tracker's keys so a vote or a
 * comment reloads it.
 */
export function useTrackerRequest(id: string) {
  return useQuery({
    queryKey: [...trackerKeys.requests(), 'detail', id],
    queryFn: async ({ signal }) =>
      (
        await apiRequest(`/tracker/feature-requests/${encodeURIComponent(id)}`, {
          schema: RequestEnvelope,
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
        await apiRequest(`/tracker/project-suggestions/${encodeURIComponent(id)}`, {
          schema: SuggestionEnvelope,
          fallbackMessage: FALLBACK_MESSAGES.fetchProjectSuggestions,
          signal,
        })
      ).data,
    retry: false,
  });
}
