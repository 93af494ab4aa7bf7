import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type {
  DailyClaimResult,
  EggAdjustmentResult,
  LedgerEntry,
} from '@hatchworks/shared/schemas/eggs';
import { api } from '../../../test/support/api';
import { bearer, registerAdmin, registerUser } from '../../../test/support/accounts';
import { ledgerOf, profileOf, sum } from '../../../test/support/eggs';
import { nextUtcDayStart } from '../../src/lib/utc-day';

const claim = (token: string, headers: Record<string, string> = {}) =>
  api<{ data: DailyClaimResult; error?: string; code?: string }>('/api/user/claim-daily-eggs', {
    method: 'POST',
    headers: { ...bearer(token), ...headers },
  });

describe('POST /api/user/claim-daily-eggs', () => {
  it('grants 100 eggs, answers {new_balance, eggs_earned, next_claim_at} and ends can_claim_daily', async () => {
    const { token } = await registerUser();
    // Days are UTC days: the next claim opens at the next midnight UTC (either side of a midnight
    // that passes during the call).
    const nextMidnight = () => nextUtcDayStart(new Date());
    const opens = [nextMidnight()];

    const answer = await claim(token);

    opens.push(nextMidnight());
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ new_balance: 600, eggs_earned: 100 });
    expect(opens).toContain(answer.body.data.next_claim_at);
    const profile = await profileOf(token);
    expect(profile.egg_balance).toBe(600);
    expect(profile.can_claim_daily).toBe(false);
    expect(profile.next_claim_at).toBe(answer.body.data.next_claim_at);
    const [latest] = await ledgerOf(token);
    expect(latest).toMatchObject({ kind: 'daily_claim', amount: 100, balance_after: 600 });
  });

  it('refuses a second claim the same day with 409 and leaves the balance alone', async () => {
    const { token } = await registerUser();
    await claim(token);

    const second = await claim(token);

    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({
      success: false,
      code: 'CONFLICT',
      error: 'Daily eggs already claimed today',
    });
    expect((await profileOf(token)).egg_balance).toBe(600);
  });

  it('lets exactly one of 10 simultaneous claims through, and the ledger sums to the balance', async () => {
    const { token } = await registerUser();

    const answers = await Promise.all(Array.from({ length: 10 }, () => claim(token)));

    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 409)).toHaveLength(9);
    const profile = await profileOf(token);
    expect(profile.egg_balance).toBe(600);
    expect(sum(await ledgerOf(token))).toBe(profile.egg_balance);
  });

  it('answers a retry with the same Idempotency-Key with the first success and charges once', async () => {
    const { token } = await registerUser();
    const key = { 'idempotency-key': 'claim-retry-1' };

    const first = await claim(token, key);
    const retries = await Promise.all([claim(token, key), claim(token, key)]);

    expect(first.status).toBe(200);
    for (const retry of retries) {
      expect(retry.status).toBe(200);
      expect(retry.body.data).toEqual(first.body.data);
    }
    const entries = await ledgerOf(token);
    expect(entries.filter((entry) => entry.kind === 'daily_claim')).toHaveLength(1);
    expect((await profileOf(token)).egg_balance).toBe(600);
  });

  it('refuses an Idempotency-Key longer than 36 characters with 400', async () => {
    const { token } = await registerUser();

    const answer = await claim(token, { 'idempotency-key': 'x'.repeat(37) });

    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('VALIDATION_ERROR');
  });

  it('needs a signed-in user', async () => {
    const answer = await api('/api/user/claim-daily-eggs', { method: 'POST' });

    expect(answer.status).toBe(401);
  });
});

describe('GET /api/user/transactions', () => {
  it('lists the caller’s ledger newest first, in pages with a cursor', async () => {
    const { token } = await registerUser();
    await claim(token);

    const first = await api<{ data: { transactions: LedgerEntry[] }; next_cursor: string | null }>(
      '/api/user/transactions?limit=1',
      { headers: bearer(token) },
    );
    const second = await api<{ data: { transactions: LedgerEntry[] }; next_cursor: string | null }>(
      `/api/user/transactions?limit=1&cursor=${first.body.next_cursor ?? ''}`,
      { headers: bearer(token) },
    );

    expect(first.status).toBe(200);
    expect(first.body.data.transactions.map((entry) => entry.kind)).toEqual(['daily_claim']);
    expect(second.body.data.transactions).toMatchObject([
      { kind: 'welcome', amount: 500, balance_after: 500, reference: 'welcome' },
    ]);
  });
});

