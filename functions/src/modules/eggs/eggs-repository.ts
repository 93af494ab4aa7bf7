import { EGGS } from '@hatchworks/shared/constants';
import type {
  DailyClaimResult,
  EggAdjustmentResult,
  LedgerEntry,
} from '@hatchworks/shared/schemas/eggs';
import { ACCOUNT_MESSAGES } from '@hatchworks/shared/schemas/users';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors';
import { changeBalance } from './balance-change';
import {
  DuplicateRequest,
  firstOutcome,
  recordItem,
  replayed,
  type CallerIdempotency,
} from './caller-idempotency';
import { ledgerKeys, userKeys } from '../table/keys';
import { queryPage, type Page } from '../table/query-page';
import { nextUtcDayStart, utcDay } from '../../lib/utc-day';

export const ALREADY_CLAIMED = 'Daily eggs already claimed today';

/** Grants the daily eggs at most once per user and UTC day, to accounts with a proven email. */
export function claimDailyEggs(
  userId: string,
  idempotencyKey?: string,
  now = new Date(),
): Promise<DailyClaimResult> {
  const today = utcDay(now);
  return changeBalance({
    userId,
    now,
    ...(idempotencyKey
      ? { idempotency: { operation: 'claim-daily', key: idempotencyKey, request: {} } }
      : {}),
    plan: (user) => {
      if (!user.is_verified) throw new ForbiddenError(ACCOUNT_MESSAGES.verifyFirst);
      if (user.last_claim_day === today) throw new ConflictError(ALREADY_CLAIMED);
      return {
        amount: EGGS.daily,
        kind: 'daily_claim',
        reference: today,
        userSet: ['last_claim_day = :today'],
        // A deleted account's claim day reached this one when its email was proven or an
        // identity linked, so this also holds once per person and day.
        userCondition:
          'is_verified = :true AND (attribute_not_exists(last_claim_day) OR last_claim_day <> :today)',
        values: { ':today': today, ':true': true },
        insufficient: () => new ValidationError([]),
        result: (balanceAfter) => ({
          new_balance: balanceAfter,
          eggs_earned: EGGS.daily,
          next_claim_at: nextUtcDayStart(now),
        }),
        metrics: { EggsClaimed: EGGS.daily },
      };
    },
  });
}

function toLedgerEntry(item: Record<string, unknown>): LedgerEntry {
  return {
    id: String(item.id),
    kind: item.kind as LedgerEntry['kind'],
    amount: Number(item.amount),
    reference: String(item.reference),
    balance_after: Number(item.balance_after),
    created_at: String(item.created_at),
    ...(item.moved ? { moved: item.moved as NonNullable<LedgerEntry['moved']> } : {}),
  };
}

/** A user's ledger entries, newest first, one page at a time. */
export async function listLedger(
  userId: string,
  limit: number,
  cursor?: string,
): Promise<Page<LedgerEntry>> {
  const page = await queryPage(
    { partition: userKeys.item(userId).PK, sortKeyPrefix: ledgerKeys.prefix, descending: true },
    limit,
    cursor,
  );
  return { items: page.items.map(toLedgerEntry), nextCursor: page.nextCursor };
}

/**
 * An admin's egg adjustment; it may not drive the balance below 0. With an `Idempotency-Key`
 * (the admin's own, kept in the admin's partition) a retried adjustment moves the eggs once and
 * answers the first outcome.
 */
export async function adjustEggs(
  userId: string,
  amount: number,
  reason: string,
  idempotency?: { callerId: string; key: string },
  now = new Date(),
): Promise<EggAdjustmentResult> {
  const record: CallerIdempotency | undefined = idempotency && {
    ...idempotency,
    operation: 'adjust-eggs',
    request: { userId, amount, reason },
  };
  if (record) {
    const earlier = await replayed<EggAdjustmentResult>(record, now);
    if (earlier) return earlier.result;
  }
  const result = (balanceAfter: number) => ({ user_id: userId, amount, new_balance: balanceAfter });
  try {
    return await changeBalance({
      userId,
      now,
      missingUser: () => new NotFoundError('User not found'),
      plan: () => ({
        amount,
        kind: 'admin_adjustment',
        reference: reason,
        insufficient: () =>
          new ValidationError(
            [{ field: 'amount', message: 'The balance may not go below 0' }],
            'The adjustment would make the balance negative',
          ),
        effects: (balanceAfter) => (record ? [recordItem(record, result(balanceAfter), now)] : []),
        // The only effect is the key's record: a simultaneous retry carried the adjustment out.
        effectFailed: () => new DuplicateRequest(),
        result,
      }),
    });
  } catch (error) {
    if (record && error instanceof DuplicateRequest) return firstOutcome(record, now);
    throw error;
  }
}
