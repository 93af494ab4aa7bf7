import { setTimeout as sleepFor } from 'node:timers/promises';
import { TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { emitMetrics } from '../../lib/metrics';
import { db, tableName } from './client';

export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/**
 * The cancellation code of each item of a cancelled TransactWriteItems, in item order
 * ('None' for items that were fine), or undefined when the error is something else.
 */
export function cancellationCodes(error: unknown): string[] | undefined {
  if (!(error instanceof TransactionCanceledException)) return undefined;
  return (error.CancellationReasons ?? []).map((reason) => reason.Code ?? 'None');
}

/** Whether item `index` of a cancelled transaction failed its condition. */
export function failedCondition(codes: readonly string[] | undefined, index: number): boolean {
  return codes?.[index] === 'ConditionalCheckFailed';
}

/** Whether a transaction was cancelled only because another transaction touched its items. */
export function isTransactionConflict(error: unknown): boolean {
  const codes = cancellationCodes(error);
  if (codes)
    return codes.includes('TransactionConflict') && !codes.includes('ConditionalCheckFailed');
  return (error as { name?: unknown } | null)?.name === 'TransactionInProgressException';
}

/** A transaction item that creates `item` only if nothing with its key exists yet. */
export function putNew(item: Record<string, unknown>) {
  return {
    Put: { TableName: tableName, Item: item, ConditionExpression: 'attribute_not_exists(PK)' },
  };
}

/**
 * Writes the items all together or not at all. A `clientRequestToken` makes the write idempotent
 * for ten minutes (a retry with the same token and the same items is not applied twice).
 * Every transaction cancelled by a `TransactionConflict` is counted here, where every
 * TransactWriteItems goes through, whether its caller retries it (`retryOnConflict`, the tracker
 * vote's own loop) or gives up (a sign-up that met another on the user counter).
 */
export function transact(items: TransactItem[], clientRequestToken?: string) {
  const command = new TransactWriteCommand({
    TransactItems: items,
    ...(clientRequestToken ? { ClientRequestToken: clientRequestToken } : {}),
  });
  return db.send(command).catch((error: unknown) => {
    if (cancellationCodes(error)?.includes('TransactionConflict')) {
      emitMetrics({ TransactionConflicts: 1 });
    }
    throw error;
  });
}

export interface RetryOptions {
  readonly attempts?: number;
  readonly baseDelayMs?: number;
  /** Injected in tests. */
  readonly sleep?: (ms: number) => Promise<unknown>;
  readonly random?: () => number;
}

/**
 * Runs `operation`, retrying it with full-jitter exponential backoff while it fails with a
 * `TransactionConflict` (another transaction held one of its items). Failed conditions and every
 * other error are not retried: they mean something to the caller.
 */
export async function retryOnConflict<T>(
  operation: () => Promise<T>,
  { attempts = 5, baseDelayMs = 20, sleep = sleepFor, random = Math.random }: RetryOptions = {},
): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await operation();
    } catch (error) {
      if (attempt >= attempts || !isTransactionConflict(error)) throw error;
      await sleep(Math.floor(random() * baseDelayMs * 2 ** (attempt - 1)));
    }
  }
}
