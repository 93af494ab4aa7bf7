import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { FEATURE_MESSAGES, type Vote, type VoteResult } from '@hatchworks/shared/schemas/features';
import { AppError, NotFoundError } from '../../lib/errors';
import { logger } from '../../lib/logger';
import { changeBalance } from '../eggs/balance-change';
import { db, tableName } from '../table/client';
import { followerUpdate } from '../notifications/notification-events';

import { batchGetFeatures, getFeature, settleFeatureRank } from './features-repository';
import { queryPage, type Page } from '../table/query-page';
import { featureKeys, voteKeys } from '../table/keys';
import { putNew } from '../table/transactions';
import { tellThresholdsPassed } from '../webhooks/thresholds';
import { webhookSubject } from '../webhooks/webhook-events';
import type { StoredUser } from '../accounts/users-repository';

/** A vote as stored: one item per voter and feature. */
export interface StoredVote {
  readonly user_id: string;
  readonly feature_id: string;
  readonly eggs: number;
  readonly created_at: string;
  readonly updated_at: string;
}

const invalidAmount = () =>
  new AppError(400, 'VALIDATION_ERROR', FEATURE_MESSAGES.invalidEggAmount);
const notApproved = () =>
  new AppError(400, 'VALIDATION_ERROR', FEATURE_MESSAGES.votingOnlyApproved);

async function getVote(userId: string, featureId: string): Promise<StoredVote | undefined> {
  const result = await db.send(
    new GetCommand({
      TableName: tableName,
      Key: voteKeys.item(userId, featureId),
      ConsistentRead: true,
    }),
  );
  return result.Item as StoredVote | undefined;
}

/**
 * Puts `eggs` of the user's balance on an approved feature in one transaction: the charge and its
 * ledger entry, the vote item (created by the first vote, grown by later ones), and the feature's
 * `total_eggs` and `vote_count` (distinct voters) by `ADD`, on the condition that the feature is
 * still approved. Nothing in it depends on the feature's total as read, so simultaneous votes on
 * one feature never fail each other's conditions; the rank keys (which contain the total) are
 * settled right after the transaction (`settleFeatureRank`). See ./README.md, "Hot features".
 */
