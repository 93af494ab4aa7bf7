import { ulid } from 'ulid';
import type { LedgerKind } from '@hatchworks/shared/schemas/eggs';
import { ledgerKeys } from './keys';

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
  };
}
