import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { FeatureStatus } from '@hatchworks/shared/schemas/features';
import {
  MERGE_MESSAGES,
  unmergeAllowed,
  unmergeUntil,
  type MergeState,
  type MergeStatus,
} from '@hatchworks/shared/schemas/merge';
import { projectCountDeltas } from '../domain/feature-lifecycle';
import { AppError, ConflictError, NotFoundError } from '../lib/errors';
import { logger } from '../lib/logger';
import { batchGetItems } from './batch-get';
import { db, tableName } from './client';
import {
  featureCountersUpdate,
  featureIndexUpdate,
  getFeature,
  projectCountsUpdate,
  settleFeatureRank,
  type StoredFeature,
} from './features-repository';
import { featureKeys, mergeKeys, userKeys, voteKeys } from './keys';
import { ledgerEntryItem } from './ledger';
import { followerUpdate, notificationEventItem } from './notification-events';
import { getProject } from './projects-repository';
import { featureRoadmapWrite } from './roadmap-repository';
import {
  runMergeSteps,
  startUnmerge,
  tryTransact,
  votesPerStep,
  type MergeOptions,
  type MergeRun,
} from './merge-steps';
import type { TransactItem } from './transactions';

export type { MergeOptions, MergeRun } from './merge-steps';
import type { StoredVote } from './votes-repository';

/*
 * Merging feature request A into B, in idempotent steps, each ONE transaction:
 *
 * 1. start: the `MERGE#<A>` / `MERGE` state record (state `merging`), A becomes `merged` (so the
 *    vote's own `status = approved` condition refuses every later vote on A), B gets A in its
 *    `merged_from`, the counters move.
 * 2. move, batch after batch of at most 15 of A's votes (Query GSI1 `FEATURE_VOTES#<A>`, then a
 *    consistent read of each): per vote the move record `MERGE#<A>` / `VOTE#<user>`
 *    (`attribute_not_exists`), A's vote deleted (condition: eggs as read), B's vote grown (eggs as
 *    read) or created (`attribute_not_exists`), a `vote_moved` ledger entry of amount 0 whose
 *    `balance_after` is the balance as read, checked unchanged by a ConditionCheck (the balance is
 *    never written), the voter following B; then A's totals `ADD -sum, -n`, B's `ADD +sum, +new
 *    voters`, and the state record's counts (condition: still `merging`).
 * 3. finish: state `merged` with `merged_at`, one `merged` notification event on A.
 *
 * A step that fails (a condition, a crash, a killed process) changed nothing; the next run reads
 * again and goes on where the table says it stands: moved votes are gone from A. Unmerge runs the
 * same way backwards from the move records. See README.md, "Merging feature requests".
 */

/** The merge state record (`MERGE#<A>` / `MERGE`). */
export interface StoredMerge {
  readonly from_id: string;
  readonly into_id: string;
  readonly from_title: string;
  readonly into_title: string;
  readonly state: MergeState;
  readonly status_before_merge: FeatureStatus;
  readonly by: string;
  readonly started_at: string;
  readonly merged_at?: string;
  readonly unmerge_started_at?: string;
  readonly unmerged_at?: string;
  readonly unmerged_by?: string;
  readonly moved: number;
  readonly eggs_moved: number;
}

/** What moving one vote did, enough to undo it exactly (`MERGE#<A>` / `VOTE#<user>`). */
export interface StoredMove {
  readonly user_id: string;
  readonly from_id: string;
  readonly into_id: string;
  /** The eggs moved: the whole vote on A. */
  readonly eggs: number;
  /** A's vote as it was (put back as it was by an unmerge). */
  readonly from_vote: { eggs: number; created_at: string; updated_at: string };
  /** The voter's vote on B before the move; null when the move created it. */
  readonly into_vote_before: { eggs: number; created_at: string; updated_at: string } | null;
  readonly moved_at: string;
}

interface StoredUserBalance {
  readonly id: string;
  readonly egg_balance: number;
}

const SOURCE_STATUSES: readonly FeatureStatus[] = ['pending', 'approved'];
const TARGET_STATUSES: readonly FeatureStatus[] = ['approved', 'in_progress', 'completed'];

const conflict = (message: string) => new ConflictError(message);

