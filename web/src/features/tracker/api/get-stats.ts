import { queryOptions, useQuery } from '@tanstack/react-query';
import { FALLBACK_MESSAGES } from '@hatchworks/shared/errors';
import { getTrackerStats as route } from '@hatchworks/shared/contracts/tracker';
import type { TrackerStats } from '@hatchworks/shared/schemas/tracker';
import { api } from '../../../lib/api-client';
import { trackerKeys } from './keys';

/** `GET /api/tracker/stats`: the site-wide totals (the API keeps no per-project figures). */
export async function getTrackerStats(signal?: AbortSignal): Promise<TrackerStats> {
  const envelope = await api(route, {
    fallbackMessage: FALLBACK_MESSAGES.fetchTrackerStats,
    signal,
  });
  return envelope.data;
}

export const trackerStatsQueryOptions = () =>
  queryOptions({
    queryKey: trackerKeys.stats(),
    queryFn: ({ signal }) => getTrackerStats(signal),
  });

export function useTrackerStats() {
  return useQuery(trackerStatsQueryOptions());
}
