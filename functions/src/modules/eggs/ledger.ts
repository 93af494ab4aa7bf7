import { ulid } from 'ulid';
import type { LedgerEntry, LedgerFeature, LedgerKind } from '@hatchworks/shared/schemas/eggs';
import { ledgerKeys } from '../table/keys';

export type { LedgerKind };

/**
 * An immutable ledger entry item: what changed a balance, by how much, why, and the balance it
 * left. It is written in the same transaction as the balance update it records.
 */
export function ledgerEntryItem(entry: {
  userId: string;
  kind: LedgerKind;
  amount: number;
  reference: string;
  balanceAfter: number;
  now: Date;
  /** The vote a merge moved or an unmerge put back. */
  moved?: { eggs: number; from_id: string; into_id: string };
}) {
  const id = ulid(entry.now.getTime());
  return {
    ...ledgerKeys.entry(entry.userId, id),
    entity: 'LedgerEntry',
    id,
    user_id: entry.userId,
    kind: entry.kind,
    amount: entry.amount,
    reference: entry.reference,
    balance_after: entry.balanceAfter,
    created_at: entry.now.toISOString(),
    ...(entry.moved ? { moved: entry.moved } : {}),
  };
}

/** The kinds whose `reference` is the id of a feature request. */
const FEATURE_KINDS: ReadonlySet<LedgerKind> = new Set([
  'feature_creation',
  'vote',
  'refund',
  // A vote moved by a merge (reference: the request it moved to) or put back.
  'vote_moved',
  'vote_restored',
]);

/** The id of the feature request an entry is about, if it is about one. */
export function referencedFeatureId(entry: Pick<LedgerEntry, 'kind' | 'reference'>) {
  return FEATURE_KINDS.has(entry.kind) ? entry.reference : undefined;
}

/**
 * Entries with the feature request each is about (`null` when it is not in `features`: gone, or
 * not for the reader's eyes). Other kinds are left as they are; the entries stay immutable, this
 * is a join made when they are read.
 */
export function withFeatures(
  entries: readonly LedgerEntry[],
  features: ReadonlyMap<string, LedgerFeature>,
): LedgerEntry[] {
  return entries.map((entry) => {
    const featureId = referencedFeatureId(entry);
    return featureId === undefined ? entry : { ...entry, feature: features.get(featureId) ?? null };
  });
}