async function getItem<T>(key: Record<string, string>): Promise<T | undefined> {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName, Key: key, ConsistentRead: true }),
  );
  return Item as T | undefined;
}

export const getMergeRecord = (fromId: string) => getItem<StoredMerge>(mergeKeys.state(fromId));

/** The merge as the API answers it; `remaining` from A's live vote count or the records left. */
export function mergeStatus(record: StoredMerge, remaining: number | null): MergeStatus {
  return {
    from_id: record.from_id,
    into_id: record.into_id,
    from_title: record.from_title,
    into_title: record.into_title,
    state: record.state,
    moved: record.moved,
    remaining: record.state === 'merged' || record.state === 'unmerged' ? 0 : remaining,
    eggs_moved: record.eggs_moved,
    ...(record.merged_at
      ? {
          merged_at: record.merged_at,
          unmerge_until: unmergeUntil(record.merged_at).toISOString(),
        }
      : {}),
    ...(record.unmerged_at ? { unmerged_at: record.unmerged_at } : {}),
  };
}

/** `GET /api/admin/features/{id}/merge`: where the merge of `fromId` stands, or 404. */
export async function readMergeStatus(fromId: string): Promise<MergeStatus> {
  const record = await getMergeRecord(fromId);
  if (!record) {
    if (!(await getFeature(fromId))) throw new NotFoundError(MERGE_MESSAGES.notFound);
    throw new NotFoundError(MERGE_MESSAGES.notMerged);
  }
  return mergeStatus(record, await remainingOf(record));
}

async function remainingOf(record: StoredMerge): Promise<number | null> {
  if (record.state === 'merging') {
    const from = await getFeature(record.from_id);
    return from ? from.vote_count : null;
  }
  if (record.state === 'unmerging') return record.moved;
  return 0;
}

/**
 * Whether a merge into `feature` can still be undone: it is unfinished, or finished less than 30
 * days ago. Such a request may not be merged itself (no chains: its merged votes would move on).
 */
function hasUndoableMergeInto(feature: StoredFeature, now: Date): boolean {
  return Object.values(feature.merged_from ?? {}).some(
    ({ merged_at: mergedAt }) => mergedAt === undefined || unmergeAllowed(mergedAt, now),
  );
}

/**
 * The rules of starting a merge of `from` into `into` (409/404 with a message), exported for the
 * unit tests. A: pending or approved, nothing merged into it that can still be undone; B: approved,
 * in progress or completed.
 */
export function checkMergeAllowed(
  from: StoredFeature,
  into: StoredFeature | undefined,
  now: Date,
): asserts into is StoredFeature {
  if (!into) throw new NotFoundError(MERGE_MESSAGES.intoNotFound);
  if (from.status === 'merged' && from.merged_into) {
    throw conflict(MERGE_MESSAGES.alreadyMerged(from.merged_into.title));
  }
  if (!SOURCE_STATUSES.includes(from.status)) throw conflict(MERGE_MESSAGES.sourceStatus);
  if (!TARGET_STATUSES.includes(into.status)) throw conflict(MERGE_MESSAGES.targetStatus);
  if (hasUndoableMergeInto(from, now)) throw conflict(MERGE_MESSAGES.hasMergedFrom);
}

/**
 * The rule of undoing a merge (409 with a message), exported for the unit tests: a finished merge
 * within 30 days of `merged_at`, whose target has not been merged elsewhere since.
 */
export function checkUnmergeAllowed(
  record: StoredMerge | undefined,
  into: Pick<StoredFeature, 'status' | 'title'> | undefined,
  now: Date,
): asserts record is StoredMerge {
  if (!record || record.state === 'unmerged') throw conflict(MERGE_MESSAGES.notMerged);
  if (record.state === 'merged' && record.merged_at && !unmergeAllowed(record.merged_at, now)) {
    throw conflict(MERGE_MESSAGES.unmergeWindow);
  }
  if (into?.status === 'merged') throw conflict(MERGE_MESSAGES.targetMergedSince(into.title));
}

/**
 * `POST /api/admin/features/{fromId}/merge`: starts the merge of A (`fromId`) into B (`intoId`)
 * or resumes it, running steps until it is done or the time budget is used. Safe to call again
 * at any time (after a crash, from two tabs at once): each step is one conditional transaction.
 */
