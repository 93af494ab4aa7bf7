import { useMutation, useQueryClient } from '@tanstack/react-query';
import { EGGS } from '@hatchworks/shared/constants';
import { FALLBACK_MESSAGES } from '@hatchworks/shared/errors';
import { createFeature as route } from '@hatchworks/shared/contracts/features';
import {
  CreateFeatureInputSchema,
  FEATURE_MESSAGES,
  type CreateFeatureInput,
  type Feature,
} from '@hatchworks/shared/schemas/features';
import { api } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';

/** The create modal's own texts (the API answers the others itself). */
export const CREATE_FEATURE_MESSAGES = {
  loginRequired: 'You must be logged in to create a feature request',
  notEnoughEggs: FEATURE_MESSAGES.notEnoughEggs,
  titleAndDescription: FEATURE_MESSAGES.titleAndDescription,
  noProjects: 'No projects available. Contact an admin to create projects first.',
  selectProject: FEATURE_MESSAGES.selectProject,
  failed: FALLBACK_MESSAGES.createFeatureRequest,
} as const;

/** The required fields of the create form, in the form's order. */
export const REQUIRED_FEATURE_FIELDS = ['title', 'project', 'description'] as const;
export type RequiredFeatureField = (typeof REQUIRED_FEATURE_FIELDS)[number];

/** What each empty required field says next to it. */
export const MISSING_FIELD_MESSAGES: Readonly<Record<RequiredFeatureField, string>> = {
  title: 'Add a title',
  project: FEATURE_MESSAGES.selectProject,
  description: 'Add a description',
};

/**
 * The required fields left empty, in the form's order. Without any project to choose the
 * project is not counted: the form says there are none instead.
 */
export function missingFeatureFields(
  input: CreateFeatureInput,
  projectCount: number | null,
): RequiredFeatureField[] {
  const empty: Readonly<Record<RequiredFeatureField, boolean>> = {
    title: input.title.trim() === '',
    project: projectCount !== 0 && input.project_id.trim() === '',
    description: input.description.trim() === '',
  };
  return REQUIRED_FEATURE_FIELDS.filter((field) => empty[field]);
}

export interface CreateFeatureRequest {
  readonly input: CreateFeatureInput;
  /** Sent as `Idempotency-Key`: a retried submission is charged once. */
  readonly idempotencyKey: string;
}

/** `POST /api/features`: a pending request for 100 eggs. */
export async function createFeature({
  input,
  idempotencyKey,
}: CreateFeatureRequest): Promise<Feature> {
  const envelope = await api(route, {
    body: input,
    headers: { 'Idempotency-Key': idempotencyKey },
    fallbackMessage: CREATE_FEATURE_MESSAGES.failed,
  });
  return envelope.data;
}

export interface CreateFeatureCheck {
  /** The signed-in user's balance, or null when nobody is signed in. */
  readonly balance: number | null;
  /** How many projects the form offers; null while they are still loading. */
  readonly projectCount: number | null;
  readonly input: CreateFeatureInput;
}

/**
 * The create rules in the order the form states them, before anything is sent: the first problem's message, or
 * null when the request may go out. The API repeats every check.
 */
export function createFeatureProblem({ balance, projectCount, input }: CreateFeatureCheck) {
  if (balance === null) return CREATE_FEATURE_MESSAGES.loginRequired;
  if (balance < EGGS.featureCreationCost) return CREATE_FEATURE_MESSAGES.notEnoughEggs;
  if (input.title.trim() === '' || input.description.trim() === '') {
    return CREATE_FEATURE_MESSAGES.titleAndDescription;
  }
  if (projectCount === 0) return CREATE_FEATURE_MESSAGES.noProjects;
  if (input.project_id.trim() === '') return CREATE_FEATURE_MESSAGES.selectProject;
  const parsed = CreateFeatureInputSchema.safeParse(input);
  return parsed.success
    ? null
    : (parsed.error.issues[0]?.message ?? CREATE_FEATURE_MESSAGES.failed);
}

/**
 * After a create the lists and the user's data (balance, stats, history) reload, even when
 * the modal was closed while the request was on its way.
 */
export function useCreateFeature() {
  const queryClient = useQueryClient();
  const session = useSession();
  return useMutation({
    mutationFn: createFeature,
    onSuccess: () => {
      const user = session.user;
      if (user) {
        session.updateUser({
          ...user,
          egg_balance: user.egg_balance - EGGS.featureCreationCost,
          stats: { ...user.stats, features_created: user.stats.features_created + 1 },
        });
      }
      void queryClient.invalidateQueries({ queryKey: ['features'] });
      void queryClient.invalidateQueries({ queryKey: ['user'] });
    },
    // On failure too: the server may know a newer balance than this page (spent in another tab).
    onSettled: () => session.refreshUser().catch((error: unknown) => console.warn(error)),
  });
}
