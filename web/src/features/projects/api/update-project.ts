import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FALLBACK_MESSAGES } from '@hatchworks/shared/errors';
import { successEnvelope } from '@hatchworks/shared/schemas/envelope';
import {
  ProjectSchema,
  type Project,
  type ProjectInput,
} from '@hatchworks/shared/schemas/projects';
import { apiRequest } from '../../../lib/api-client';
import { invalidateAllProjects } from './project-mutations';

const ProjectEnvelopeSchema = successEnvelope(ProjectSchema);

export interface UpdateProjectArgs {
  readonly id: string;
  readonly input: ProjectInput;
}

/** `PUT /api/projects/{id}` (admin): replaces the project's editable fields. */
export async function updateProject({ id, input }: UpdateProjectArgs): Promise<Project> {
  const envelope = await apiRequest(`/projects/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body: input,
    schema: ProjectEnvelopeSchema,
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
