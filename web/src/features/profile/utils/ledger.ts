import type { LedgerEntry, LedgerKind } from '@hatchworks/shared/schemas/eggs';

/** What each kind of ledger entry is called in the Egg History. */
export const LEDGER_KIND_LABELS: Readonly<Record<LedgerKind, string>> = {
  welcome: 'Welcome bonus',
  daily_claim: 'Daily claim',
  feature_creation: 'Feature request',
  vote: 'Vote',
  refund: 'Refund',
  admin_adjustment: 'Admin adjustment',
  vote_moved: 'Vote moved by a merge',
  vote_restored: 'Vote restored by an unmerge',
};

/** The admin's reason of an adjustment (its `reference`), else undefined. */
export function adjustmentReason(entry: Pick<LedgerEntry, 'kind' | 'reference'>) {
  return entry.kind === 'admin_adjustment' && entry.reference.trim()
    ? entry.reference.trim()
    : undefined;
}

const signed = new Intl.NumberFormat('en-US', { signDisplay: 'exceptZero' });
const plain = new Intl.NumberFormat('en-US');

/**
 * A signed egg amount as text, so the sign never depends on colour alone: `+500`, `−100`
 * (a real minus sign), `0`.
 */
export function formatEggAmount(amount: number): string {
  return signed.format(amount).replace('-', '−');
}

/** Whether an amount adds eggs, spends them, or neither: drives the amount's colour. */
export function amountDirection(amount: number): 'credit' | 'debit' | 'none' {
  if (amount > 0) return 'credit';
  if (amount < 0) return 'debit';
  return 'none';
}

/** A count of eggs for people: `1,250`. */
export function formatEggs(eggs: number): string {
  return plain.format(eggs);
}

/** `1 egg`, `25 eggs`, `1,250 eggs`. */
export function eggsText(eggs: number): string {
  return `${formatEggs(eggs)} ${Math.abs(eggs) === 1 ? 'egg' : 'eggs'}`;
}

/** `1 vote`, `3 votes`. */
export function votesText(votes: number): string {
  return `${formatEggs(votes)} ${votes === 1 ? 'vote' : 'votes'}`;
}

/**
 * A moment for people in their own time zone, `Nov 23, 2026, 4:22 PM`; the raw text when it is
 * not a date.
 */
export function formatDateTime(value: string, timeZone?: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return date.toLocaleString('en-US', {
    dateStyle: 'medium',
    timeStyle: 'short',
    ...(timeZone ? { timeZone } : {}),
  });
}
