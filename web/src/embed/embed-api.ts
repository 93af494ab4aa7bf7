import { FALLBACK_MESSAGES } from '@hatchworks/shared/errors';
import { embedKeysOf } from '@hatchworks/shared/embed';
import { LIMITS } from '@hatchworks/shared/constants';
import { listFeatures, voteFeature } from '@hatchworks/shared/contracts/features';
import { listProjects } from '@hatchworks/shared/contracts/projects';
import { listTrackerRequests } from '@hatchworks/shared/contracts/tracker';
import type { Feature, VoteResult } from '@hatchworks/shared/schemas/features';
import type { Project } from '@hatchworks/shared/schemas/projects';
import type { TrackerFeatureRequest } from '@hatchworks/shared/schemas/tracker';
import { api } from '../lib/api-client';

/** How many requests of each system the panel lists: the most voted first. */
export const PANEL_LIST_SIZE = 20;

/** What the panel says when a list could not be read and the server gave no reason. */
export const PANEL_MESSAGES = {
  projectMissing: 'This project is not on Hatchworks (any more).',
  featuresFailed: 'Failed to load features',
  voteFailed: 'Failed to cast vote',
} as const;

/** The project a panel key names (its slug or id), read from the public list a page at a time. */
export async function findProject(key: string, signal?: AbortSignal): Promise<Project | null> {
  let cursor: string | undefined;
  do {
    const page = await api(listProjects, {
      query: { limit: LIMITS.maxPageSize, cursor },
      fallbackMessage: FALLBACK_MESSAGES.fetchProjects,
      signal,
    });
    const found = page.data.projects.find((project) => embedKeysOf(project).includes(key));
    if (found) return found;
    cursor = page.next_cursor ?? undefined;
  } while (cursor);
  return null;
}

/** The project's open tracker requests, most voted first, with the viewer's own votes. */
export async function openTrackerRequests(
  projectId: string,
  signal?: AbortSignal,
): Promise<readonly TrackerFeatureRequest[]> {
  const envelope = await api(listTrackerRequests, {
    query: { project_id: projectId, status: 'Open', sort_by: 'votes', limit: PANEL_LIST_SIZE },
    fallbackMessage: FALLBACK_MESSAGES.fetchFeatureRequests,
    signal,
  });
  return envelope.data.feature_requests;
}

/** The project's approved feature requests (the ones eggs go to), most eggs first. */
export async function approvedFeatures(
  projectId: string,
  signal?: AbortSignal,
): Promise<readonly Feature[]> {
  const envelope = await api(listFeatures, {
    query: { project_id: projectId, status: 'approved', limit: PANEL_LIST_SIZE },
    fallbackMessage: PANEL_MESSAGES.featuresFailed,
    signal,
  });
  return envelope.data.features;
}

/** Puts eggs on an approved request; `Idempotency-Key` makes a retried vote count once. */
export async function voteEggs(input: {
  readonly featureId: string;
  readonly eggs: number;
  readonly idempotencyKey: string;
}): Promise<VoteResult> {
  const envelope = await api(voteFeature, {
    body: { feature_id: input.featureId, eggs_allocated: input.eggs },
    headers: { 'Idempotency-Key': input.idempotencyKey },
    fallbackMessage: PANEL_MESSAGES.voteFailed,
  });
  return envelope.data;
}
