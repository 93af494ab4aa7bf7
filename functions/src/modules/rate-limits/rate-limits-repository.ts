import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../table/client';
import { rateLimitKeys } from '../table/keys';

export interface Window {
  readonly key: string;
  readonly limit: number;
  readonly seconds: number;
}

const windowStart = (seconds: number, now: Date) =>
  Math.floor(now.getTime() / 1000 / seconds) * seconds;

/**
 * Counts one hit in each window unless one of them is already full, atomically per window (a
 * conditional ADD, so simultaneous requests cannot all slip under the limit). Answers 0 when the
 * hit was allowed, else the seconds until the full window ends. A refused hit may still have
 * counted in the other windows, which only makes the limit stricter.
 */
export async function consumeHit(windows: readonly Window[], now = new Date()): Promise<number> {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const waits = await Promise.all(
    windows.map(async (window) => {
      const start = windowStart(window.seconds, now);
      try {
        await db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: rateLimitKeys.window(window.key, start),
            UpdateExpression: 'ADD hits :one SET expires_at = :expires, entity = :entity',
            ConditionExpression: 'attribute_not_exists(hits) OR hits < :limit',
            ExpressionAttributeValues: {
              ':one': 1,
              ':limit': window.limit,
              ':expires': start + window.seconds,
              ':entity': 'RateLimitWindow',
            },
          }),
        );
        return 0;
      } catch (error) {
        if (error instanceof ConditionalCheckFailedException) {
          return Math.max(1, start + window.seconds - nowSeconds);
        }
        throw error;
      }
    }),
  );
  return Math.max(0, ...waits);
}

/**
 * Gives back a hit taken by `consumeHit` at the same `now` (so in the same windows), e.g. when a
 * login succeeded: only failures then stay counted, and normal use never locks anyone out.
 */
export async function releaseHit(windows: readonly Window[], now: Date): Promise<void> {
  await Promise.all(
    windows.map(async (window) => {
      try {
        await db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: rateLimitKeys.window(window.key, windowStart(window.seconds, now)),
            UpdateExpression: 'ADD hits :minusOne',
            ConditionExpression: 'hits > :zero',
            ExpressionAttributeValues: { ':minusOne': -1, ':zero': 0 },
          }),
        );
      } catch (error) {
        if (!(error instanceof ConditionalCheckFailedException)) throw error;
      }
    }),
  );
}