export async function mergeFeature(
  fromId: string,
  intoId: string,
  actorId: string,
  options: MergeOptions = {},
): Promise<MergeRun> {
  if (fromId === intoId) throw new AppError(400, 'VALIDATION_ERROR', MERGE_MESSAGES.sameRequest);
  const clock = options.now ?? (() => new Date());
  return runMergeSteps(
    {
      step: async () => {
        const [record, from] = await Promise.all([getMergeRecord(fromId), getFeature(fromId)]);
        if (!from) throw new NotFoundError(MERGE_MESSAGES.notFound);
        if (record && (record.state === 'merging' || record.state === 'merged')) {
          if (record.into_id !== intoId)
            throw conflict(MERGE_MESSAGES.alreadyMerged(record.into_title));
          if (record.state === 'merged') return 'finished';
          return mergeStep(record, from, options, clock());
        }
        if (record?.state === 'unmerging') throw conflict(MERGE_MESSAGES.busy);
        const into = await getFeature(intoId);
        checkMergeAllowed(from, into, clock());
        return startMerge(record, from, into, actorId, clock());
      },
      read: () => getMergeRecord(fromId),
      finished: (record) => record.state === 'merged',
      answer: async (record) => mergeStatus(record, await remainingOf(record)),
    },
    options,
  );
}

/** Step 1 of a merge: the state record, A merged, B told, the counters. */
async function startMerge(
  previous: StoredMerge | undefined,
  from: StoredFeature,
  into: StoredFeature,
  actorId: string,
  now: Date,
): Promise<boolean> {
  const timestamp = now.toISOString();
  const record: StoredMerge = {
    from_id: from.id,
    into_id: into.id,
    from_title: from.title,
    into_title: into.title,
    state: 'merging',
    status_before_merge: from.status,
    by: actorId,
    started_at: timestamp,
    moved: 0,
    eggs_moved: 0,
  };
  const index = featureIndexUpdate('merged', from.total_eggs, from.id);
  const project = await getProject(from.project_id);
  const deltas = projectCountDeltas(from.status, 'merged');
  const entry = { id: from.id, title: from.title, started_at: timestamp };
  const items: TransactItem[] = [
    {
      Put: {
        TableName: tableName,
        Item: { ...mergeKeys.state(from.id), entity: 'Merge', ...record },
        // A first merge, or a new one after an unmerge (as read).
        ConditionExpression: previous
          ? '#state = :unmerged AND started_at = :previousStart'
          : 'attribute_not_exists(PK)',
        ...(previous
          ? {
              ExpressionAttributeNames: { '#state': 'state' },
              ExpressionAttributeValues: {
                ':unmerged': 'unmerged',
                ':previousStart': previous.started_at,
              },
            }
          : {}),
      },
    },
    {
      Update: {
        TableName: tableName,
        Key: featureKeys.item(from.id),
        UpdateExpression:
          `SET #status = :merged, status_before_merge = :before, merged_into = :into, ` +
          `updated_at = :now, ${index.set.join(', ')}` +
          (index.remove.length ? ` REMOVE ${index.remove.join(', ')}` : ''),
        // The rank written carries the total as read: a vote that landed meanwhile reads again.
        ConditionExpression: '#status = :before AND total_eggs = :total',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':merged': 'merged',
          ':before': from.status,
          ':into': { id: into.id, title: into.title },
          ':now': timestamp,
          ':total': from.total_eggs,
          ...index.values,
        },
      },
    },
    {
      Update: {
        TableName: tableName,
        Key: featureKeys.item(into.id),
        UpdateExpression: into.merged_from
          ? 'SET merged_from.#from = :entry'
          : 'SET merged_from = :entries',
        ConditionExpression:
          '#status IN (:approved, :inProgress, :completed)' +
          (into.merged_from
            ? ' AND attribute_exists(merged_from)'
            : ' AND attribute_not_exists(merged_from)'),
        ExpressionAttributeNames: {
          '#status': 'status',
          ...(into.merged_from ? { '#from': from.id } : {}),
        },
        ExpressionAttributeValues: {
          ...(into.merged_from ? { ':entry': entry } : { ':entries': { [from.id]: entry } }),
          ':approved': 'approved',
          ':inProgress': 'in_progress',
          ':completed': 'completed',
        },
      },
    },
    featureCountersUpdate({ [from.status]: -1, merged: 1 }),
    ...(project && (deltas.open !== 0 || deltas.completed !== 0)
      ? [projectCountsUpdate(project.id, project.feature_counts !== undefined, deltas)]
      : []),
    // A pending or approved request is on no roadmap column; kept for the day that changes.
    ...featureRoadmapWrite(from, 'merged', now),
  ];
  const done = await tryTransact(items, 'start merge');
  if (done) await settle(from.id);
  return done;
}

