import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import {
  MERGE_MESSAGES,
  TRACKER_MERGE_MESSAGES,
  unmergeAllowed,
  type MergeStatus,
  type TrackerMergedFrom,
} from '@hatchworks/shared/schemas/merge';
import type { VoteDirection, VoteTargetType } from '@hatchworks/shared/schemas/tracker';
import { db, tableName } from '../table/client';
import { trackerMergeKeys, trackerVoteKeys, trackerVoterIds } from '../table/keys';
import { followerUpdate } from '../notifications/notification-events';
import { requestCounterUpdate, suggestionCounterUpdate } from '../tracker/tracker-counters';
import { trackerRequestTarget } from '../tracker/tracker-requests-repository';
import { trackerSuggestionTarget } from '../tracker/tracker-suggestions-repository';
import type { TransactItem } from '../table/transactions';
import {
  getRecord,
  unchangedSince,
  type TrackerTarget,
  type VotableRecord,
} from '../tracker/tracker-views';
import { ConflictError, NotFoundError } from '../../lib/errors';
import { mergeEngine, statusOf, type MergeOptions, type MergeRun } from './merge-engine';
import type { MergeRecord, SubjectKind, VoteChange } from './subject-kind';

/*
 * The tracker request and the tracker suggestion as votable subjects: +1/-1 votes, one per voter.
 * A's record and its 3 sort views are rewritten with `merged_into` (the views lose their index
 * keys: A leaves every list), B's with A in `merged_from`, each conditioned on `unchangedSince` as
 * read (which includes `merge_version`: a vote or status change that read before cannot write over
 * it, and `castVote` refuses a record with `merged_into`); a merged record counts nowhere.
 *
 * A vote moves to B (marked `moved_from: A`) unless the voter already voted on B: then their own
 * vote on B is KEPT as it is (a ConditionCheck: direction as read) and A's is dropped from B's
 * count (one voter, one vote). An unmerge puts A's vote back exactly as it was and deletes B's only
 * when the move created it and it is still that vote (`moved_from = A`, whatever direction the
 * voter switched it to since), B's count by that vote's direction.
 */

export type TrackerMergeType = VoteTargetType;

interface TrackerRecord extends VotableRecord {
  readonly status?: string;
  readonly title?: string;
  readonly name?: string;
}

/** The state record (`TMERGE#<type>#<A>` / `MERGE`). */
export interface StoredTrackerMerge extends MergeRecord {
  readonly type: TrackerMergeType;
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

/** What a step reads besides the votes: both records and the voters' votes on B. */
interface Batch {
  readonly from: TrackerRecord;
  readonly into: TrackerRecord;
  readonly intoVotes: ReadonlyMap<string, StoredTrackerVote>;
}

/** What differs between the request and the suggestion. */
interface TrackerSpec {
  readonly type: TrackerMergeType;
  readonly subject: 'tracker_request' | 'tracker_suggestion';
  readonly target: TrackerTarget<TrackerRecord>;
  readonly title: (record: TrackerRecord) => string;
  readonly counters: (record: TrackerRecord, sign: 1 | -1) => TransactItem;
}

const SPECS: Record<TrackerMergeType, TrackerSpec> = {
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

/** A may be merged only while 'Open'; B may be anything but 'Closed' (or merged). */
const SOURCE_STATUSES = ['Open'];
const weight = (direction: VoteDirection) => (direction === 'up' ? 1 : -1);
const conflict = (message: string) => new ConflictError(message);
const bumped = (record: TrackerRecord) => (record.merge_version ?? 0) + 1;

async function getVote(key: Record<string, string>): Promise<StoredTrackerVote | undefined> {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName, Key: key, ConsistentRead: true }),
  );
  return Item as StoredTrackerVote | undefined;
}

export const trackerMergeStatus = (
  record: StoredTrackerMerge,
  remaining: number | null,
): MergeStatus =>
  // Tracker votes carry no eggs.
  statusOf(record, remaining, 0);

