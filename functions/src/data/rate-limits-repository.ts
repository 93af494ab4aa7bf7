import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { batchGetItems } from './batch-get';
import { db, tableName } from './client';
import { rateLimitKeys } from './keys';

export interface Window {
  readonly key: string;
  readonly limit: number;
  readonly seconds: number;
}

const windowStart = (seconds: number, now: Date) =>
  Math.floor(now.getTime() / 1000 / seconds) * seconds;

/**
 * Seconds until the first exhausted window ends, or 0 when every window still has room. Windows
 * are fixed and counted in items that TTL removes; expired ones are ignored on read because TTL
 * deletion is lazy.
 */
export async function retryAfterSeconds(
  windows: readonly Window[],
  now = new Date(),
): Promise<number> {
  const keys = windows.map((window) =>
    rateLimitKeys.window(window.key, windowStart(window.seconds, now)),
  );
  const items = await batchGetItems(keys);
  let wait = 0;
  windows.forEach((window, index) => {
    const key = keys[index];
    const item = items.find((candidate) => candidate.PK === key?.PK && candidate.SK === key?.SK);
    if (item && Number(item.hits) >= window.limit) {
      const ends = windowStart(window.seconds, now) + window.seconds;
      wait = Math.max(wait, Math.max(1, ends - Math.floor(now.getTime() / 1000)));
    }
  });
  return wait;
}

/** Counts one hit in each window (atomic ADD), e.g. after a failed login. */
export async function recordHits(windows: readonly Window[], now = new Date()): Promise<void> {
  await Promise.all(
    windows.map((window) => {
      const start = windowStart(window.seconds, now);
      return db.send(
        new UpdateCommand({
          TableName: tableName,
          Key: rateLimitKeys.window(window.key, start),
          UpdateExpression: 'ADD hits :one SET expires_at = :expires, entity = :entity',
          ExpressionAttributeValues: {
            ':one': 1,
            ':expires': start + window.seconds,
            ':entity': 'RateLimitWindow',
          },
        }),
      );
    }),
  );
}

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