async function settle(...ids: string[]) {
  await Promise.all(
    ids.map((id) =>
      settleFeatureRank(id).catch((error: unknown) =>
        logger.warn('rank not settled after a merge step', { id, error }),
      ),
    ),
  );
}

/** Up to `limit` of A's votes as they are now (GSI1 read, then each vote read consistently). */
async function votesOf(featureId: string, limit: number): Promise<StoredVote[]> {
  const { Items = [] } = await db.send(
    new QueryCommand({
      TableName: tableName,
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': voteKeys.featurePartition(featureId) },
      Limit: limit,
    }),
  );
  // The index is eventually consistent: a vote moved a moment ago may still be listed.
  const live = await batchGetItems(
    Items.map((item) => voteKeys.item(String(item.user_id), featureId)),
    { consistent: true },
  );
  return live as unknown as StoredVote[];
}

/** The users' balances as they are now, by id. */
async function balancesOf(userIds: readonly string[]): Promise<Map<string, StoredUserBalance>> {
  const users = (await batchGetItems(
    userIds.map((id) => userKeys.item(id)),
    { consistent: true, projection: 'id, egg_balance' },
  )) as unknown as StoredUserBalance[];
  return new Map(users.map((user) => [user.id, user]));
}

/** The votes of these users on feature `featureId`, by user id. */
async function votesOn(featureId: string, userIds: readonly string[]) {
  const votes = (await batchGetItems(
    userIds.map((id) => voteKeys.item(id, featureId)),
    { consistent: true },
  )) as unknown as StoredVote[];
  return new Map(votes.map((vote) => [vote.user_id, vote]));
}

/** The ledger entry of a moved or restored vote and the check that the balance is as read. */
function ledgerItems(
  user: StoredUserBalance,
  kind: 'vote_moved' | 'vote_restored',
  moved: { eggs: number; from_id: string; into_id: string },
  now: Date,
): TransactItem[] {
  return [
    {
      Put: {
        TableName: tableName,
        Item: ledgerEntryItem({
          userId: user.id,
          kind,
          amount: 0,
          reference: moved.into_id,
          balanceAfter: user.egg_balance,
          now,
          moved,
        }),
      },
    },
    {
      ConditionCheck: {
        TableName: tableName,
        Key: userKeys.item(user.id),
        ConditionExpression: 'egg_balance = :read',
        ExpressionAttributeValues: { ':read': user.egg_balance },
      },
    },
  ];
}

/**
 * One step of a merge in state `merging`: a batch of A's votes moves to B in one transaction, or,
 * with none left, the finish. Answers whether a transaction committed.
 */
