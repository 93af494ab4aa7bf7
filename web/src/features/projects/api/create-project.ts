import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FALLBACK_MESSAGES } from '@hatchworks/shared/errors';
import { createProject as route } from '@hatchworks/shared/contracts/projects';
import type { Project, ProjectInput } from '@hatchworks/shared/schemas/projects';
import { api } from '../../../lib/api-client';
import { invalidateAllProjects } from './project-mutations';

/** `POST /api/projects` (admin). */
export async function createProject(input: ProjectInput): Promise<Project> {
  const envelope = await api(route, {
    body: input,
    fallbackMessage: FALLBACK_MESSAGES.createProject,
  });
  return envelope.data;
}

export function useCreateProject(options: { onSuccess?: (project: Project) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProject,
    onSuccess: async (project) => {
      options.onSuccess?.(project);
      await invalidateAllProjects(queryClient);
    },
  });
}
