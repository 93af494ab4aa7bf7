import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FALLBACK_MESSAGES } from '@hatchworks/shared/errors';
import { createTrackerRequest as route } from '@hatchworks/shared/contracts/tracker';
import {
  TRACKER_MESSAGES,
  type TrackerCategory,
  type TrackerFeatureRequest,
  type TrackerPriority,
} from '@hatchworks/shared/schemas/tracker';
import { TrackerFeatureRequestInputSchema } from '@hatchworks/shared/schemas/tracker-submissions';
import { api } from '../../../lib/api-client';
import { trackerKeys } from './keys';

/**
 * What the submit form sends (the body of `TrackerFeatureRequestInputSchema`): a missing category
 * or priority takes its default, '' as the project means none, tags are comma-separated text.
 */
export interface TrackerRequestDraft {
  readonly title: string;
  readonly description: string;
  readonly category?: TrackerCategory;
  readonly priority?: TrackerPriority;
  readonly project_id?: string;
  readonly tags?: string;
  /** The honeypot: empty from people. */
  readonly website?: string;
}

/**
 * The form's own checks before anything is sent, with the API's messages: the first problem, or
 * null when the request may go out. The API repeats every check.
 */
export function trackerRequestProblem(input: TrackerRequestDraft): string | null {
  if (input.title.trim() === '' || input.description.trim() === '') {
    return TRACKER_MESSAGES.titleAndDescription;
  }
  const parsed = TrackerFeatureRequestInputSchema.safeParse(input);
  return parsed.success
    ? null
    : (parsed.error.issues[0]?.message ?? FALLBACK_MESSAGES.createFeatureRequest);
}

/** `POST /api/tracker/feature-requests`: anyone may submit; anonymous visitors by their cookie. */
export async function createTrackerRequest(
  input: TrackerRequestDraft,
): Promise<TrackerFeatureRequest> {
  const envelope = await api(route, {
    // A missing category or priority is sent as none (the schema's default applies).
    body: { ...input, category: input.category, priority: input.priority },
    fallbackMessage: FALLBACK_MESSAGES.createFeatureRequest,
  });
  return envelope.data;
}

/** A new request reloads the requests, the stats and the activity (all under 'tracker'). */
export function useCreateTrackerRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTrackerRequest,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: trackerKeys.all });
    },
  });
}
