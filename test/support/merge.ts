import type { LedgerEntry } from '@hatchworks/shared/schemas/eggs';
import type { Feature, Vote } from '@hatchworks/shared/schemas/features';
import type { MergeResult } from '@hatchworks/shared/schemas/merge';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { expect } from 'vitest';
import { api } from './api';
import { bearer, dataLayer } from './accounts';
import { ledgerOf, profileOf, sum } from './eggs';

/*
 * Helpers of the merge tests. The invariants are the ledger's (docs/architecture.md, "Eggs:
 * a ledger, not a number"), checked the way ledger-invariants.test.ts checks them (balance = sum
 * of the ledger from the API), plus what a merge adds: each vote is paid for by the voter's vote
 * entries, counting the eggs `vote_moved`/`vote_restored` entries carried from one request to
 * another, and total_eggs / vote_count = the sum / number of the votes read from the table.
 */

export type MergeAnswer = { data: MergeResult; error?: string; code?: string };

export function postMerge(token: string, fromId: string, json: unknown) {
  return api<MergeAnswer>(`/api/admin/features/${fromId}/merge`, {
    method: 'POST',
    headers: bearer(token),
    json,
  });
}

export function postUnmerge(token: string, fromId: string) {
  return api<MergeAnswer>(`/api/admin/features/${fromId}/unmerge`, {
    method: 'POST',
    headers: bearer(token),
  });
}

/** POSTs (merge or unmerge) again while the answer is 202, as the web client does. */
export async function untilDone(post: () => ReturnType<typeof postMerge>) {
  for (let round = 0; round < 50; round += 1) {
    const answer = await post();
    if (answer.status !== 202) return answer;
  }
  throw new Error('the merge never finished');
}

export async function featureOf(token: string, id: string): Promise<Feature> {
  const answer = await api<{ data: Feature }>(`/api/features/${id}`, { headers: bearer(token) });
  if (answer.status !== 200) throw new Error(`feature ${id}: ${answer.status}`);
  return answer.body.data;
}

/** A user's votes ('My Votes'), by feature id. */
export async function myVotes(token: string, userId: string): Promise<Map<string, Vote>> {
  const answer = await api<{ data: { votes: Vote[] } }>(`/api/users/${userId}/votes?limit=100`, {
    headers: bearer(token),
  });
  if (answer.status !== 200) throw new Error(`votes: ${answer.status}`);
  return new Map(answer.body.data.votes.map((vote) => [vote.feature_id, vote]));
}

/** The votes on a feature as stored (GSI1, then each read consistently). */
export async function storedVotes(featureId: string) {
  const { client, keys } = await dataLayer();
  const { batchGetItems } = await import('@hatchworks/functions/modules/table/batch-get');
  const { Items = [] } = await client.db.send(
    new QueryCommand({
      TableName: client.tableName,
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.voteKeys.featurePartition(featureId) },
    }),
  );
  const live = await batchGetItems(
    Items.map((item) => keys.voteKeys.item(String(item.user_id), featureId)),
    { consistent: true },
  );
  return live as unknown as {
    user_id: string;
    eggs: number;
    created_at: string;
    updated_at: string;
  }[];
}

/** The feature as stored (consistent read). */
export async function storedFeature(id: string) {
  await dataLayer();
  const { getFeature } = await import('@hatchworks/functions/modules/features/features-repository');
  return getFeature(id);
}

/**
 * total_eggs = sum of the votes and vote_count = number of votes, for each feature, and its rank
 * keys carry its total and status (lists sorted by eggs).
 */
export async function expectTotalsExact(
  fromId: string,
  intoId: string,
  // A process killed between a step's transaction and its settling leaves a rank behind (the
  // next step or list settles it): checked once a run is over.
  { ranks = true }: { ranks?: boolean } = {},
): Promise<void> {
  const { hasSettledRank } =
    await import('@hatchworks/functions/modules/features/features-repository');
  for (const id of [fromId, intoId]) {
    const [feature, votes] = await Promise.all([storedFeature(id), storedVotes(id)]);
    if (ranks) expect(feature && hasSettledRank(feature)).toBe(true);
    expect({ id, total_eggs: feature?.total_eggs, vote_count: feature?.vote_count }).toEqual({
      id,
      total_eggs: sum(votes.map((vote) => ({ amount: vote.eggs }))),
      vote_count: votes.length,
    });
  }
}

/** What the voter's ledger says they have on each feature (votes, moved in, moved out). */
export function paidPerFeature(ledger: readonly LedgerEntry[]): Map<string, number> {
  const paid = new Map<string, number>();
  const add = (id: string, eggs: number) => paid.set(id, (paid.get(id) ?? 0) + eggs);
  for (const entry of ledger) {
    if (entry.kind === 'vote') add(entry.reference, -entry.amount);
    if ((entry.kind === 'vote_moved' || entry.kind === 'vote_restored') && entry.moved) {
      expect(entry.amount).toBe(0);
      add(entry.moved.from_id, -entry.moved.eggs);
      add(entry.moved.into_id, entry.moved.eggs);
    }
  }
  for (const [id, eggs] of paid) if (eggs === 0) paid.delete(id);
  return paid;
}

/**
 * Per voter: balance = sum of the ledger (never negative), every balance_after ≥ 0, and each vote
 * in 'My Votes' holds exactly what the ledger paid for it.
 */
export async function expectLedgerExact(voter: { token: string; user: { id: string } }) {
  const [profile, ledger, votes] = await Promise.all([
    profileOf(voter.token),
    ledgerOf(voter.token),
    myVotes(voter.token, voter.user.id),
  ]);
  expect(sum(ledger)).toBe(profile.egg_balance);
  expect(profile.egg_balance).toBeGreaterThanOrEqual(0);
  expect(ledger.every((entry) => entry.balance_after >= 0)).toBe(true);
  const held = new Map([...votes].map(([id, vote]) => [id, vote.eggs_allocated]));
  expect(paidPerFeature(ledger)).toEqual(held);
  return { balance: profile.egg_balance, ledger, votes };
}
