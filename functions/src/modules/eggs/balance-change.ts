import { createHash } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { ConflictError, UnauthorizedError } from '../../lib/errors';
import { emitMetrics, type MetricValues } from '../../lib/metrics';
import { db, tableName } from '../table/client';
import { idempotencyKeys, userKeys } from '../table/keys';
import { ledgerEntryItem, type LedgerKind } from './ledger';
import {
  cancellationCodes,
  failedCondition,
  retryOnConflict,
  transact,
  type TransactItem,
} from '../table/transactions';

/**
 * What the ledger reads of an account item (`USER#<id>`/`PROFILE`, owned by accounts): its
 * balance and what decides whether it may change. The item read is the whole account: a caller
 * that plans from more of it names its own item type (`changeBalance<R, StoredUser>`).
 */
export interface BalanceAccount {
  readonly id: string;
  readonly egg_balance: number;
  readonly is_verified: boolean;
  /** UTC day (YYYY-MM-DD) of the last daily claim. */
  readonly last_claim_day?: string;
  readonly deleted_at?: string;
}

/** How long an Idempotency-Key keeps answering the first outcome. */
const IDEMPOTENCY_TTL_SECONDS = 24 * 60 * 60;
/** Optimistic attempts before giving up with 409 (each re-reads the balance). */
const MAX_ATTEMPTS = 25;

/** What one attempt of a balance change writes, planned from the user as just read. */
export interface BalancePlan<R> {
  /** Signed change of the balance (negative for spending). */
  readonly amount: number;
  readonly kind: LedgerKind;
  readonly reference: string;
  /** Extra `SET` clauses and condition for the user item (claim day, counters). */
  readonly userSet?: readonly string[];
  readonly userCondition?: string;
  readonly names?: Record<string, string>;
  readonly values?: Record<string, unknown>;
  /** The change's effect: written in the same transaction after the user and ledger entry. */
  readonly effects?: (balanceAfter: number) => TransactItem[];
  /**
   * A failed condition of effect `index`: answer the user-facing error to throw, or 'retry' when
   * the plan was made from data that changed meanwhile.
   */
  readonly effectFailed?: (index: number) => Error | 'retry';
  /** Thrown when the change would leave the balance below 0. */
  readonly insufficient: () => Error;
  readonly result: (balanceAfter: number) => R;
  /** The business figures the change adds, recorded once it is written (never on a replay). */
  readonly metrics?: MetricValues;
}

export interface BalanceChange<R, A extends BalanceAccount = BalanceAccount> {
  readonly userId: string;
  /**
   * Plans one attempt from the live user; throws the user-facing error when the change is not
   * allowed (already claimed today, not enough eggs, ...).
   */
  readonly plan: (user: A) => Promise<BalancePlan<R>> | BalancePlan<R>;
  /**
   * An `Idempotency-Key`: the same key answers the first outcome and never charges twice.
   * `request` describes the request (its payload); the key reused for another request is a 409.
   */
  readonly idempotency?: {
    readonly operation: string;
    readonly key: string;
    readonly request: unknown;
  };
  readonly now?: Date;
  /** The error when the user does not exist (default 401: the caller's own account is gone). */
  readonly missingUser?: () => Error;
  /**
   * The user as the caller's token check read it a moment ago: the first attempt plans from it
   * instead of reading again. Safe when stale: the transaction is conditional on the balance it
   * planned from, so a stale copy only costs a second attempt, from a consistent read.
   */
  readonly knownUser?: A;
}

async function readUser<A extends BalanceAccount>(id: string, missing: () => Error): Promise<A> {
  const result = await db.send(
    new GetCommand({ TableName: tableName, Key: userKeys.item(id), ConsistentRead: true }),
  );
  const user = result.Item as A | undefined;
  if (!user || user.deleted_at) throw missing();
  return user;
}

async function storedOutcome<R>(
  userId: string,
  idempotency: BalanceChange<R>['idempotency'],
  now: Date,
): Promise<{ result: R } | undefined> {
  if (!idempotency) return undefined;
  const { Item } = await db.send(
    new GetCommand({
      TableName: tableName,
      Key: idempotencyKeys.record(userId, idempotency.operation, idempotency.key),
      ConsistentRead: true,
    }),
  );
  // TTL deletion is lazy (and absent locally): an expired record no longer counts.
  if (!Item || Number(Item.expires_at) * 1000 < now.getTime()) return undefined;
  if (Item.request_hash !== requestHash(idempotency.request)) throw new ConflictError(KEY_REUSED);
  return { result: Item.result as R };
}