const hasUndoableMergeInto = (record: TrackerRecord, now: Date) =>
  (record.merged_from ?? []).some(
    (entry) => entry.merged_at === undefined || unmergeAllowed(entry.merged_at, now),
  );

/** The rules of starting a merge. */
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
    throw conflict(TRACKER_MERGE_MESSAGES.targetMerged(SPECS[type].title(into)));
  }
  if ((into.status ?? 'Open') === 'Closed') throw conflict(TRACKER_MERGE_MESSAGES.targetStatus);
  if (hasUndoableMergeInto(from, now)) throw conflict(MERGE_MESSAGES.hasMergedFrom);
}

/** The rule of undoing a merge. */
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

/** The subject kind of one tracker record type. */
function trackerKind(
  spec: TrackerSpec,
): SubjectKind<TrackerRecord, StoredTrackerVote, StoredTrackerMove, StoredTrackerMerge, Batch> {
  const { type, target } = spec;
  const voteKey = (voterId: string, id: string) => trackerVoteKeys.item(voterId, type, id);

  /** A new vote item of `voterId` on `id`. */
  const newVote = (
    voterId: string,
    id: string,
    vote: StoredTrackerMove['from_vote'] & { moved_from?: string },
  ): TransactItem => ({
    Put: {
      TableName: tableName,
      Item: {
        ...voteKey(voterId, id),
        ...trackerVoteKeys.byTarget(type, id, voterId),
        entity: 'TrackerVote',
        voter_id: voterId,
        target_type: type,
        target_id: id,
        ...vote,
      },
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  });

  /** The check that `voterId`'s vote on `id` still points `direction`. */
  const sameDirection = (voterId: string, id: string, direction: VoteDirection): TransactItem => ({
    ConditionCheck: {
      TableName: tableName,
      Key: voteKey(voterId, id),
      ConditionExpression: 'direction = :read',
      ExpressionAttributeValues: { ':read': direction },
    },
  });

  /** A record and its sort views rewritten from `updated`, on the condition `read` is current. */
  function recordWrites(read: TrackerRecord, updated: TrackerRecord): TransactItem[] {
    const [item, ...views] = target.items(updated);
    return [
      { Put: { TableName: tableName, Item: item, ...unchangedSince(read) } },
      ...views.map((view) => ({
        Put: { TableName: tableName, Item: view, ConditionExpression: 'attribute_exists(PK)' },
      })),
    ];
  }

  async function both(record: StoredTrackerMerge) {
    const [from, into] = await Promise.all([
      getRecord(target, record.from_id),
      getRecord(target, record.into_id),
    ]);
    if (!from || !into) throw new Error(`A merged request is gone: ${record.from_id}`);
    return { from, into };
  }

  function moveVote(
    vote: StoredTrackerVote,
    { intoVotes }: Batch,
    record: StoredTrackerMerge,
    now: Date,
  ): VoteChange & { move: StoredTrackerMove } {
    const timestamp = now.toISOString();
    const before = intoVotes.get(vote.voter_id);
    const userPrefix = trackerVoterIds.user('');
    const userId = vote.voter_id.startsWith(userPrefix)
      ? vote.voter_id.slice(userPrefix.length)
      : undefined;
    const w = weight(vote.direction);
    return {
      move: {
        voter_id: vote.voter_id,
        from_vote: {
          direction: vote.direction,
          created_at: vote.created_at,
          updated_at: vote.updated_at,
        },
        into_vote_before: before ? before.direction : null,
        moved_at: timestamp,
      },
      items: [
        {
          Delete: {
            TableName: tableName,
            Key: voteKey(vote.voter_id, record.from_id),
            ConditionExpression: 'direction = :read',
            ExpressionAttributeValues: { ':read': vote.direction },
          },
        },
        before
          ? // The voter's own vote on B stays as it is (one voter, one vote).
            sameDirection(vote.voter_id, record.into_id, before.direction)
          : newVote(vote.voter_id, record.into_id, {
              direction: vote.direction,
              created_at: timestamp,
              updated_at: timestamp,
              moved_from: record.from_id,
            }),
        ...(userId && !before
          ? [
              {
                Update: {
                  TableName: tableName,
                  ...followerUpdate(
                    { type: spec.subject, id: record.into_id },
                    userId,
                    'voter',
                    now,
                  ),
                },
              },
            ]
          : []),
      ],
      from: { amount: -w, voters: -1 },
      into: before ? { amount: 0, voters: 0 } : { amount: w, voters: 1 },
    };
  }

  function restoreVote(
    move: StoredTrackerMove,
    { intoVotes }: Batch,
    record: StoredTrackerMerge,
  ): VoteChange {
    const current = intoVotes.get(move.voter_id);
    // Only the vote the move created goes, in whatever direction it is now.
    const created =
      move.into_vote_before === null &&
      current !== undefined &&
      current.moved_from === record.from_id;
    const intoKey = voteKey(move.voter_id, record.into_id);
    return {
      items: [
        newVote(move.voter_id, record.from_id, move.from_vote),
        created
          ? {
              Delete: {
                TableName: tableName,
                Key: intoKey,
                ConditionExpression: 'direction = :read AND moved_from = :from',
                ExpressionAttributeValues: { ':read': current.direction, ':from': record.from_id },
              },
            }
          : current
            ? sameDirection(move.voter_id, record.into_id, current.direction)
            : {
                ConditionCheck: {
                  TableName: tableName,
                  Key: intoKey,
                  ConditionExpression: 'attribute_not_exists(PK)',
                },
              },
      ],
      from: { amount: weight(move.from_vote.direction), voters: 1 },
      into: created ? { amount: -weight(current.direction), voters: -1 } : { amount: 0, voters: 0 },
    };
  }

  return {
    subject: spec.subject,
    records: {
      stateEntity: 'TrackerMerge',
      moveEntity: 'TrackerMergeMove',
      state: (fromId) => trackerMergeKeys.state(type, fromId),
      move: (fromId, voterId) => trackerMergeKeys.vote(type, fromId, voterId),
      partition: (fromId) => trackerMergeKeys.partition(type, fromId),
      movePrefix: trackerMergeKeys.votePrefix,
      amount: 'net_moved',
    },
    notFound: TRACKER_MERGE_MESSAGES.notFound(type),
    get: (id) => getRecord(target, id),
    title: spec.title,
    newRecord: (common) => ({ type, ...common, net_moved: 0 }),
    checkMerge: (from, into, now) => checkTrackerMergeAllowed(type, from, into, now),
    checkUnmerge: checkTrackerUnmergeAllowed,
    eggsMoved: () => 0,
    remaining: async (record) => {
      const { Count } = await db.send(
        new QueryCommand({
          TableName: tableName,
          IndexName: 'GSI1',
          KeyConditionExpression: 'GSI1PK = :pk',
          ExpressionAttributeValues: {
            ':pk': trackerVoteKeys.targetPartition(type, record.from_id),
          },
          Select: 'COUNT',
          Limit: 1000,
        }),
      );
      return Count ?? null;
    },

    startWrites: async (record, from, into) => {
      const entry: TrackerMergedFrom = {
        id: from.id,
        title: record.from_title,
        started_at: record.started_at,
      };
      return [
        ...recordWrites(from, {
          ...from,
          merged_into: { id: into.id, title: record.into_title },
          merge_version: bumped(from),
        }),
        ...recordWrites(into, {
          ...into,
          merged_from: [...(into.merged_from ?? []).filter((each) => each.id !== from.id), entry],
          merge_version: bumped(into),
        }),
        // A merged record counts nowhere (its votes live on in B).
        spec.counters(from, -1),
      ];
    },

    votesOf: async (id, limit) => {
      // The index is eventually consistent: each vote it lists is read again.
      const { Items = [] } = await db.send(
        new QueryCommand({
          TableName: tableName,
          IndexName: 'GSI1',
          KeyConditionExpression: 'GSI1PK = :pk',
          ExpressionAttributeValues: { ':pk': trackerVoteKeys.targetPartition(type, id) },
          Limit: limit,
        }),
      );
      const live = await Promise.all(
        Items.map((item) => getVote({ PK: String(item.PK), SK: String(item.SK) })),
      );
      return live.filter((vote): vote is StoredTrackerVote => vote !== undefined);
    },
    // A's net count is back to 0 (a vote the index has not shown yet fails this).
    emptied: (from) => from.votes === 0,
    voterOf: (vote) => vote.voter_id,
    moverOf: (move) => move.voter_id,
    readBatch: async (phase, record, voterIds, read) => {
      const [records, intoVotes] = await Promise.all([
        phase === 'merge' && read
          ? getRecord(target, record.into_id).then((into) => {
              if (!into) throw new Error(`The request merged into is gone: ${record.into_id}`);
              return { from: read, into };
            })
          : both(record),
        Promise.all(voterIds.map((voterId) => getVote(voteKey(voterId, record.into_id)))),
      ]);
      const votes = new Map<string, StoredTrackerVote>();
      voterIds.forEach((voterId, index) => {
        const vote = intoVotes[index];
        if (vote) votes.set(voterId, vote);
      });
      return { ...records, intoVotes: votes };
    },
    move: moveVote,
    restore: restoreVote,
    totals: (_phase, _record, { from, into }, onFrom, onInto) => [
      ...recordWrites(from, { ...from, votes: from.votes + onFrom.amount }),
      ...recordWrites(into, { ...into, votes: into.votes + onInto.amount }),
    ],

    finishMergeWrites: async (record, from, now) => {
      const into = await getRecord(target, record.into_id);
      if (!into) throw new Error(`The request merged into is gone: ${record.into_id}`);
      const timestamp = now.toISOString();
      return [
        ...recordWrites(from, {
          ...from,
          merged_into: { id: record.into_id, title: record.into_title, merged_at: timestamp },
          merge_version: bumped(from),
        }),
        ...recordWrites(into, {
          ...into,
          merged_from: (into.merged_from ?? []).map((entry) =>
            entry.id === from.id ? { ...entry, merged_at: timestamp } : entry,
          ),
          merge_version: bumped(into),
        }),
      ];
    },

    finishUnmergeWrites: async (record) => {
      const { from, into } = await both(record);
      const restored: Record<string, unknown> = { ...from };
      delete restored.merged_into;
      const left = (into.merged_from ?? []).filter((entry) => entry.id !== from.id);
      const intoRest: Record<string, unknown> = { ...into };
      delete intoRest.merged_from;
      return [
        ...recordWrites(from, {
          ...(restored as unknown as TrackerRecord),
          merge_version: bumped(from),
        }),
        ...recordWrites(into, {
          ...(intoRest as unknown as TrackerRecord),
          ...(left.length > 0 ? { merged_from: left } : {}),
          merge_version: bumped(into),
        }),
        spec.counters(from, 1),
      ];
    },
  };
}

const ENGINES = {
  feature_request: mergeEngine(trackerKind(SPECS.feature_request)),
  project_suggestion: mergeEngine(trackerKind(SPECS.project_suggestion)),
};

/** `action: 'status'`: where the merge of A stands, or 404. */
export const readTrackerMergeStatus = (
  type: TrackerMergeType,
  fromId: string,
): Promise<MergeStatus> => ENGINES[type].status(fromId);

/** Starts or resumes merging A (`fromId`) into B (`intoId`); safe to call again at any time. */
export const mergeTracker = (
  type: TrackerMergeType,
  fromId: string,
  intoId: string,
  actorId: string,
  options: MergeOptions = {},
): Promise<MergeRun> => ENGINES[type].merge(fromId, intoId, actorId, options);

/** Starts or resumes undoing the merge of A (`fromId`). */
export const unmergeTracker = (
  type: TrackerMergeType,
  fromId: string,
  actorId: string,
  options: MergeOptions = {},
): Promise<MergeRun> => ENGINES[type].unmerge(fromId, actorId, options);
