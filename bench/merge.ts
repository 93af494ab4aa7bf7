import { BatchWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { performance } from 'node:perf_hooks';

/**
 * The merge of a request holding 1,000 votes into another, and its unmerge, timed, with
 * the DynamoDB calls they make (TransactWriteItems attempts included). The voters, their ledgers
 * and votes are written straight into the bench's table (welcome + vote ledger entries, so every
 * ledger invariant holds), a fifth of them voting on both requests; the merge then runs the real
 * steps (`mergeFeature`, 15 votes per transaction) in this process, against the stack's DynamoDB
 * Local. The invariant check after the run covers the merged votes too.
 */

export interface MergeBenchResult {
  readonly votes: number;
  readonly votersOnBoth: number;
  readonly merge: PhaseResult;
  readonly unmerge: PhaseResult;
  /** Whether the totals came out exact after each phase (A + B unchanged, A back as it was). */
  readonly exact: boolean;
}

interface PhaseResult {
  readonly ms: number;
  readonly steps: number;
  readonly calls: Record<string, number>;
  readonly failed: Record<string, number>;
}

type Client = DynamoDBDocumentClient;

async function writeAll(db: Client, tableName: string, items: Record<string, unknown>[]) {
  for (let start = 0; start < items.length; start += 25) {
    let pending = items.slice(start, start + 25).map((Item) => ({ PutRequest: { Item } }));
    while (pending.length > 0) {
      const answer = await db.send(
        new BatchWriteCommand({ RequestItems: { [tableName]: pending } }),
      );
      pending = (answer.UnprocessedItems?.[tableName] ?? []) as typeof pending;
    }
  }
}

/** Counts the calls of `db` while `counting` is set, by command, failed ones apart. */
function callCounter(db: Client) {
  const state = {
    counting: false,
    calls: {} as Record<string, number>,
    failed: {} as Record<string, number>,
  };
  db.middlewareStack.add(
    (next, context) => async (args) => {
      if (!state.counting) return next(args);
      const command = (context.commandName ?? 'Unknown').replace(/Command$/, '');
      state.calls[command] = (state.calls[command] ?? 0) + 1;
      try {
        return await next(args);
      } catch (error) {
        state.failed[command] = (state.failed[command] ?? 0) + 1;
        throw error;
      }
    },
    { step: 'initialize', name: 'benchMergeCounter' },
  );
  return state;
}

export async function benchMerge(db: Client, tableName: string, votes = 1_000) {
  const { featureIndexKeys } =
    await import('@hatchworks/functions/modules/features/features-repository');
  const { featureKeys, ledgerKeys, userKeys, voteKeys } =
    await import('@hatchworks/functions/modules/table/keys');
  const { mergeFeature, unmergeFeature } =
    await import('@hatchworks/functions/modules/votable/feature-kind');
  const { getFeature } = await import('@hatchworks/functions/modules/features/features-repository');
  const now = new Date().toISOString();
  const run = Date.now().toString(36);
  const fromId = `bench-merge-a-${run}`;
  const intoId = `bench-merge-b-${run}`;
  const items: Record<string, unknown>[] = [];
  const totals = { [fromId]: 0, [intoId]: 0 };
  const counts = { [fromId]: 0, [intoId]: 0 };
  let votersOnBoth = 0;
  for (let index = 0; index < votes; index += 1) {
    const userId = `bench-merge-user-${run}-${index}`;
    const targets = index % 5 === 0 ? [fromId, intoId] : [fromId];
    if (targets.length === 2) votersOnBoth += 1;
    let balance = 0;
    let entry = 0;
    const ledger = (kind: string, amount: number, reference: string) => {
      balance += amount;
      entry += 1;
      const id = `${run}${String(index).padStart(6, '0')}${entry}`;
      items.push({
        ...ledgerKeys.entry(userId, id),
        entity: 'LedgerEntry',
        id,
        user_id: userId,
        kind,
        amount,
        reference,
        balance_after: balance,
        created_at: now,
      });
    };
    ledger('welcome', 500, 'welcome');
    for (const featureId of targets) {
      const eggs = 1 + ((index * 7 + featureId.length) % 20);
      ledger('vote', -eggs, featureId);
      totals[featureId] = (totals[featureId] ?? 0) + eggs;
      counts[featureId] = (counts[featureId] ?? 0) + 1;
      items.push({
        ...voteKeys.item(userId, featureId),
        ...voteKeys.byFeature(featureId, userId),
        entity: 'Vote',
        user_id: userId,
        feature_id: featureId,
        eggs,
        created_at: now,
        updated_at: now,
      });
    }
    items.push({
      ...userKeys.item(userId),
      entity: 'User',
      id: userId,
      egg_balance: balance,
      role: 'user',
      created_at: now,
    });
  }
  for (const id of [fromId, intoId]) {
    const total = totals[id] ?? 0;
    items.push({
      ...featureKeys.item(id),
      ...featureIndexKeys('approved', total, id),
      ...featureKeys.inProject(`bench-merge-project-${run}`),
      entity: 'Feature',
      id,
      title: `Bench merge ${id}`,
      description: 'A request of the merge bench.',
      feature_type: 'new_feature',
      project_id: `bench-merge-project-${run}`,
      project_title: 'Bench',
      user_id: 'bench',
      user_display_name: 'Bench',
      user_username: 'bench',
      status: 'approved',
      priority_level: 'medium',
      total_eggs: total,
      vote_count: counts[id] ?? 0,
      tags: [],
      created_at: now,
      updated_at: now,
    });
  }
  await writeAll(db, tableName, items);

  const counter = callCounter(db);
  const phase = async (work: (afterStep: () => void) => Promise<unknown>): Promise<PhaseResult> => {
    counter.calls = {};
    counter.failed = {};
    let steps = 0;
    counter.counting = true;
    const started = performance.now();
    await work(() => {
      steps += 1;
    });
    const ms = Math.round(performance.now() - started);
    counter.counting = false;
    return { ms, steps, calls: counter.calls, failed: counter.failed };
  };
  const options = (afterStep: () => void) => ({ budgetMs: 600_000, afterStep });
  const sumBefore = (totals[fromId] ?? 0) + (totals[intoId] ?? 0);
  const merge = await phase((afterStep) =>
    mergeFeature(fromId, intoId, 'bench', options(afterStep)),
  );
  const [mergedA, mergedB] = await Promise.all([getFeature(fromId), getFeature(intoId)]);
  const mergedExact =
    mergedA?.total_eggs === 0 &&
    mergedA.vote_count === 0 &&
    mergedB?.total_eggs === sumBefore &&
    mergedB.vote_count === votes;
  const unmerge = await phase((afterStep) => unmergeFeature(fromId, 'bench', options(afterStep)));
  const [backA, backB] = await Promise.all([getFeature(fromId), getFeature(intoId)]);
  const unmergedExact =
    backA?.status === 'approved' &&
    backA.total_eggs === totals[fromId] &&
    backA.vote_count === votes &&
    backB?.total_eggs === totals[intoId] &&
    backB?.vote_count === counts[intoId];
  return {
    votes,
    votersOnBoth,
    merge,
    unmerge,
    exact: mergedExact && unmergedExact,
  } satisfies MergeBenchResult;
}

export function formatMergeBench(result: MergeBenchResult): string {
  const line = (name: string, phase: PhaseResult) => {
    const calls = Object.entries(phase.calls)
      .map(
        ([command, count]) =>
          `${command} ${count}${phase.failed[command] ? ` (${phase.failed[command]} failed)` : ''}`,
      )
      .join(', ');
    return `  ${name}: ${(phase.ms / 1000).toFixed(2)} s, ${phase.steps} steps; ${calls}`;
  };
  return [
    `Merge of ${result.votes} votes (${result.votersOnBoth} voters on both requests), then unmerge:`,
    line('merge  ', result.merge),
    line('unmerge', result.unmerge),
    `  totals exact after each: ${result.exact ? 'yes' : 'NO'}`,
  ].join('\n');
}
