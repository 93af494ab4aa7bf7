import { FALLBACK_MESSAGES } from '@hatchworks/shared/errors';
import {
  ProjectSuggestionInputSchema,
  type ProjectSuggestionInput,
} from '@hatchworks/shared/schemas/tracker-submissions';

/**
 * The first problem with a suggestion ('Name, description and rationale are
 * required', a text over its length bound, an unknown group), or null when it may be sent. The
 * API checks the same schema again.
 */
export function suggestionProblem(input: ProjectSuggestionInput): string | null {
  const parsed = ProjectSuggestionInputSchema.safeParse(input);
  return parsed.success
    ? null
    : (parsed.error.issues[0]?.message ?? FALLBACK_MESSAGES.createProjectSuggestion);
}
