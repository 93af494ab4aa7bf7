import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { FeatureStatus } from '@hatchworks/shared/schemas/features';
import { MERGE_MESSAGES, unmergeAllowed, type MergeStatus } from '@hatchworks/shared/schemas/merge';
import { batchGetItems } from '../table/batch-get';
import { db, tableName } from '../table/client';
import {
  featureCountersUpdate,
  featureIndexUpdate,
  getFeature,
  projectCountsUpdate,
  settleFeatureRank,
  type StoredFeature,
} from '../features/features-repository';
import { featureKeys, mergeKeys, userKeys, voteKeys } from '../table/keys';
import { ledgerEntryItem } from '../eggs/ledger';
import { followerUpdate } from '../notifications/notification-events';
import { getProject } from '../projects/projects-repository';
import { featureRoadmapWrite } from '../publishing/roadmap-repository';
import type { TransactItem } from '../table/transactions';
import type { StoredVote } from '../features/votes-repository';
import { projectCountDeltas } from '../features/feature-lifecycle';
import { ConflictError, NotFoundError } from '../../lib/errors';
import { logger } from '../../lib/logger';
import { mergeEngine, statusOf, type MergeOptions, type MergeRun } from './merge-engine';
import type { Change, MergeRecord, SubjectKind, VoteChange } from './subject-kind';

export type { MergeOptions, MergeRun } from './merge-engine';

/*
 * The egg feature as a votable subject. A vote holds eggs its voter paid for, so a move carries
 * them whole: A's vote deleted (condition: eggs as read), B's vote grown (eggs as read) or created,
 * and a `vote_moved` ledger entry of amount 0 whose `balance_after` is the balance as read,
 * checked unchanged by a ConditionCheck (the balance is never written), the voter following B.
 * Totals move by `ADD` on A (status `merged`) and on B (approved, in progress or completed).
 * An unmerge puts A's vote back as it was and takes its eggs off B's vote: B's vote goes when
 * nothing is left on it (a vote of 0 eggs is no vote), else keeps the rest (with its old time
 * when nobody voted on B since). Every egg stays accounted for: each move and restore has its
 * ledger entry, and no balance changes.
 */

/** The merge state record (`MERGE#<A>` / `MERGE`). */
export interface StoredMerge extends MergeRecord {
  readonly status_before_merge: FeatureStatus;
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

/** What a step reads besides the votes: the voters' votes on B and their balances. */
interface Batch {
  readonly intoVotes: Map<string, StoredVote>;
  readonly balances: Map<string, StoredUserBalance>;
}

const SOURCE_STATUSES: readonly FeatureStatus[] = ['pending', 'approved'];
const TARGET_STATUSES: readonly FeatureStatus[] = ['approved', 'in_progress', 'completed'];

const conflict = (message: string) => new ConflictError(message);

/** The merge as the API answers it; `remaining` from A's live vote count or the records left. */
export const mergeStatus = (record: StoredMerge, remaining: number | null): MergeStatus =>
  statusOf(record, remaining, record.eggs_moved);

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
 * The rules of starting a merge of `from` into `into` (409/404 with a message). A: pending or
 * approved, nothing merged into it that can still be undone; B: approved, in progress or
 * completed.
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
 * The rule of undoing a merge (409 with a message): a finished merge within 30 days of
 * `merged_at`, whose target has not been merged elsewhere since.
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

/** `ADD` to a feature's totals, on the condition that its status is one of `statuses`. */
function featureTotals(
  id: string,
  change: Change,
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
        ':eggs': change.amount,
        ':voters': change.voters,
        ':now': timestamp,
        ...Object.fromEntries(statuses.map((status, index) => [`:status${index}`, status])),
      },
    },
  };
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

/** A vote item on `featureId`, as a Put of a new item. */
const newVote = (
  userId: string,
  featureId: string,
  vote: { eggs: number; created_at: string; updated_at: string },
): TransactItem => ({
  Put: {
    TableName: tableName,
    Item: {
      ...voteKeys.item(userId, featureId),
      ...voteKeys.byFeature(featureId, userId),
      entity: 'Vote',
      user_id: userId,
      feature_id: featureId,
      ...vote,
    },
    ConditionExpression: 'attribute_not_exists(PK)',
  },
});

