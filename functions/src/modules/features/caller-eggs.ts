import type { Feature } from '@hatchworks/shared/schemas/features';
import { batchGetItems } from '../table/batch-get';
import { voteKeys } from '../table/keys';

/**
 * The features with `your_eggs` set to what `callerId` has put on each (left out where they put
 * nothing, and for anonymous callers): the caller's vote items of exactly these features, read in
 * one BatchGetItem (a page holds at most 50), so the cost follows the page, not the caller's voting history.
 */
export async function withCallerEggs(
  features: readonly Feature[],
  callerId: string | undefined,
): Promise<Feature[]> {
  if (!callerId || features.length === 0) return [...features];
  const votes = await batchGetItems(
    features.map((feature) => voteKeys.item(callerId, feature.id)),
    // Consistent: the list a voter reloads right after their vote shows it.
    { projection: 'feature_id, eggs', consistent: true },
  );
  const eggs = new Map(votes.map((vote) => [String(vote.feature_id), Number(vote.eggs)]));
  return features.map((feature) => {
    const yours = eggs.get(feature.id);
    return yours ? { ...feature, your_eggs: yours } : feature;
  });
}
