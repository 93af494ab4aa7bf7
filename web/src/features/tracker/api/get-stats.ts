import { queryOptions, useQuery } from '@tanstack/react-query';
import { FALLBACK_MESSAGES } from '@hatchworks/shared/errors';
import { successEnvelope } from '@hatchworks/shared/schemas/envelope';
import { TrackerStatsSchema, type TrackerStats } from '@hatchworks/shared/schemas/tracker';
import { apiRequest } from '../../../lib/api-client';
import { trackerKeys } from './keys';

const StatsEnvelopeSchema = successEnvelope(TrackerStatsSchema);

/** `GET /api/tracker/stats`: the site-wide totals (the API keeps no per-project figures). */
export async function getTrackerStats(signal?: AbortSignal): Promise<TrackerStats> {
  const envelope = await apiRequest('/tracker/stats', {
    schema: StatsEnvelopeSchema,
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