async function mergeStep(
  record: StoredMerge,
  from: StoredFeature,
  options: MergeOptions,
  now: Date,
): Promise<boolean> {
  const votes = await votesOf(from.id, votesPerStep(options));
  if (votes.length === 0) {
    // Every vote has moved when A's own counts say so (they move in the same transactions).
    if (from.vote_count !== 0 || from.total_eggs !== 0) return false;
    return finishMerge(record, now);
  }
  const timestamp = now.toISOString();
  const userIds = votes.map((vote) => vote.user_id);
  const [intoVotes, balances] = await Promise.all([
    votesOn(record.into_id, userIds),
    balancesOf(userIds),
  ]);
  const items: TransactItem[] = [];
  let eggs = 0;
  let newVoters = 0;
  for (const vote of votes) {
    const user = balances.get(vote.user_id);
    if (!user) throw new Error(`A voter of ${from.id} has no user item: ${vote.user_id}`);
    const before = intoVotes.get(vote.user_id);
    const move: StoredMove = {
      user_id: vote.user_id,
      from_id: from.id,
      into_id: record.into_id,
      eggs: vote.eggs,
      from_vote: { eggs: vote.eggs, created_at: vote.created_at, updated_at: vote.updated_at },
      into_vote_before: before
        ? { eggs: before.eggs, created_at: before.created_at, updated_at: before.updated_at }
        : null,
      moved_at: timestamp,
    };
    eggs += vote.eggs;
    if (!before) newVoters += 1;
    items.push(
      {
        Put: {
          TableName: tableName,
          Item: { ...mergeKeys.vote(from.id, vote.user_id), entity: 'MergeMove', ...move },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
      {
        Delete: {
          TableName: tableName,
          Key: voteKeys.item(vote.user_id, from.id),
          ConditionExpression: 'eggs = :eggs',
          ExpressionAttributeValues: { ':eggs': vote.eggs },
        },
      },
      before
        ? {
            Update: {
              TableName: tableName,
              Key: voteKeys.item(vote.user_id, record.into_id),
              UpdateExpression: 'SET eggs = :eggs, updated_at = :now',
              ConditionExpression: 'eggs = :read',
              ExpressionAttributeValues: {
                ':eggs': before.eggs + vote.eggs,
                ':read': before.eggs,
                ':now': timestamp,
              },
            },
          }
        : {
            Put: {
              TableName: tableName,
              Item: {
                ...voteKeys.item(vote.user_id, record.into_id),
                ...voteKeys.byFeature(record.into_id, vote.user_id),
                entity: 'Vote',
                user_id: vote.user_id,
                feature_id: record.into_id,
                eggs: vote.eggs,
                created_at: timestamp,
                updated_at: timestamp,
              },
              ConditionExpression: 'attribute_not_exists(PK)',
            },
          },
      ...ledgerItems(
        user,
        'vote_moved',
        { eggs: vote.eggs, from_id: from.id, into_id: record.into_id },
        now,
      ),
      {
        Update: {
          TableName: tableName,
          ...followerUpdate({ type: 'feature', id: record.into_id }, vote.user_id, 'voter', now),
        },
      },
    );
  }
  items.push(
    featureTotals(from.id, -eggs, -votes.length, timestamp, ['merged']),
    featureTotals(record.into_id, eggs, newVoters, timestamp, TARGET_STATUSES),
    stateCounts(from.id, 'merging', votes.length, eggs),
  );
  const done = await tryTransact(items, 'move votes');
  if (done) await settle(from.id, record.into_id);
  return done;
}

/** `ADD` to a feature's totals, on the condition that its status is one of `statuses`. */
function featureTotals(
  id: string,
  eggs: number,
  voters: number,
  timestamp: string,
  statuses: readonly FeatureStatus[],
): TransactItem {
  const names = statuses.map((_, index) => `:status${index}`);
  return {
    Update: {
      TableName: tableName,
      Key: featureKeys.item(id),
      UpdateExpression: 'SET updated_at = :now ADD total_eggs :eggs, vote_count :voters',
      ConditionExpression: `#status IN (${names.join(', ')})`,
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':eggs': eggs,
        ':voters': voters,
        ':now': timestamp,
        ...Object.fromEntries(statuses.map((status, index) => [`:status${index}`, status])),
      },
    },
  };
}

/** The state record's counts, on the condition that it is still in `state`. */
function stateCounts(fromId: string, state: MergeState, votes: number, eggs: number): TransactItem {
  return {
    Update: {
      TableName: tableName,
      Key: mergeKeys.state(fromId),
      UpdateExpression: 'ADD moved :votes, eggs_moved :eggs',
      ConditionExpression: '#state = :state',
      ExpressionAttributeNames: { '#state': 'state' },
      ExpressionAttributeValues: { ':votes': votes, ':eggs': eggs, ':state': state },
    },
  };
}

/** The last step of a merge: state `merged`, `merged_at` on A and in B's entry, the event. */
async function finishMerge(record: StoredMerge, now: Date): Promise<boolean> {
  const timestamp = now.toISOString();
  const items: TransactItem[] = [
    {
      Update: {
        TableName: tableName,
        Key: mergeKeys.state(record.from_id),
        UpdateExpression: 'SET #state = :merged, merged_at = :now',
        ConditionExpression: '#state = :merging',
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: {
          ':merged': 'merged',
          ':merging': 'merging',
          ':now': timestamp,
        },
      },
    },
    {
      Update: {
        TableName: tableName,
        Key: featureKeys.item(record.from_id),
        UpdateExpression: 'SET merged_at = :now',
        ConditionExpression: '#status = :merged AND vote_count = :zero',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':now': timestamp, ':merged': 'merged', ':zero': 0 },
      },
    },
    {
      Update: {
        TableName: tableName,
        Key: featureKeys.item(record.into_id),
        UpdateExpression: 'SET merged_from.#from.merged_at = :now',
        ConditionExpression: 'attribute_exists(merged_from.#from)',
        ExpressionAttributeNames: { '#from': record.from_id },
        ExpressionAttributeValues: { ':now': timestamp },
      },
    },
    // A's followers (its author, voters, commenters) hear where it went (the notification fan-out).
    {
      Put: {
        TableName: tableName,
        Item: notificationEventItem(
          {
            kind: 'merged',
            subject: { type: 'feature', id: record.from_id, title: record.from_title },
            actorId: record.by,
            details: { into_id: record.into_id, into_title: record.into_title },
          },
          now,
        ),
      },
    },
  ];
  return tryTransact(items, 'finish merge');
}

