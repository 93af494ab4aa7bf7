import { queryOptions, useQueries } from '@tanstack/react-query';
import { successEnvelope } from '@hatchworks/shared/schemas/envelope';
import { FeatureSchema, type Feature } from '@hatchworks/shared/schemas/features';
import { apiRequest } from '../../../lib/api-client';
import { activityKeys } from './activity-keys';

const FeatureEnvelopeSchema = successEnvelope(FeatureSchema);

/** `GET /api/features/{id}`: one feature request (its author also sees it while pending). */
export async function getFeature(featureId: string, signal?: AbortSignal): Promise<Feature> {
  const envelope = await apiRequest(`/features/${encodeURIComponent(featureId)}`, {
    schema: FeatureEnvelopeSchema,
    fallbackMessage: 'Failed to load the feature request',
    signal,
  });
  return envelope.data;
}

export const getFeatureQueryOptions = (featureId: string) =>
  queryOptions({
    queryKey: activityKeys.feature(featureId),
    queryFn: ({ signal }) => getFeature(featureId, signal),
    // Several rows of a page name the same feature; one answer serves them for a while.
    staleTime: 30_000,
  });

/** What a lookup knows about a feature: the feature, or that it cannot be shown (`null`). */
export type FeatureLookup = ReadonlyMap<string, Feature | null>;

/**
 * The features the ledger and the votes refer to by id, one cached request per distinct id
 * (the list answers carry no titles or totals). Ids still loading are absent from the map.
 */
export function useFeatureLookup(featureIds: readonly string[]): FeatureLookup {
  const ids = [...new Set(featureIds)];
  return useQueries({
    queries: ids.map((id) => getFeatureQueryOptions(id)),
    combine: (results) => {
      const lookup = new Map<string, Feature | null>();
      results.forEach((result, index) => {
        const id = ids[index];
        if (id === undefined) return;
        if (result.data) lookup.set(id, result.data);
        else if (result.isError) lookup.set(id, null);
      });
      return lookup;
    },
  });
}
