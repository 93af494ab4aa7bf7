import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import {
  MERGE_MESSAGES,
  TRACKER_MERGE_MESSAGES,
  unmergeAllowed,
  unmergeUntil,
  type MergeState,
  type MergeStatus,
  type TrackerMergedFrom,
} from '@hatchworks/shared/schemas/merge';
import type { SubjectType } from '@hatchworks/shared/schemas/subjects';
import type { VoteDirection, VoteTargetType } from '@hatchworks/shared/schemas/tracker';
import { AppError, ConflictError, NotFoundError } from '../lib/errors';
import { db, tableName } from './client';
import { trackerMergeKeys, trackerVoteKeys, trackerVoterIds } from './keys';
import { followerUpdate, notificationEventItem } from './notification-events';
import { requestCounterUpdate, suggestionCounterUpdate } from './tracker-counters';
import { trackerRequestTarget } from './tracker-requests-repository';
import { trackerSuggestionTarget } from './tracker-suggestions-repository';
import {
  runMergeSteps,
  startUnmerge,
  tryTransact,
  votesPerStep,
  type MergeOptions,
  type MergeRun,
} from './merge-steps';
import type { TransactItem } from './transactions';
import { getRecord, unchangedSince, type TrackerTarget, type VotableRecord } from './tracker-views';

/*
 * Merging a tracker request (or project suggestion) A into B of the same kind, in
 * idempotent steps, each ONE transaction, like feature-merge.ts but for +1/-1 votes per voter:
 *
 * 1. start: the state record `TMERGE#<type>#<A>` / `MERGE` (state `merging`), A's record and its
 *    3 sort views rewritten with `merged_into` (the views lose their index keys: A leaves every
 *    list; the search document of A says `merged`), B's with A in `merged_from`, the counters
 *    (A counts nowhere while merged). Both conditioned on `unchangedSince` as read, which now
 *    includes `merge_version`: a vote or status change that read before cannot write over it, and
 *    `castVote` refuses a record with `merged_into`.
 * 2. move, batch after batch of at most 15 of A's votes (Query GSI1 `TRACKER_VOTES#<type>#<A>`,
 *    then consistent reads): per vote the move record `TMERGE#..#<A>` / `VOTE#<voter>`
 *    (`attribute_not_exists`), A's vote deleted (condition: direction as read), and B's vote put
 *    (`attribute_not_exists`, marked `moved_from: A`) or, when the voter already voted on B, KEPT
 *    as it is (a ConditionCheck: direction as read): the voter keeps their own vote on B and A's
 *    vote is dropped from B's count (one voter, one vote). Then A's record + views with
 *    `votes - moved`, B's with `votes + added`, and the state's counts (condition: `merging`).
 * 3. finish: state `merged`, `merged_at` on A and B's entry, one `merged` notification event on A
 *    (A's followers hear it).
 *
 * Unmerge goes back over the move records: A's vote put back exactly as it was; B's vote deleted
 * only when the move created it and it is still that vote (`moved_from = A`, whatever direction
 * the voter switched it to since), B's count by that vote's direction; then A leaves `merged`.
 */

export type TrackerMergeType = VoteTargetType;

interface TrackerRecord extends VotableRecord {
  readonly status?: string;
  readonly title?: string;
  readonly name?: string;
}

interface Kind {
  readonly type: TrackerMergeType;
  readonly subject: SubjectType;
  readonly target: TrackerTarget<TrackerRecord>;
  readonly title: (record: TrackerRecord) => string;
  readonly counters: (record: TrackerRecord, sign: 1 | -1) => TransactItem;
}

const KINDS: Record<TrackerMergeType, Kind> = {
  feature_request: {
    type: 'feature_request',
    subject: 'tracker_request',
    target: trackerRequestTarget as unknown as TrackerTarget<TrackerRecord>,
    title: (record) => String(record.title ?? ''),
    counters: (record, sign) =>
      requestCounterUpdate({ total: sign, [record.status ?? 'Open']: sign }),
  },
  project_suggestion: {
    type: 'project_suggestion',
    subject: 'tracker_suggestion',
    target: trackerSuggestionTarget as unknown as TrackerTarget<TrackerRecord>,
    title: (record) => String(record.name ?? ''),
    counters: (_record, sign) => suggestionCounterUpdate({ total: sign }),
  },
};