/**
 * `POST /api/admin/features/{fromId}/unmerge`: undoes the merge of A (`fromId`) or resumes undoing
 * it: every moved vote goes back to A exactly as it was (B's vote loses those eggs, and goes when
 * the move created it and it holds just those eggs), then A gets its status back and B forgets it.
 */
export async function unmergeFeature(
  fromId: string,
  actorId: string,
  options: MergeOptions = {},
): Promise<MergeRun> {
  const clock = options.now ?? (() => new Date());
  return runMergeSteps(
    {
      step: async () => {
        const record = await getMergeRecord(fromId);
        if (!record) {
          if (!(await getFeature(fromId))) throw new NotFoundError(MERGE_MESSAGES.notFound);
          throw conflict(MERGE_MESSAGES.notMerged);
        }
        // Asked again after it finished (a retried POST): the outcome stands.
        if (record.state === 'unmerged') return 'finished';
        if (record.state === 'unmerging') return unmergeStep(record, options, clock());
        const into = await getFeature(record.into_id);
        checkUnmergeAllowed(record, into, clock());
        return startUnmerge(mergeKeys.state(fromId), record.state, actorId, clock());
      },
      read: () => getMergeRecord(fromId),
      finished: (record) => record.state === 'unmerged',
      answer: async (record) => mergeStatus(record, await remainingOf(record)),
    },
    options,
  );
}

/** Up to `limit` move records of the merge of `fromId` (a Query of its own partition). */
async function movesOf(fromId: string, limit: number): Promise<StoredMove[]> {
  const { Items = [] } = await db.send(
    new QueryCommand({
      TableName: tableName,
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: {
        ':pk': mergeKeys.partition(fromId),
        ':prefix': mergeKeys.votePrefix,
      },
      ConsistentRead: true,
      Limit: limit,
    }),
  );
  return Items as StoredMove[];
}

