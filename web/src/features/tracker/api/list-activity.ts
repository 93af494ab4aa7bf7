import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { FALLBACK_MESSAGES } from '@hatchworks/shared/errors';
import { listTrackerActivity } from '@hatchworks/shared/contracts/tracker';
import type { ActivityItem } from '@hatchworks/shared/schemas/tracker';
import { api } from '../../../lib/api-client';
import { trackerKeys } from './keys';

/** Which activity to read: one project's (`projectId`) or everyone's, newest first. */
export interface ActivityQuery {
  readonly projectId?: string;
  readonly limit: number;
}

/** `GET /api/tracker/activity`: the newest `limit` entries, each with its relative time. */
export async function listActivity(
  query: ActivityQuery,
  signal?: AbortSignal,
): Promise<ActivityItem[]> {
  const envelope = await api(listTrackerActivity, {
    query: { project_id: query.projectId, limit: query.limit },
    fallbackMessage: FALLBACK_MESSAGES.fetchActivity,
    signal,
  });
  return envelope.data.activity;
}

export const activityQueryOptions = (query: ActivityQuery) =>
  queryOptions({
    queryKey: trackerKeys.activity({ projectId: query.projectId, limit: query.limit }),
    queryFn: ({ signal }) => listActivity(query, signal),
    // A new project selection keeps the entries shown until its own answer arrives.
    placeholderData: keepPreviousData,
  });

export function useActivity(query: ActivityQuery) {
  return useQuery(activityQueryOptions(query));
}
