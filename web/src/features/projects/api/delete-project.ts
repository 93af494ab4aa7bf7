import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteProject as route } from '@hatchworks/shared/contracts/projects';
import { api } from '../../../lib/api-client';
import { invalidateAllProjects } from './project-mutations';

/** The delete fallback, worded as the create and update ones. */
export const DELETE_PROJECT_FAILED = 'Failed to delete project';

/** `DELETE /api/projects/{id}` (admin). */
export async function deleteProject(id: string): Promise<void> {
  await api(route, {
    params: { key: id },
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