/** The votes of these users on feature `featureId`, by user id. */
async function votesOn(featureId: string, userIds: readonly string[]) {
  const votes = (await batchGetItems(
    userIds.map((id) => voteKeys.item(id, featureId)),
    { consistent: true },
  )) as unknown as StoredVote[];
  return new Map(votes.map((vote) => [vote.user_id, vote]));
}

/** The users' balances as they are now, by id. */
async function balancesOf(userIds: readonly string[]): Promise<Map<string, StoredUserBalance>> {
  const users = (await batchGetItems(
    userIds.map((id) => userKeys.item(id)),
    { consistent: true, projection: 'id, egg_balance' },
  )) as unknown as StoredUserBalance[];
  return new Map(users.map((user) => [user.id, user]));
}

function moveVote(
  vote: StoredVote,
  { intoVotes, balances }: Batch,
  record: StoredMerge,
  now: Date,
): VoteChange & { move: StoredMove } {
  const timestamp = now.toISOString();
  const user = balances.get(vote.user_id);
  if (!user) throw new Error(`A voter of ${vote.feature_id} has no user item: ${vote.user_id}`);
  const before = intoVotes.get(vote.user_id);
  const move: StoredMove = {
    user_id: vote.user_id,
    from_id: record.from_id,
    into_id: record.into_id,
    eggs: vote.eggs,
    from_vote: { eggs: vote.eggs, created_at: vote.created_at, updated_at: vote.updated_at },
    into_vote_before: before
      ? { eggs: before.eggs, created_at: before.created_at, updated_at: before.updated_at }
      : null,
    moved_at: timestamp,
  };
  return {
    move,
    items: [
      {
        Delete: {
          TableName: tableName,
          Key: voteKeys.item(vote.user_id, record.from_id),
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
        : newVote(vote.user_id, record.into_id, {
            eggs: vote.eggs,
            created_at: timestamp,
            updated_at: timestamp,
          }),
      ...ledgerItems(
        user,
        'vote_moved',
        { eggs: vote.eggs, from_id: record.from_id, into_id: record.into_id },
        now,
      ),
      {
        Update: {
          TableName: tableName,
          ...followerUpdate({ type: 'feature', id: record.into_id }, vote.user_id, 'voter', now),
        },
      },
    ],
    from: { amount: -vote.eggs, voters: -1 },
    into: { amount: vote.eggs, voters: before ? 0 : 1 },
  };
}

function restoreVote(
  move: StoredMove,
  { intoVotes, balances }: Batch,
  record: StoredMerge,
  now: Date,
): VoteChange | undefined {
  const timestamp = now.toISOString();
  const user = balances.get(move.user_id);
  const current = intoVotes.get(move.user_id);
  if (!user || !current || current.eggs < move.eggs) return undefined;
  const left = current.eggs - move.eggs;
  // Nothing left on B: the vote goes, whoever made it (another merge into B may have grown it).
  const remove = left === 0;
  // Nobody voted on B since: the vote gets its old time back too.
  const untouched = move.into_vote_before !== null && left === move.into_vote_before.eggs;
  return {
    items: [
      newVote(move.user_id, record.from_id, move.from_vote),
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
    ],
    from: { amount: move.eggs, voters: 1 },
    into: { amount: -move.eggs, voters: remove ? -1 : 0 },
  };
}

const featureKind: SubjectKind<StoredFeature, StoredVote, StoredMove, StoredMerge, Batch> = {
  subject: 'feature',
  records: {
    stateEntity: 'Merge',
    moveEntity: 'MergeMove',
    state: mergeKeys.state,
    move: mergeKeys.vote,
    partition: mergeKeys.partition,
    movePrefix: mergeKeys.votePrefix,
    amount: 'eggs_moved',
  },
  notFound: MERGE_MESSAGES.notFound,
  get: getFeature,
  title: (feature) => feature.title,
  newRecord: (common, from) => ({ ...common, status_before_merge: from.status, eggs_moved: 0 }),
  checkMerge: checkMergeAllowed,
  checkUnmerge: checkUnmergeAllowed,
  eggsMoved: (record) => record.eggs_moved,
  remaining: async (record) => {
    const from = await getFeature(record.from_id);
    return from ? from.vote_count : null;
  },

  startWrites: async (record, from, into, now): Promise<TransactItem[]> => {
    const timestamp = now.toISOString();
    const index = featureIndexUpdate('merged', from.total_eggs, from.id);
    const project = await getProject(from.project_id);
    const deltas = projectCountDeltas(from.status, 'merged');
    const entry = { id: from.id, title: from.title, started_at: timestamp };
    return [
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
  },

  votesOf: async (featureId, limit) => {
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
  },
  emptied: (from) => from.vote_count === 0 && from.total_eggs === 0,
  voterOf: (vote) => vote.user_id,
  moverOf: (move) => move.user_id,
  readBatch: async (_phase, record, userIds) => {
    const [intoVotes, balances] = await Promise.all([
      votesOn(record.into_id, userIds),
      balancesOf(userIds),
    ]);
    return { intoVotes, balances };
  },
  move: moveVote,
  restore: restoreVote,
  totals: (_phase, record, _batch, from, into, now) => [
    featureTotals(record.from_id, from, now.toISOString(), ['merged']),
    featureTotals(record.into_id, into, now.toISOString(), TARGET_STATUSES),
  ],

  finishMergeWrites: async (record, _from, now): Promise<TransactItem[]> => [
    {
      Update: {
        TableName: tableName,
        Key: featureKeys.item(record.from_id),
        UpdateExpression: 'SET merged_at = :now',
        ConditionExpression: '#status = :merged AND vote_count = :zero',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':now': now.toISOString(), ':merged': 'merged', ':zero': 0 },
      },
    },
    {
      Update: {
        TableName: tableName,
        Key: featureKeys.item(record.into_id),
        UpdateExpression: 'SET merged_from.#from.merged_at = :now',
        ConditionExpression: 'attribute_exists(merged_from.#from)',
        ExpressionAttributeNames: { '#from': record.from_id },
        ExpressionAttributeValues: { ':now': now.toISOString() },
      },
    },
  ],

  finishUnmergeWrites: async (record, now): Promise<TransactItem[]> => {
    const from = await getFeature(record.from_id);
    if (!from) throw new Error(`The merged request ${record.from_id} is gone`);
    const to = record.status_before_merge;
    const index = featureIndexUpdate(to, from.total_eggs, from.id);
    const project = await getProject(from.project_id);
    const deltas = projectCountDeltas('merged', to);
    return [
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
            ':now': now.toISOString(),
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
  },

  settle: async (ids) => {
    await Promise.all(
      ids.map((id) =>
        settleFeatureRank(id).catch((error: unknown) =>
          logger.warn('rank not settled after a merge step', { id, error }),
        ),
      ),
    );
  },
};

const engine = mergeEngine(featureKind);

/** `GET /api/admin/features/{id}/merge`: where the merge of `fromId` stands, or 404. */
export const readMergeStatus = (fromId: string): Promise<MergeStatus> => engine.status(fromId);

/** `POST /api/admin/features/{fromId}/merge`: starts or resumes merging A into B. */
export const mergeFeature = (
  fromId: string,
  intoId: string,
  actorId: string,
  options: MergeOptions = {},
): Promise<MergeRun> => engine.merge(fromId, intoId, actorId, options);

/** `POST /api/admin/features/{fromId}/unmerge`: starts or resumes undoing the merge of A. */
export const unmergeFeature = (
  fromId: string,
  actorId: string,
  options: MergeOptions = {},
): Promise<MergeRun> => engine.unmerge(fromId, actorId, options);