/** The state record. */
export interface StoredTrackerMerge {
  readonly type: TrackerMergeType;
  readonly from_id: string;
  readonly into_id: string;
  readonly from_title: string;
  readonly into_title: string;
  readonly state: MergeState;
  readonly by: string;
  readonly started_at: string;
  readonly merged_at?: string;
  readonly unmerge_started_at?: string;
  readonly unmerged_at?: string;
  readonly unmerged_by?: string;
  readonly moved: number;
  /** Net direction of the moved votes (+1 / -1 each), for the answer's `eggs_moved` (always 0). */
  readonly net_moved: number;
}

interface StoredTrackerVote {
  readonly PK: string;
  readonly SK: string;
  readonly voter_id: string;
  readonly target_type: string;
  readonly target_id: string;
  readonly direction: VoteDirection;
  readonly created_at: string;
  readonly updated_at: string;
  readonly moved_from?: string;
}

/** What moving one vote did, enough to undo it exactly. */
export interface StoredTrackerMove {
  readonly voter_id: string;
  /** A's vote as it was (its own attributes, put back as they were). */
  readonly from_vote: {
    direction: VoteDirection;
    created_at: string;
    updated_at: string;
  };
  /** The voter's direction on B before the move (kept as it was); null when the move created it. */
  readonly into_vote_before: VoteDirection | null;
  readonly moved_at: string;
}

/** A may be merged only while 'Open'; B may be anything but 'Closed' (or merged). */
const SOURCE_STATUSES = ['Open'];
const weight = (direction: VoteDirection) => (direction === 'up' ? 1 : -1);
const conflict = (message: string) => new ConflictError(message);

async function getItem<T>(key: Record<string, string>): Promise<T | undefined> {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName, Key: key, ConsistentRead: true }),
  );
  return Item as T | undefined;
}

const getState = (type: TrackerMergeType, fromId: string) =>
  getItem<StoredTrackerMerge>(trackerMergeKeys.state(type, fromId));

export function trackerMergeStatus(record: StoredTrackerMerge, remaining: number | null) {
  const status: MergeStatus = {
    from_id: record.from_id,
    into_id: record.into_id,
    from_title: record.from_title,
    into_title: record.into_title,
    state: record.state,
    moved: record.moved,
    remaining: record.state === 'merged' || record.state === 'unmerged' ? 0 : remaining,
    // Tracker votes carry no eggs.
    eggs_moved: 0,
    ...(record.merged_at
      ? {
          merged_at: record.merged_at,
          unmerge_until: unmergeUntil(record.merged_at).toISOString(),
        }
      : {}),
    ...(record.unmerged_at ? { unmerged_at: record.unmerged_at } : {}),
  };
  return status;
}

/** Up to `limit` of A's vote items (GSI1, eventually consistent: each is read again). */
async function votesOnTarget(kind: Kind, id: string, limit: number): Promise<StoredTrackerVote[]> {
  const { Items = [] } = await db.send(
    new QueryCommand({
      TableName: tableName,
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': trackerVoteKeys.targetPartition(kind.type, id) },
      Limit: limit,
    }),
  );
  const live = await Promise.all(
    Items.map((item) => getItem<StoredTrackerVote>({ PK: String(item.PK), SK: String(item.SK) })),
  );
  return live.filter((vote): vote is StoredTrackerVote => vote !== undefined);
}

async function movesOf(kind: Kind, fromId: string, limit: number): Promise<StoredTrackerMove[]> {
  const { Items = [] } = await db.send(
    new QueryCommand({
      TableName: tableName,
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: {
        ':pk': trackerMergeKeys.partition(kind.type, fromId),
        ':prefix': trackerMergeKeys.votePrefix,
      },
      ConsistentRead: true,
      Limit: limit,
    }),
  );
  return Items as StoredTrackerMove[];
}

async function remainingOf(kind: Kind, record: StoredTrackerMerge): Promise<number | null> {
  if (record.state === 'merging') {
    const { Count } = await db.send(
      new QueryCommand({
        TableName: tableName,
        IndexName: 'GSI1',
        KeyConditionExpression: 'GSI1PK = :pk',
        ExpressionAttributeValues: {
          ':pk': trackerVoteKeys.targetPartition(kind.type, record.from_id),
        },
        Select: 'COUNT',
        Limit: 1000,
      }),
    );
    return Count ?? null;
  }
  if (record.state === 'unmerging') return record.moved;
  return 0;
}