export async function castVote(
  userId: string,
  featureId: string,
  eggs: number,
  options: {
    readonly idempotencyKey?: string;
    /** The voter as the token check read them: spares the first attempt its read. */
    readonly voter?: StoredUser;
    readonly now?: Date;
  } = {},
): Promise<VoteResult> {
  const { idempotencyKey, now = new Date() } = options;
  const timestamp = now.toISOString();
  const voted = await changeBalance<VoteResult, StoredUser>({
    userId,
    now,
    ...(options.voter ? { knownUser: options.voter } : {}),
    ...(idempotencyKey
      ? { idempotency: { operation: 'vote', key: idempotencyKey, request: { featureId, eggs } } }
      : {}),
    plan: async (user) => {
      if (eggs > user.egg_balance) throw invalidAmount();
      const [feature, vote] = await Promise.all([
        getFeature(featureId),
        getVote(userId, featureId),
      ]);
      if (!feature) throw new NotFoundError();
      if (feature.status !== 'approved') throw notApproved();
      const first = vote === undefined;
      return {
        amount: -eggs,
        kind: 'vote',
        reference: featureId,
        ...(first
          ? {
              userSet: ['votes_cast = if_not_exists(votes_cast, :zero) + :one'],
              values: { ':zero': 0, ':one': 1 },
            }
          : {}),
        insufficient: invalidAmount,
        effects: () => [
          {
            Update: {
              TableName: tableName,
              Key: featureKeys.item(featureId),
              UpdateExpression: 'SET updated_at = :now ADD total_eggs :eggs, vote_count :voters',
              ConditionExpression: '#status = :approved',
              ExpressionAttributeNames: { '#status': 'status' },
              ExpressionAttributeValues: {
                ':eggs': eggs,
                ':voters': first ? 1 : 0,
                ':now': timestamp,
                ':approved': 'approved',
              },
            },
          },
          first
            ? putNew({
                ...voteKeys.item(userId, featureId),
                ...voteKeys.byFeature(featureId, userId),
                entity: 'Vote',
                user_id: userId,
                feature_id: featureId,
                eggs,
                created_at: timestamp,
                updated_at: timestamp,
              })
            : {
                Update: {
                  TableName: tableName,
                  Key: voteKeys.item(userId, featureId),
                  UpdateExpression: 'SET eggs = :eggs, updated_at = :now',
                  ConditionExpression: 'eggs = :readEggs',
                  ExpressionAttributeValues: {
                    ':eggs': vote.eggs + eggs,
                    ':now': timestamp,
                    ':readEggs': vote.eggs,
                  },
                },
              },
          // The voter follows the feature; repeating it on a later vote changes nothing.
          {
            Update: {
              TableName: tableName,
              ...followerUpdate({ type: 'feature', id: featureId }, userId, 'voter', now),
            },
          },
        ],
        // The feature is gone or no longer approved, or the vote changed since it was read:
        // re-read; a feature that is no longer approved then answers 'Voting is only allowed on
        // approved features'.
        effectFailed: () => 'retry',
        metrics: { FeatureVotes: 1, EggsAllocated: eggs },
        // The totals as read plus this vote: exact when no one else voted on the feature
        // meanwhile, else the least they can be once this vote has landed.
        result: (balanceAfter) => ({
          feature_id: featureId,
          eggs_allocated: eggs,
          user_total_eggs: (vote?.eggs ?? 0) + eggs,
          new_balance: balanceAfter,
          total_eggs: feature.total_eggs + eggs,
          vote_count: feature.vote_count + (first ? 1 : 0),
        }),
      };
    },
  });
  // Settle the rank keys now that the total moved (the answer keeps the figures above, which an
  // Idempotency-Key replay answers too). The vote has landed whatever happens here: a rank left
  // behind is settled by the next vote or the first list that shows it.
  try {
    await settleFeatureRank(featureId);
  } catch (error) {
    logger.warn('rank not settled after a vote', { featureId, error });
  }
  // Webhooks that asked to hear of a total this vote may have reached; like the rank, the vote
  // has landed whatever happens here.
  try {
    await tellThresholdsPassed(featureId, voted.total_eggs - eggs, async () => {
      const feature = await getFeature(featureId);
      return (
        feature && {
          total: feature.total_eggs,
          subject: webhookSubject('feature', feature.id, feature.title, {
            id: feature.project_id,
            title: feature.project_title,
          }),
        }
      );
    });
  } catch (error) {
    logger.warn('egg thresholds not checked after a vote', { featureId, error });
  }
  return voted;
}

/**
 * A user's votes (one per feature, newest feature first) with each feature's title, status,
 * project and totals, read with one BatchGetItem for the page.
 */
export async function listUserVotes(
  userId: string,
  limit: number,
  cursor?: string,
): Promise<Page<Vote>> {
  const page = await queryPage(
    {
      partition: voteKeys.item(userId, '').PK,
      sortKeyPrefix: voteKeys.ofUserPrefix,
      descending: true,
    },
    limit,
    cursor,
  );
  const votes = page.items as unknown as StoredVote[];
  const features = await batchGetFeatures(votes.map((vote) => vote.feature_id));
  return {
    items: votes.map((vote) => {
      const feature = features.get(vote.feature_id);
      return {
        feature_id: vote.feature_id,
        eggs_allocated: vote.eggs,
        created_at: vote.created_at,
        updated_at: vote.updated_at,
        ...(feature
          ? {
              feature: {
                title: feature.title,
                status: feature.status,
                project_id: feature.project_id,
                total_eggs: feature.total_eggs,
                vote_count: feature.vote_count,
              },
            }
          : {}),
      };
    }),
    nextCursor: page.nextCursor,
  };
}
