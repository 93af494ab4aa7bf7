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

/** `POST /api/projects` (admin). */
export async function createProject(input: ProjectInput): Promise<Project> {
  const envelope = await apiRequest('/projects', {
    method: 'POST',
    body: input,
    schema: ProjectEnvelopeSchema,
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