async function answer(kind: Kind, record: StoredTrackerMerge) {
  return trackerMergeStatus(record, await remainingOf(kind, record));
}

/** `action: 'status'`: where the merge of A stands, or 404. */
export async function readTrackerMergeStatus(
  type: TrackerMergeType,
  fromId: string,
): Promise<MergeStatus> {
  const kind = KINDS[type];
  const record = await getState(type, fromId);
  if (!record) {
    if (!(await getRecord(kind.target, fromId))) {
      throw new NotFoundError(TRACKER_MERGE_MESSAGES.notFound(type));
    }
    throw new NotFoundError(MERGE_MESSAGES.notMerged);
  }
  return answer(kind, record);
}

const hasUndoableMergeInto = (record: TrackerRecord, now: Date) =>
  (record.merged_from ?? []).some(
    (entry) => entry.merged_at === undefined || unmergeAllowed(entry.merged_at, now),
  );

/** The rules of starting a merge (exported for unit tests). */
export function checkTrackerMergeAllowed(
  type: TrackerMergeType,
  from: TrackerRecord,
  into: TrackerRecord | undefined,
  now: Date,
): asserts into is TrackerRecord {
  if (!into) throw new NotFoundError(MERGE_MESSAGES.intoNotFound);
  if (from.merged_into) throw conflict(MERGE_MESSAGES.alreadyMerged(from.merged_into.title));
  if (!SOURCE_STATUSES.includes(from.status ?? 'Open')) {
    throw conflict(TRACKER_MERGE_MESSAGES.sourceStatus);
  }
  if (into.merged_into) {
    throw conflict(TRACKER_MERGE_MESSAGES.targetMerged(KINDS[type].title(into)));
  }
  if ((into.status ?? 'Open') === 'Closed') throw conflict(TRACKER_MERGE_MESSAGES.targetStatus);
  if (hasUndoableMergeInto(from, now)) throw conflict(MERGE_MESSAGES.hasMergedFrom);
}

/** The rule of undoing a merge (exported for unit tests). */
export function checkTrackerUnmergeAllowed(
  record: StoredTrackerMerge | undefined,
  into: TrackerRecord | undefined,
  now: Date,
): asserts record is StoredTrackerMerge {
  if (!record || record.state === 'unmerged') throw conflict(MERGE_MESSAGES.notMerged);
  if (record.state === 'merged' && record.merged_at && !unmergeAllowed(record.merged_at, now)) {
    throw conflict(MERGE_MESSAGES.unmergeWindow);
  }
  if (into?.merged_into) throw conflict(MERGE_MESSAGES.targetMergedSince(record.into_title));
}

/** A record and its sort views rewritten from `updated`, on the condition `read` is current. */
function recordWrites(kind: Kind, read: TrackerRecord, updated: TrackerRecord): TransactItem[] {
  const [item, ...views] = kind.target.items(updated);
  return [
    { Put: { TableName: tableName, Item: item, ...unchangedSince(read) } },
    ...views.map((view) => ({
      Put: { TableName: tableName, Item: view, ConditionExpression: 'attribute_exists(PK)' },
    })),
  ];
}

const bumped = (record: TrackerRecord) => (record.merge_version ?? 0) + 1;

/**
 * Starts or resumes merging A (`fromId`) into B (`intoId`), running steps until done or the
 * time budget is used. Safe to call again at any time.
 */
