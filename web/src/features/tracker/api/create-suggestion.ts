import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FALLBACK_MESSAGES } from '@hatchworks/shared/errors';
import { createProjectSuggestion as route } from '@hatchworks/shared/contracts/tracker';
import type { ProjectSuggestion } from '@hatchworks/shared/schemas/tracker';
import type { ProjectSuggestionInput } from '@hatchworks/shared/schemas/tracker-submissions';
import { api } from '../../../lib/api-client';
import { trackerKeys } from './keys';

/**
 * `POST /api/tracker/project-suggestions`: anyone may suggest; an anonymous visitor is known by
 * the API's cookie, which the same-origin call carries.
 */
export async function createSuggestion(input: ProjectSuggestionInput): Promise<ProjectSuggestion> {
  const envelope = await api(route, {
    body: input,
    fallbackMessage: FALLBACK_MESSAGES.createProjectSuggestion,
  });
  return envelope.data;
}

/** A new suggestion reloads the suggestions, the stats and the activity. */
export function useCreateSuggestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSuggestion,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: trackerKeys.all });
    },
  });
}
