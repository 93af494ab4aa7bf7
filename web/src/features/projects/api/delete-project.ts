import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from '@hatchworks/shared/zod';
import { successEnvelope } from '@hatchworks/shared/schemas/envelope';
import { apiRequest } from '../../../lib/api-client';
import { invalidateAllProjects } from './project-mutations';

/** The delete fallback, worded as the create and update ones. */
export const DELETE_PROJECT_FAILED = 'Failed to delete project';

const DeletedEnvelopeSchema = successEnvelope(z.unknown());

/** `DELETE /api/projects/{id}` (admin). */
export async function deleteProject(id: string): Promise<void> {
  await apiRequest(`/projects/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    schema: DeletedEnvelopeSchema,
    fallbackMessage: DELETE_PROJECT_FAILED,
  });
}

export function useDeleteProject(options: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProject,
    onSuccess: async () => {
      options.onSuccess?.();
      await invalidateAllProjects(queryClient);
    },
  });
}