export async function mergeTracker(
  type: TrackerMergeType,
  fromId: string,
  intoId: string,
  actorId: string,
  options: MergeOptions = {},
): Promise<MergeRun> {
  if (fromId === intoId) throw new AppError(400, 'VALIDATION_ERROR', MERGE_MESSAGES.sameRequest);
  const kind = KINDS[type];
  const clock = options.now ?? (() => new Date());
  return runMergeSteps(
    {
      step: async () => {
        const [record, from] = await Promise.all([
          getState(type, fromId),
          getRecord(kind.target, fromId),
        ]);
        if (!from) throw new NotFoundError(TRACKER_MERGE_MESSAGES.notFound(type));
        if (record && (record.state === 'merging' || record.state === 'merged')) {
          if (record.into_id !== intoId) {
            throw conflict(MERGE_MESSAGES.alreadyMerged(record.into_title));
          }
          if (record.state === 'merged') return 'finished';
          return mergeStep(kind, record, from, options, clock());
        }
        if (record?.state === 'unmerging') throw conflict(MERGE_MESSAGES.busy);
        const into = await getRecord(kind.target, intoId);
        checkTrackerMergeAllowed(type, from, into, clock());
        return startMerge(kind, record, from, into, actorId, clock());
      },
      read: () => getState(type, fromId),
      finished: (record) => record.state === 'merged',
      answer: (record) => answer(kind, record),
    },
    options,
  );
}