/** One step of an unmerge: a batch of moved votes goes back, or, with none left, the finish. */
async function unmergeStep(
  record: StoredMerge,
  options: MergeOptions,
  now: Date,
): Promise<boolean> {
  const moves = await movesOf(record.from_id, votesPerStep(options));
  if (moves.length === 0) return finishUnmerge(record, now);
  const timestamp = now.toISOString();
  const userIds = moves.map((move) => move.user_id);
  const [intoVotes, balances] = await Promise.all([
    votesOn(record.into_id, userIds),
    balancesOf(userIds),
  ]);
  const items: TransactItem[] = [];
  let eggs = 0;
  let goneVoters = 0;
  for (const move of moves) {
    const user = balances.get(move.user_id);
    const current = intoVotes.get(move.user_id);
    if (!user || !current || current.eggs < move.eggs) {
      // Votes only grow and B cannot be merged while this merge can be undone: never expected.
      throw new Error(`The moved vote of ${move.user_id} on ${record.into_id} is not as moved`);
    }
    eggs += move.eggs;
    const left = current.eggs - move.eggs;
    const remove = move.into_vote_before === null && left === 0;
    if (remove) goneVoters += 1;
    // Nobody voted on B since: the vote gets its old time back too.
    const untouched = move.into_vote_before !== null && left === move.into_vote_before.eggs;
    items.push(
      {
        Put: {
          TableName: tableName,
          Item: {
            ...voteKeys.item(move.user_id, record.from_id),
            ...voteKeys.byFeature(record.from_id, move.user_id),
            entity: 'Vote',
            user_id: move.user_id,
            feature_id: record.from_id,
            ...move.from_vote,
          },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
      remove
        ? {
            Delete: {
              TableName: tableName,
              Key: voteKeys.item(move.user_id, record.into_id),
              ConditionExpression: 'eggs = :read',
              ExpressionAttributeValues: { ':read': current.eggs },
            },
          }
        : {
            Update: {
              TableName: tableName,
              Key: voteKeys.item(move.user_id, record.into_id),
              UpdateExpression: 'SET eggs = :eggs, updated_at = :at',
              ConditionExpression: 'eggs = :read',
              ExpressionAttributeValues: {
                ':eggs': left,
                ':read': current.eggs,
                ':at': untouched ? (move.into_vote_before?.updated_at ?? timestamp) : timestamp,
              },
            },
          },
      ...ledgerItems(
        user,
        'vote_restored',
        { eggs: move.eggs, from_id: record.into_id, into_id: record.from_id },
        now,
      ),
      {
        Delete: {
          TableName: tableName,
          Key: mergeKeys.vote(record.from_id, move.user_id),
          ConditionExpression: 'attribute_exists(PK)',
        },
      },
    );
  }
  items.push(
    featureTotals(record.from_id, eggs, moves.length, timestamp, ['merged']),
    featureTotals(record.into_id, -eggs, -goneVoters, timestamp, TARGET_STATUSES),
    stateCounts(record.from_id, 'unmerging', -moves.length, -eggs),
  );
  const done = await tryTransact(items, 'restore votes');
  if (done) await settle(record.from_id, record.into_id);
  return done;
}

/** The last step of an unmerge: A back to its status, B forgets A, counters back, state `unmerged`. */
async function finishUnmerge(record: StoredMerge, now: Date): Promise<boolean> {
  const from = await getFeature(record.from_id);
  if (!from) throw new Error(`The merged request ${record.from_id} is gone`);
  const timestamp = now.toISOString();
  const to = record.status_before_merge;
  const index = featureIndexUpdate(to, from.total_eggs, from.id);
  const project = await getProject(from.project_id);
  const deltas = projectCountDeltas('merged', to);
  const items: TransactItem[] = [
    {
      Update: {
        TableName: tableName,
        Key: mergeKeys.state(record.from_id),
        UpdateExpression: 'SET #state = :unmerged, unmerged_at = :now',
        ConditionExpression: '#state = :unmerging',
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: {
          ':unmerged': 'unmerged',
          ':unmerging': 'unmerging',
          ':now': timestamp,
        },
      },
    },
    {
      Update: {
        TableName: tableName,
        Key: featureKeys.item(from.id),
        UpdateExpression:
          `SET #status = :to, updated_at = :now, ${index.set.join(', ')} ` +
          `REMOVE ${['merged_into', 'merged_at', 'status_before_merge', ...index.remove].join(', ')}`,
        ConditionExpression: '#status = :merged AND total_eggs = :total',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':to': to,
          ':merged': 'merged',
          ':total': from.total_eggs,
          ':now': timestamp,
          ...index.values,
        },
      },
    },
    {
      Update: {
        TableName: tableName,
        Key: featureKeys.item(record.into_id),
        UpdateExpression: 'REMOVE merged_from.#from',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeNames: { '#from': record.from_id },
      },
    },
    featureCountersUpdate({ merged: -1, [to]: 1 }),
    ...(project && (deltas.open !== 0 || deltas.completed !== 0)
      ? [projectCountsUpdate(project.id, project.feature_counts !== undefined, deltas)]
      : []),
  ];
  const done = await tryTransact(items, 'finish unmerge');
  if (done) await settle(record.from_id, record.into_id);
  return done;
}
