import { setTimeout as sleep } from 'node:timers/promises';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import {
  TRACKER_MESSAGES,
  type VoteDirection,
  type VoteTargetType,
} from '@hatchworks/shared/schemas/tracker';
import { ConflictError, NotFoundError, RateLimitedError } from '../../lib/errors';
import { emitMetrics } from '../../lib/metrics';
import { TRACKER_MERGE_MESSAGES } from '@hatchworks/shared/schemas/tracker-merge';
import { batchGetItems } from '../table/batch-get';
import { db, tableName } from '../table/client';
import { networkGuard, secondsToNextUtcDay } from './anonymous-vote-guard';
import { trackerVoteKeys, trackerVoterIds, type SubjectType } from '../table/keys';
import { followerUpdate } from '../notifications/notification-events';
import {
  cancellationCodes,
  failedCondition,
  isTransactionConflict,
  transact,
  type TransactItem,
} from '../table/transactions';
import { getRecord, unchangedSince, type TrackerTarget, type VotableRecord } from './tracker-views';

/**
 * Attempts of one vote racing other votes on the same target. Each attempt re-reads the target,
 * so a lost race costs one more read and write; many simultaneous voters on one target need
 * several rounds.
 */
const VOTE_ATTEMPTS = 30;
const BACKOFF_BASE_MS = 10;
const BACKOFF_MAX_MS = 200;

export interface VoteOutcome {
  readonly votes: number;
  readonly myVote: VoteDirection | null;
}

/** The notification subject a vote target is. */
const subjectTypeOf = (type: VoteTargetType): SubjectType =>
  type === 'feature_request' ? 'tracker_request' : 'tracker_suggestion';

const weight = (direction: VoteDirection) => (direction === 'up' ? 1 : -1);

/** The voter's current direction on a target, read strongly consistent. */
async function currentVote(
  voterId: string,
  type: VoteTargetType,
  targetId: string,
): Promise<VoteDirection | null> {
  const { Item } = await db.send(
    new GetCommand({
      TableName: tableName,
      Key: trackerVoteKeys.item(voterId, type, targetId),
      ConsistentRead: true,
    }),
  );
  return (Item?.direction as VoteDirection | undefined) ?? null;
}

