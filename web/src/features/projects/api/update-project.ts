import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FALLBACK_MESSAGES } from '@hatchworks/shared/errors';
import { updateProject as route } from '@hatchworks/shared/contracts/projects';
import type { Project, ProjectInput } from '@hatchworks/shared/schemas/projects';
import { api } from '../../../lib/api-client';
import { invalidateAllProjects } from './project-mutations';

export interface UpdateProjectArgs {
  readonly id: string;
  readonly input: ProjectInput;
}

/** `PUT /api/projects/{id}` (admin): replaces the project's editable fields. */
export async function updateProject({ id, input }: UpdateProjectArgs): Promise<Project> {
  const envelope = await api(route, {
    params: { key: id },
    body: input,
    fallbackMessage: FALLBACK_MESSAGES.updateProject,
  });
  return envelope.data;
}

export function useUpdateProject(options: { onSuccess?: (project: Project) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProject,
    onSuccess: async (project) => {
      options.onSuccess?.(project);
      await invalidateAllProjects(queryClient);
    },
  });
}