async function startMerge(
  kind: Kind,
  previous: StoredTrackerMerge | undefined,
  from: TrackerRecord,
  into: TrackerRecord,
  actorId: string,
  now: Date,
): Promise<boolean> {
  const timestamp = now.toISOString();
  const record: StoredTrackerMerge = {
    type: kind.type,
    from_id: from.id,
    into_id: into.id,
    from_title: kind.title(from),
    into_title: kind.title(into),
    state: 'merging',
    by: actorId,
    started_at: timestamp,
    moved: 0,
    net_moved: 0,
  };
  const entry: TrackerMergedFrom = { id: from.id, title: record.from_title, started_at: timestamp };
  const items: TransactItem[] = [
    {
      Put: {
        TableName: tableName,
        Item: { ...trackerMergeKeys.state(kind.type, from.id), entity: 'TrackerMerge', ...record },
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
    ...recordWrites(kind, from, {
      ...from,
      merged_into: { id: into.id, title: record.into_title },
      merge_version: bumped(from),
    }),
    ...recordWrites(kind, into, {
      ...into,
      merged_from: [...(into.merged_from ?? []).filter((each) => each.id !== from.id), entry],
      merge_version: bumped(into),
    }),
    // A merged record counts nowhere (its votes live on in B).
    kind.counters(from, -1),
  ];
  return tryTransact(items, 'start merge');
}

async function mergeStep(
  kind: Kind,
  record: StoredTrackerMerge,
  from: TrackerRecord,
  options: MergeOptions,
  now: Date,
): Promise<boolean> {
  const votes = await votesOnTarget(kind, from.id, votesPerStep(options));
  if (votes.length === 0) return finishMerge(kind, record, from, now);
  const into = await getRecord(kind.target, record.into_id);
  if (!into) throw new Error(`The request merged into is gone: ${record.into_id}`);
  const timestamp = now.toISOString();
  const intoVotes = await Promise.all(
    votes.map((vote) =>
      getItem<StoredTrackerVote>(trackerVoteKeys.item(vote.voter_id, kind.type, record.into_id)),
    ),
  );
  const items: TransactItem[] = [];
  let removedFromA = 0;
  let addedToB = 0;
  votes.forEach((vote, index) => {
    const before = intoVotes[index];
    const move: StoredTrackerMove = {
      voter_id: vote.voter_id,
      from_vote: {
        direction: vote.direction,
        created_at: vote.created_at,
        updated_at: vote.updated_at,
      },
      into_vote_before: before ? before.direction : null,
      moved_at: timestamp,
    };
    removedFromA += weight(vote.direction);
    if (!before) addedToB += weight(vote.direction);
    const userId = vote.voter_id.startsWith(trackerVoterIds.user(''))
      ? vote.voter_id.slice(trackerVoterIds.user('').length)
      : undefined;
    items.push(
      {
        Put: {
          TableName: tableName,
          Item: {
            ...trackerMergeKeys.vote(kind.type, from.id, vote.voter_id),
            entity: 'TrackerMergeMove',
            ...move,
          },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
      {
        Delete: {
          TableName: tableName,
          Key: trackerVoteKeys.item(vote.voter_id, kind.type, from.id),
          ConditionExpression: 'direction = :read',
          ExpressionAttributeValues: { ':read': vote.direction },
        },
      },
      before
        ? {
            // The voter's own vote on B stays as it is (one voter, one vote).
            ConditionCheck: {
              TableName: tableName,
              Key: trackerVoteKeys.item(vote.voter_id, kind.type, record.into_id),
              ConditionExpression: 'direction = :read',
              ExpressionAttributeValues: { ':read': before.direction },
            },
          }
        : {
            Put: {
              TableName: tableName,
              Item: {
                ...trackerVoteKeys.item(vote.voter_id, kind.type, record.into_id),
                ...trackerVoteKeys.byTarget(kind.type, record.into_id, vote.voter_id),
                entity: 'TrackerVote',
                voter_id: vote.voter_id,
                target_type: kind.type,
                target_id: record.into_id,
                direction: vote.direction,
                created_at: timestamp,
                updated_at: timestamp,
                moved_from: from.id,
              },
              ConditionExpression: 'attribute_not_exists(PK)',
            },
          },
      ...(userId && !before
        ? [
            {
              Update: {
                TableName: tableName,
                ...followerUpdate({ type: kind.subject, id: record.into_id }, userId, 'voter', now),
              },
            },
          ]
        : []),
    );
  });
  items.push(
    ...recordWrites(kind, from, { ...from, votes: from.votes - removedFromA }),
    ...recordWrites(kind, into, { ...into, votes: into.votes + addedToB }),
    stateCounts(kind, from.id, 'merging', votes.length, removedFromA),
  );
  return tryTransact(items, 'move votes');
}

function stateCounts(
  kind: Kind,
  fromId: string,
  state: MergeState,
  votes: number,
  net: number,
): TransactItem {
  return {
    Update: {
      TableName: tableName,
      Key: trackerMergeKeys.state(kind.type, fromId),
      UpdateExpression: 'ADD moved :votes, net_moved :net',
      ConditionExpression: '#state = :state',
      ExpressionAttributeNames: { '#state': 'state' },
      ExpressionAttributeValues: { ':votes': votes, ':net': net, ':state': state },
    },
  };
}

async function finishMerge(
  kind: Kind,
  record: StoredTrackerMerge,
  from: TrackerRecord,
  now: Date,
): Promise<boolean> {
  const into = await getRecord(kind.target, record.into_id);
  if (!into) throw new Error(`The request merged into is gone: ${record.into_id}`);
  const timestamp = now.toISOString();
  const items: TransactItem[] = [
    {
      Update: {
        TableName: tableName,
        Key: trackerMergeKeys.state(kind.type, record.from_id),
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
    ...recordWrites(kind, from, {
      ...from,
      merged_into: { id: record.into_id, title: record.into_title, merged_at: timestamp },
      merge_version: bumped(from),
    }),
    ...recordWrites(kind, into, {
      ...into,
      merged_from: (into.merged_from ?? []).map((entry) =>
        entry.id === from.id ? { ...entry, merged_at: timestamp } : entry,
      ),
      merge_version: bumped(into),
    }),
    {
      Put: {
        TableName: tableName,
        Item: notificationEventItem(
          {
            kind: 'merged',
            subject: { type: kind.subject, id: record.from_id, title: record.from_title },
            actorId: record.by,
            details: { into_id: record.into_id, into_title: record.into_title },
          },
          now,
        ),
      },
    },
  ];
  // Every vote moved: A's net count is back to 0 (a vote the index has not shown yet fails this).
  if (from.votes !== 0) return false;
  return tryTransact(items, 'finish merge');
}

/** Starts or resumes undoing the merge of A (`fromId`). */
export async function unmergeTracker(
  type: TrackerMergeType,
  fromId: string,
  actorId: string,
  options: MergeOptions = {},
): Promise<MergeRun> {
  const kind = KINDS[type];
  const clock = options.now ?? (() => new Date());
  return runMergeSteps(
    {
      step: async () => {
        const record = await getState(type, fromId);
        if (!record) {
          if (!(await getRecord(kind.target, fromId))) {
            throw new NotFoundError(TRACKER_MERGE_MESSAGES.notFound(type));
          }
          throw conflict(MERGE_MESSAGES.notMerged);
        }
        if (record.state === 'unmerged') return 'finished';
        if (record.state === 'unmerging') return unmergeStep(kind, record, options, clock());
        const into = await getRecord(kind.target, record.into_id);
        checkTrackerUnmergeAllowed(record, into, clock());
        return startUnmerge(trackerMergeKeys.state(type, fromId), record.state, actorId, clock());
      },
      read: () => getState(type, fromId),
      finished: (record) => record.state === 'unmerged',
      answer: (record) => answer(kind, record),
    },
    options,
  );
}

async function unmergeStep(
  kind: Kind,
  record: StoredTrackerMerge,
  options: MergeOptions,
  now: Date,
): Promise<boolean> {
  const [moves, from, into] = await Promise.all([
    movesOf(kind, record.from_id, votesPerStep(options)),
    getRecord(kind.target, record.from_id),
    getRecord(kind.target, record.into_id),
  ]);
  if (!from || !into) throw new Error(`A merged request is gone: ${record.from_id}`);
  if (moves.length === 0) return finishUnmerge(kind, record, from, into, now);
  const intoVotes = await Promise.all(
    moves.map((move) =>
      getItem<StoredTrackerVote>(trackerVoteKeys.item(move.voter_id, kind.type, record.into_id)),
    ),
  );
  const items: TransactItem[] = [];
  let restoredToA = 0;
  let removedFromB = 0;
  moves.forEach((move, index) => {
    const current = intoVotes[index];
    restoredToA += weight(move.from_vote.direction);
    // Only the vote the move created goes, in whatever direction it is now.
    const created =
      move.into_vote_before === null &&
      current !== undefined &&
      current.moved_from === record.from_id;
    if (created) removedFromB += weight(current.direction);
    items.push(
      {
        Put: {
          TableName: tableName,
          Item: {
            ...trackerVoteKeys.item(move.voter_id, kind.type, record.from_id),
            ...trackerVoteKeys.byTarget(kind.type, record.from_id, move.voter_id),
            entity: 'TrackerVote',
            voter_id: move.voter_id,
            target_type: kind.type,
            target_id: record.from_id,
            ...move.from_vote,
          },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
      created
        ? {
            Delete: {
              TableName: tableName,
              Key: trackerVoteKeys.item(move.voter_id, kind.type, record.into_id),
              ConditionExpression: 'direction = :read AND moved_from = :from',
              ExpressionAttributeValues: { ':read': current.direction, ':from': record.from_id },
            },
          }
        : current
          ? {
              ConditionCheck: {
                TableName: tableName,
                Key: trackerVoteKeys.item(move.voter_id, kind.type, record.into_id),
                ConditionExpression: 'direction = :read',
                ExpressionAttributeValues: { ':read': current.direction },
              },
            }
          : {
              ConditionCheck: {
                TableName: tableName,
                Key: trackerVoteKeys.item(move.voter_id, kind.type, record.into_id),
                ConditionExpression: 'attribute_not_exists(PK)',
              },
            },
      {
        Delete: {
          TableName: tableName,
          Key: trackerMergeKeys.vote(kind.type, record.from_id, move.voter_id),
          ConditionExpression: 'attribute_exists(PK)',
        },
      },
    );
  });
  items.push(
    ...recordWrites(kind, from, { ...from, votes: from.votes + restoredToA }),
    ...recordWrites(kind, into, { ...into, votes: into.votes - removedFromB }),
    stateCounts(kind, record.from_id, 'unmerging', -moves.length, -restoredToA),
  );
  return tryTransact(items, 'restore votes');
}

async function finishUnmerge(
  kind: Kind,
  record: StoredTrackerMerge,
  from: TrackerRecord,
  into: TrackerRecord,
  now: Date,
): Promise<boolean> {
  const timestamp = now.toISOString();
  const restored: Record<string, unknown> = { ...from };
  delete restored.merged_into;
  const left = (into.merged_from ?? []).filter((entry) => entry.id !== from.id);
  const intoRest: Record<string, unknown> = { ...into };
  delete intoRest.merged_from;
  const items: TransactItem[] = [
    {
      Update: {
        TableName: tableName,
        Key: trackerMergeKeys.state(kind.type, record.from_id),
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
    ...recordWrites(kind, from, {
      ...(restored as unknown as TrackerRecord),
      merge_version: bumped(from),
    }),
    ...recordWrites(kind, into, {
      ...(intoRest as unknown as TrackerRecord),
      ...(left.length > 0 ? { merged_from: left } : {}),
      merge_version: bumped(into),
    }),
    kind.counters(from, 1),
  ];
  return tryTransact(items, 'finish unmerge');
}
