import type { LedgerEntry } from '@hatchworks/shared/schemas/eggs';
import type { User } from '@hatchworks/shared/schemas/users';
import { api } from './api';
import { bearer } from './accounts';

/** Every ledger entry of the caller, newest first, following cursors. */
export async function ledgerOf(token: string): Promise<LedgerEntry[]> {
  const entries: LedgerEntry[] = [];
  let cursor: string | null = null;
  do {
    const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
    const answer = await api<{
      data: { transactions: LedgerEntry[] };
      next_cursor: string | null;
    }>(`/api/user/transactions?limit=100${query}`, { headers: bearer(token) });
    if (answer.status !== 200) throw new Error(`ledger: ${answer.status}`);
    entries.push(...answer.body.data.transactions);
    cursor = answer.body.next_cursor;
  } while (cursor);
  return entries;
}

/** The caller's profile as the API answers it now. */
export async function profileOf(token: string): Promise<User> {
  const answer = await api<{ data: User }>('/api/user/profile', { headers: bearer(token) });
  return answer.body.data;
}

export const sum = (entries: readonly { amount: number }[]) =>
  entries.reduce((total, entry) => total + entry.amount, 0);