/** The change of the voter's vote item: create it, remove it, or switch its direction. */
function voteItemChange(
  key: Record<string, string>,
  before: VoteDirection | null,
  after: VoteDirection | null,
  now: string,
  identity: { voterId: string; type: VoteTargetType; targetId: string },
): TransactItem {
  if (before === null) {
    return {
      Put: {
        TableName: tableName,
        Item: {
          ...key,
          ...trackerVoteKeys.byTarget(identity.type, identity.targetId, identity.voterId),
          entity: 'TrackerVote',
          voter_id: identity.voterId,
          target_type: identity.type,
          target_id: identity.targetId,
          direction: after,
          created_at: now,
          updated_at: now,
        },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    };
  }
  const condition = {
    ConditionExpression: 'direction = :before',
    ExpressionAttributeValues: { ':before': before },
  };
  if (after === null) return { Delete: { TableName: tableName, Key: key, ...condition } };
  return {
    Update: {
      TableName: tableName,
      Key: key,
      UpdateExpression: 'SET direction = :after, updated_at = :now',
      ...condition,
      ExpressionAttributeValues: { ':before': before, ':after': after, ':now': now },
    },
  };
}

export interface Vote {
  readonly voterId: string;
  readonly targetId: string;
  readonly direction: VoteDirection;
  /**
   * The anonymous voter's network (`clientNetwork()`); absent for signed-in users. Adding a vote
   * then claims the network's guard for this target and UTC day.
   */
  readonly network?: string;
}

/**
 * Records a vote: no vote yet adds it, the same direction again removes it, the other direction
 * switches it. The voter's vote item, the target's count and every sort view of the target change
 * in one transaction, on the condition that neither the vote nor the count changed since they were
 * read; a lost race reads again and retries, so the count always equals the sum of the votes.
 * An anonymous voter who adds a vote also claims the network's guard for the day in that
 * transaction; when another voter holds it, the vote is refused (429 until the next UTC day).
 */
export async function castVote<R extends VotableRecord>(
  target: TrackerTarget<R>,
  vote: Vote,
  now = new Date(),
): Promise<VoteOutcome> {
  const key = trackerVoteKeys.item(vote.voterId, target.type, vote.targetId);
  const identity = { voterId: vote.voterId, type: target.type, targetId: vote.targetId };
  const follower = vote.voterId.startsWith(trackerVoterIds.user(''))
    ? {
        type: subjectTypeOf(target.type),
        id: vote.targetId,
        userId: vote.voterId.slice(trackerVoterIds.user('').length),
      }
    : undefined;
  for (let attempt = 1; attempt <= VOTE_ATTEMPTS; attempt += 1) {
    const [record, before] = await Promise.all([
      getRecord(target, vote.targetId),
      currentVote(vote.voterId, target.type, vote.targetId),
    ]);
    if (!record) throw new NotFoundError();
    // A merged record takes no votes (its Put's condition checks it did not change).
    if (record.merged_into) throw new ConflictError(TRACKER_MERGE_MESSAGES.votesClosed);
    const after = before === vote.direction ? null : vote.direction;
    const delta = (after ? weight(after) : 0) - (before ? weight(before) : 0);
    const updated = { ...record, votes: record.votes + delta };
    const [item, ...views] = target.items(updated);
    // Only adding a vote claims the network's guard: removing or switching one's own never does.
    const guard =
      vote.network !== undefined && before === null && after !== null
        ? networkGuard(vote.network, identity, now)
        : undefined;
    try {
      await transact([
        voteItemChange(key, before, after, now.toISOString(), identity),
        {
          // Neither voted on nor moved to another status since it was read, and no
          // comment added since: its count must not be written over.
          Put: { TableName: tableName, Item: item, ...unchangedSince(record) },
        },
        ...views.map((view) => ({
          Put: { TableName: tableName, Item: view, ConditionExpression: 'attribute_exists(PK)' },
        })),
        ...(guard ? [guard] : []),
        // A signed-in voter who adds a vote follows the target; anonymous votes do not.
        ...(follower && after !== null
          ? [
              {
                Update: {
                  TableName: tableName,
                  ...followerUpdate(follower, follower.userId, 'voter', now),
                },
              },
            ]
          : []),
      ]);
      // An upvote added (a new one or a downvote turned up); a removed or down vote is not one.
      if (after === 'up') emitMetrics({ TrackerVotes: 1 });
      return { votes: updated.votes, myVote: after };
    } catch (error) {
      if (guard && failedCondition(cancellationCodes(error), views.length + 2)) {
        throw new RateLimitedError(TRACKER_MESSAGES.networkAlreadyVoted, secondsToNextUtcDay(now));
      }
      const lostRace =
        isTransactionConflict(error) ||
        (cancellationCodes(error) ?? []).includes('ConditionalCheckFailed');
      if (!lostRace) throw error;
      const ceiling = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.min(attempt, 5));
      await sleep(Math.floor(Math.random() * ceiling));
    }
  }
  throw new ConflictError('Too many votes at once on this item. Please try again.');
}

/** The voter's votes on these targets (at most 100), by target id; targets without one are absent. */
export async function votesOf(
  voterId: string,
  type: VoteTargetType,
  targetIds: readonly string[],
): Promise<Map<string, VoteDirection>> {
  const votes = new Map<string, VoteDirection>();
  if (targetIds.length === 0) return votes;
  const items = await batchGetItems(
    targetIds.map((id) => trackerVoteKeys.item(voterId, type, id)),
    { projection: 'target_id, direction' },
  );
  for (const item of items) {
    votes.set(String(item.target_id), item.direction as VoteDirection);
  }
  return votes;
}
