import { BatchGetCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './client';

/** BatchGetItem takes at most 100 keys per call. */
const BATCH_GET_MAX = 100;
/** Rounds for the keys DynamoDB leaves unprocessed (throttling, 16 MB answers). */
const UNPROCESSED_ROUNDS = 5;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The items with these keys, in no particular order (missing ones are absent): one BatchGetItem
 * per 100 keys, and keys left unprocessed asked again with a short, growing, jittered pause.
 * Every batch read of the data layer goes through here, so none silently drops items.
 */
export async function batchGetItems(
  keys: readonly Record<string, unknown>[],
  options: { readonly projection?: string; readonly consistent?: boolean } = {},
): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  for (let start = 0; start < keys.length; start += BATCH_GET_MAX) {
    let pending: Record<string, unknown>[] = keys.slice(start, start + BATCH_GET_MAX);
    for (let round = 0; pending.length > 0; round += 1) {
      if (round === UNPROCESSED_ROUNDS) throw new Error('Items left unprocessed by BatchGet');
      if (round > 0) await pause(25 * 2 ** round * Math.random());
      const result = await db.send(
        new BatchGetCommand({
          RequestItems: {
            [tableName]: {
              Keys: pending,
              ...(options.projection ? { ProjectionExpression: options.projection } : {}),
              ...(options.consistent ? { ConsistentRead: true } : {}),
            },
          },
        }),
      );
      items.push(...(result.Responses?.[tableName] ?? []));
      pending = result.UnprocessedKeys?.[tableName]?.Keys ?? [];
    }
  }
  return items;
}