export const KEY_REUSED = 'This Idempotency-Key was already used for a different request';

const requestHash = (request: unknown) =>
  createHash('sha256').update(JSON.stringify(request)).digest('base64url');

/** A ClientRequestToken (≤ 36 characters) unique to the user, operation, key and attempt. */
function requestToken(userId: string, operation: string, key: string, attempt: number): string {
  return createHash('sha256')
    .update(`${userId}\n${operation}\n${key}\n${attempt}`)
    .digest('hex')
    .slice(0, 36);
}

/**
 * Changes a user's balance the ledger's way: one TransactWriteItems that updates the balance on
 * the condition that it is still the balance just read (so the ledger entry's `balance_after` is
 * exact under concurrency), writes the immutable ledger entry and applies the change's effect.
 * A changed balance re-reads and re-plans; a `TransactionConflict` is retried with backoff.
 */
export async function changeBalance<R, A extends BalanceAccount = BalanceAccount>(
  change: BalanceChange<R, A>,
): Promise<R> {
  const now = change.now ?? new Date();
  const { userId, idempotency } = change;
  const earlier = await storedOutcome<R>(userId, idempotency, now);
  if (earlier) return earlier.result;

  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) {
    const known = attempt === 1 && change.knownUser?.id === userId ? change.knownUser : undefined;
    const user =
      known ?? (await readUser<A>(userId, change.missingUser ?? (() => new UnauthorizedError())));
    const plan = await change.plan(user);
    const balanceAfter = user.egg_balance + plan.amount;
    if (balanceAfter < 0) throw plan.insufficient();
    const effects = plan.effects?.(balanceAfter) ?? [];
    const result = plan.result(balanceAfter);
    const items: TransactItem[] = [
      {
        Update: {
          TableName: tableName,
          Key: userKeys.item(userId),
          UpdateExpression: ['SET egg_balance = :after', ...(plan.userSet ?? [])].join(', '),
          ConditionExpression: [
            'egg_balance = :read AND attribute_not_exists(deleted_at)',
            ...(plan.userCondition ? [`(${plan.userCondition})`] : []),
          ].join(' AND '),
          ...(plan.names ? { ExpressionAttributeNames: plan.names } : {}),
          ExpressionAttributeValues: {
            ':after': balanceAfter,
            ':read': user.egg_balance,
            ...plan.values,
          },
        },
      },
      {
        Put: {
          TableName: tableName,
          Item: ledgerEntryItem({
            userId,
            kind: plan.kind,
            amount: plan.amount,
            reference: plan.reference,
            balanceAfter,
            now,
          }),
        },
      },
      ...effects,
    ];
    if (idempotency) {
      items.push({
        Put: {
          TableName: tableName,
          Item: {
            ...idempotencyKeys.record(userId, idempotency.operation, idempotency.key),
            entity: 'IdempotencyRecord',
            result,
            request_hash: requestHash(idempotency.request),
            created_at: now.toISOString(),
            expires_at: Math.floor(now.getTime() / 1000) + IDEMPOTENCY_TTL_SECONDS,
          },
          ConditionExpression: 'attribute_not_exists(PK) OR expires_at < :nowSeconds',
          ExpressionAttributeValues: { ':nowSeconds': Math.floor(now.getTime() / 1000) },
        },
      });
    }
    const token = idempotency
      ? requestToken(userId, idempotency.operation, idempotency.key, attempt)
      : undefined;
    try {
      await retryOnConflict(() => transact(items, token));
      if (plan.metrics) emitMetrics(plan.metrics);
      return result;
    } catch (error) {
      const codes = cancellationCodes(error);
      const duplicate =
        (idempotency && failedCondition(codes, items.length - 1)) ||
        (error as { name?: unknown }).name === 'IdempotentParameterMismatchException';
      if (duplicate) {
        const first = await storedOutcome<R>(userId, idempotency, now);
        if (first) return first.result;
        throw new ConflictError();
      }
      if (!codes) throw error;
      const failedEffect = effects.findIndex((_, index) => failedCondition(codes, index + 2));
      if (failedEffect >= 0) {
        const outcome = plan.effectFailed?.(failedEffect) ?? 'retry';
        if (outcome !== 'retry') throw outcome;
      }
      // Otherwise the user changed since it was read: read again and re-plan.
    }
  }
  throw new ConflictError();
}