describe('POST /api/admin/users/{id}/eggs with an Idempotency-Key', () => {
  const adjust = (token: string, userId: string, json: unknown, key: string) =>
    api<{ data: EggAdjustmentResult; error?: string; code?: string }>(
      `/api/admin/users/${userId}/eggs`,
      { method: 'POST', headers: { ...bearer(token), 'idempotency-key': key }, json },
    );

  it('moves the eggs once for a retried adjustment and answers the first outcome', async () => {
    const admin = await registerAdmin();
    const user = await registerUser();
    const key = randomUUID();
    const payload = { amount: 40, reason: 'Bug bounty' };

    const first = await adjust(admin.token, user.user.id, payload, key);
    const retries = await Promise.all([
      adjust(admin.token, user.user.id, payload, key),
      adjust(admin.token, user.user.id, payload, key),
    ]);

    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({ user_id: user.user.id, amount: 40, new_balance: 540 });
    for (const retry of retries) {
      expect(retry.status).toBe(200);
      expect(retry.body.data).toEqual(first.body.data);
    }
    const ledger = await ledgerOf(user.token);
    expect(ledger.filter((entry) => entry.kind === 'admin_adjustment')).toHaveLength(1);
    expect((await profileOf(user.token)).egg_balance).toBe(540);
    expect(sum(ledger)).toBe(540);
  });

  it('moves the eggs once when the same adjustment arrives several times at once', async () => {
    const admin = await registerAdmin();
    const user = await registerUser();
    const key = randomUUID();

    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        adjust(admin.token, user.user.id, { amount: -30, reason: 'Correction' }, key),
      ),
    );

    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    for (const answer of answers) expect(answer.body.data.new_balance).toBe(470);
    const ledger = await ledgerOf(user.token);
    expect(ledger.filter((entry) => entry.kind === 'admin_adjustment')).toHaveLength(1);
    expect((await profileOf(user.token)).egg_balance).toBe(470);
  });

  it('refuses the key reused for another amount or another user with 409, moving nothing', async () => {
    const admin = await registerAdmin();
    const [user, other] = await Promise.all([registerUser(), registerUser()]);
    const key = randomUUID();
    await adjust(admin.token, user.user.id, { amount: 10, reason: 'Prize' }, key);

    const otherAmount = await adjust(
      admin.token,
      user.user.id,
      { amount: 20, reason: 'Prize' },
      key,
    );
    const otherUser = await adjust(
      admin.token,
      other.user.id,
      { amount: 10, reason: 'Prize' },
      key,
    );

    for (const answer of [otherAmount, otherUser]) {
      expect(answer.status).toBe(409);
      expect(answer.body).toMatchObject({
        code: 'CONFLICT',
        error: 'This Idempotency-Key was already used for a different request',
      });
    }
    expect((await profileOf(user.token)).egg_balance).toBe(510);
    expect((await profileOf(other.token)).egg_balance).toBe(500);
  });

  it('refuses an Idempotency-Key longer than 36 characters with 400, moving nothing', async () => {
    const admin = await registerAdmin();
    const user = await registerUser();

    const answer = await adjust(
      admin.token,
      user.user.id,
      { amount: 5, reason: 'x' },
      'k'.repeat(37),
    );

    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('VALIDATION_ERROR');
    expect((await profileOf(user.token)).egg_balance).toBe(500);
  });

  it('keeps each admin’s keys apart', async () => {
    const [first, second] = await Promise.all([registerAdmin(), registerAdmin()]);
    const user = await registerUser();
    const key = randomUUID();

    const byFirst = await adjust(first.token, user.user.id, { amount: 5, reason: 'Hi' }, key);
    const bySecond = await adjust(second.token, user.user.id, { amount: 5, reason: 'Hi' }, key);

    expect(byFirst.body.data.new_balance).toBe(505);
    expect(bySecond.body.data.new_balance).toBe(510);
  });
});
