import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  REOPEN_MESSAGES,
  type BulkApproveResult,
  type Feature,
} from '@hatchworks/shared/schemas/features';
import type { Project } from '@hatchworks/shared/schemas/projects';
import { api } from '../../../test/support/api';
import { bearer, registerAdmin, registerUser } from '../../../test/support/accounts';
import { ledgerOf, profileOf, sum } from '../../../test/support/eggs';
import {
  approvedFeature,
  createFeature,
  createProject,
  storedProject,
  vote,
} from '../../../test/support/features';

let admin: Awaited<ReturnType<typeof registerAdmin>>;
let project: Project;

beforeAll(async () => {
  admin = await registerAdmin();
  project = await createProject(admin.token);
});

const moderate = (id: string, action: 'approve' | 'reject', token = admin.token, json = {}) =>
  api<{ data: Feature; error?: string }>(`/api/admin/features/${id}/${action}`, {
    method: 'POST',
    headers: bearer(token),
    json,
  });

const setStatus = (id: string, status: string, token = admin.token, json = {}) =>
  api<{ data: Feature; error?: string; code?: string }>(`/api/admin/features/${id}/status`, {
    method: 'PUT',
    headers: bearer(token),
    json: { status, approval_notes: 'moving on', ...json },
  });

/** Back to pending without notes: the decision's notes go. */
const reopen = (id: string, token = admin.token) =>
  setStatus(id, 'pending', token, { approval_notes: undefined });

describe('GET /api/admin/features/pending', () => {
  it('lists pending requests to admins only', async () => {
    const author = await registerUser();
    await createFeature(author.token, project.id);

    const asAdmin = await api<{ data: { features: Feature[] } }>('/api/admin/features/pending', {
      headers: bearer(admin.token),
    });
    const asUser = await api('/api/admin/features/pending', { headers: bearer(author.token) });

    expect(asAdmin.status).toBe(200);
    expect(asAdmin.body.data.features.length).toBeGreaterThan(0);
    expect(asAdmin.body.data.features.every((each) => each.status === 'pending')).toBe(true);
    expect(asUser.status).toBe(403);
  });
});

describe('POST /api/admin/features/{id}/approve', () => {
  it('approves a pending request with notes, which then lists publicly', async () => {
    const author = await registerUser();
    const feature = await createFeature(author.token, project.id);

    const answer = await moderate(feature.id, 'approve', admin.token, { notes: 'Good idea' });

    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ status: 'approved', approval_notes: 'Good idea' });
    const approved = await api<{ data: { features: Feature[] } }>(
      '/api/features?status=approved&limit=50',
    );
    expect(approved.status).toBe(200);
  });

  it('refuses a request that is no longer pending with 400', async () => {
    const author = await registerUser();
    const feature = await approvedFeature(author.token, admin.token, project.id);

    const answer = await moderate(feature.id, 'approve');

    expect(answer.status).toBe(400);
  });

  it('is for admins only', async () => {
    const author = await registerUser();
    const feature = await createFeature(author.token, project.id);

    expect((await moderate(feature.id, 'approve', author.token)).status).toBe(403);
  });
});

describe('POST /api/admin/features/{id}/reject', () => {
  it('rejects a pending request and refunds its 100 eggs through the ledger', async () => {
    const author = await registerUser();
    const ownProject = await createProject(admin.token);
    const feature = await createFeature(author.token, ownProject.id);

    const answer = await moderate(feature.id, 'reject', admin.token, { notes: 'Out of scope' });

    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ status: 'rejected', approval_notes: 'Out of scope' });
    const ledger = await ledgerOf(author.token);
    expect(ledger[0]).toMatchObject({ kind: 'refund', amount: 100, reference: feature.id });
    expect((await profileOf(author.token)).egg_balance).toBe(500);
    expect(sum(ledger)).toBe(500);
    expect((await storedProject(ownProject.id))?.feature_counts).toEqual({
      total: 0,
      open: 0,
      completed: 0,
    });
  });

  it('rejects a request whose author deletes their account at the same moment', async () => {
    // Prepare: several races at once, so the deletion lands before, during and after the refund
    const rounds = await Promise.all(
      Array.from({ length: 12 }, async () => {
        const author = await registerUser();
        return { author, feature: await createFeature(author.token, project.id) };
      }),
    );

    // Act
    const answers = await Promise.all(
      rounds.map(({ author, feature }) =>
        Promise.all([
          moderate(feature.id, 'reject', admin.token, { notes: 'Not for us' }),
          api(`/api/user/delete-account`, { method: 'DELETE', headers: bearer(author.token) }),
        ]),
      ),
    );

    // Assess
    expect(answers.map(([rejected, deleted]) => [rejected.status, deleted.status])).toEqual(
      rounds.map(() => [200, 200]),
    );
    for (const [rejected] of answers) expect(rejected.body.data.status).toBe('rejected');
  });

  it('refunds once when two admins reject at the same time', async () => {
    const author = await registerUser();
    const feature = await createFeature(author.token, project.id);

    const answers = await Promise.all([
      moderate(feature.id, 'reject'),
      moderate(feature.id, 'reject'),
    ]);

    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
    expect((await profileOf(author.token)).egg_balance).toBe(500);
  });
});

describe('PUT /api/admin/features/{id}/status', () => {
  it('moves an approved request to in progress, then completed, keeping project counts', async () => {
    const author = await registerUser();
    const ownProject = await createProject(admin.token);
    const feature = await approvedFeature(author.token, admin.token, ownProject.id);

    const started = await setStatus(feature.id, 'in_progress');
    const done = await setStatus(feature.id, 'completed');

    expect(started.body.data.status).toBe('in_progress');
    expect(done.body.data).toMatchObject({ status: 'completed', approval_notes: 'moving on' });
    expect((await storedProject(ownProject.id))?.feature_counts).toEqual({
      total: 1,
      open: 0,
      completed: 1,
    });
  });

  it('takes an approval back to pending while no eggs are on it: hidden again, notes gone', async () => {
    const author = await registerUser();
    const ownProject = await createProject(admin.token);
    const feature = await createFeature(author.token, ownProject.id);
    await moderate(feature.id, 'approve', admin.token, { notes: 'Good idea' });

    const answer = await reopen(feature.id);

    expect(answer.status).toBe(200);
    expect(answer.body.data.status).toBe('pending');
    expect(answer.body.data.approval_notes).toBeUndefined();
    expect((await api(`/api/features/${feature.id}`)).status).toBe(404);
    expect((await storedProject(ownProject.id))?.feature_counts).toEqual({
      total: 1,
      open: 1,
      completed: 0,
    });
    expect((await moderate(feature.id, 'approve')).status).toBe(200);
  });

  it('refuses a user with 403 and leaves the request approved', async () => {
    const author = await registerUser();
    const feature = await approvedFeature(author.token, admin.token, project.id);

    const answer = await reopen(feature.id, author.token);

    expect(answer.status).toBe(403);
    expect((await api<{ data: Feature }>(`/api/features/${feature.id}`)).body.data.status).toBe(
      'approved',
    );
  });

  it('keeps an approval that eggs were put on, with a 409 saying why', async () => {
    const author = await registerUser();
    const voter = await registerUser();
    const feature = await approvedFeature(author.token, admin.token, project.id);
    await vote(voter.token, { feature_id: feature.id, eggs_allocated: 25 });

    const answer = await reopen(feature.id);

    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({
      code: 'CONFLICT',
      error: REOPEN_MESSAGES.eggsSinceApproval,
    });
    expect((await api<{ data: Feature }>(`/api/features/${feature.id}`)).body.data).toMatchObject({
      status: 'approved',
      total_eggs: 25,
    });
  });

  it('lets a vote and a simultaneous undo never both succeed', async () => {
    const author = await registerUser();
    const voters = await Promise.all([registerUser(), registerUser(), registerUser()]);
    const feature = await approvedFeature(author.token, admin.token, project.id);

    const [undo, ...votes] = await Promise.all([
      reopen(feature.id),
      ...voters.map((each) => vote(each.token, { feature_id: feature.id, eggs_allocated: 10 })),
    ]);

    const stored = (
      await api<{ data: Feature }>(`/api/features/${feature.id}`, {
        headers: bearer(admin.token),
      })
    ).body.data;
    const balances = await Promise.all(voters.map((each) => profileOf(each.token)));
    const landed = votes.map((each) => each.status === 200);
    const outcome = {
      undo: undo.status,
      anyVoteLanded: landed.some(Boolean),
      status: stored.status,
      total: stored.total_eggs,
      balances: balances.map((each) => each.egg_balance),
    };

    // Assess: either the undo came first and every vote was refused, or a vote came first and
    // the undo was refused; the eggs are where the outcome says.
    const undone = {
      undo: 200,
      anyVoteLanded: false,
      status: 'pending',
      total: 0,
      balances: [500, 500, 500],
    };
    const kept = {
      undo: 409,
      anyVoteLanded: true,
      status: 'approved',
      total: 10 * landed.filter(Boolean).length,
      balances: landed.map((each) => (each ? 490 : 500)),
    };
    expect([undone, kept]).toContainEqual(outcome);
  });

  it("takes a rejection back to pending, charging the author's refunded 100 eggs again", async () => {
    const author = await registerUser();
    const ownProject = await createProject(admin.token);
    const feature = await createFeature(author.token, ownProject.id);
    await moderate(feature.id, 'reject', admin.token, { notes: 'Not now' });

    const answer = await reopen(feature.id);

    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ status: 'pending' });
    expect(answer.body.data.approval_notes).toBeUndefined();
    const ledger = await ledgerOf(author.token);
    expect(ledger[0]).toMatchObject({
      kind: 'feature_creation',
      amount: -100,
      reference: feature.id,
      balance_after: 400,
    });
    expect((await profileOf(author.token)).egg_balance).toBe(400);
    expect(sum(ledger)).toBe(400);
    expect((await storedProject(ownProject.id))?.feature_counts).toEqual({
      total: 1,
      open: 1,
      completed: 0,
    });
  });

  it('keeps a rejection whose refund the author has spent, with a 409 saying why', async () => {
    const author = await registerUser();
    const feature = await createFeature(author.token, project.id);
    await moderate(feature.id, 'reject');
    for (let index = 0; index < 5; index += 1) await createFeature(author.token, project.id);

    const answer = await reopen(feature.id);

    expect(answer.status).toBe(409);
    expect(answer.body.error).toBe(REOPEN_MESSAGES.refundSpent);
    expect((await profileOf(author.token)).egg_balance).toBe(0);
    const stored = await api<{ data: Feature }>(`/api/features/${feature.id}`, {
      headers: bearer(admin.token),
    });
    expect(stored.body.data.status).toBe('rejected');
  });

  it.each([
    ['pending', 'completed'],
    ['pending', 'in_progress'],
  ])('refuses %s → %s with 400', async (_from, to) => {
    const author = await registerUser();
    const feature = await createFeature(author.token, project.id);

    const answer = await setStatus(feature.id, to);

    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe(`A pending feature cannot become ${to}`);
  });
});

describe('POST /api/admin/features/bulk-approve', () => {
  it('approves every pending request it can and reports the others', async () => {
    const author = await registerUser();
    const [first, second] = await Promise.all([
      createFeature(author.token, project.id),
      createFeature(author.token, project.id),
    ]);

    const answer = await api<{ data: BulkApproveResult }>('/api/admin/features/bulk-approve', {
      method: 'POST',
      headers: bearer(admin.token),
      json: { feature_ids: [first?.id, second?.id, 'missing'], notes: 'batch' },
    });

    expect(answer.status).toBe(200);
    expect(answer.body.data.approved.sort()).toEqual([first?.id, second?.id].sort());
    expect(answer.body.data.failed).toEqual([{ id: 'missing', error: 'Resource not found.' }]);
  });
});

describe('POST /api/admin/users/{id}/eggs', () => {
  const adjust = (id: string, json: unknown, token = admin.token) =>
    api<{ data: { new_balance: number }; error?: string }>(`/api/admin/users/${id}/eggs`, {
      method: 'POST',
      headers: bearer(token),
      json,
    });

  it('adds or removes eggs with an admin_adjustment ledger entry', async () => {
    const user = await registerUser();

    const added = await adjust(user.user.id, { amount: 250, reason: 'Contest prize' });
    const removed = await adjust(user.user.id, { amount: -50, reason: 'Correction' });

    expect(added.body.data.new_balance).toBe(750);
    expect(removed.body.data.new_balance).toBe(700);
    const ledger = await ledgerOf(user.token);
    expect(ledger[0]).toMatchObject({
      kind: 'admin_adjustment',
      amount: -50,
      reference: 'Correction',
    });
    expect(sum(ledger)).toBe(700);
  });

  it('refuses to drive a balance below 0', async () => {
    const user = await registerUser();

    const answer = await adjust(user.user.id, { amount: -501, reason: 'Too much' });

    expect(answer.status).toBe(400);
    expect((await profileOf(user.token)).egg_balance).toBe(500);
  });

  it.each([
    ['a zero amount', { amount: 0, reason: 'x' }],
    ['a fraction', { amount: 1.5, reason: 'x' }],
    ['no reason', { amount: 5 }],
  ])('refuses %s with 400', async (_label, json) => {
    const user = await registerUser();

    expect((await adjust(user.user.id, json)).status).toBe(400);
  });

  it('answers 404 for an unknown user and 403 for non-admins', async () => {
    const user = await registerUser();

    expect((await adjust('nobody', { amount: 5, reason: 'x' })).status).toBe(404);
    expect((await adjust(user.user.id, { amount: 5, reason: 'x' }, user.token)).status).toBe(403);
  });
});

describe('moderation with an Idempotency-Key', () => {
  const keyed = (key: string) => ({ ...bearer(admin.token), 'idempotency-key': key });
  const moderateOnce = (id: string, action: 'approve' | 'reject', key: string, json = {}) =>
    api<{ data: Feature; error?: string; code?: string }>(`/api/admin/features/${id}/${action}`, {
      method: 'POST',
      headers: keyed(key),
      json,
    });

  it('refunds once for a retried rejection and answers it like the first', async () => {
    const author = await registerUser();
    const feature = await createFeature(author.token, project.id);
    const key = randomUUID();

    const first = await moderateOnce(feature.id, 'reject', key, { notes: 'Duplicate' });
    const retry = await moderateOnce(feature.id, 'reject', key, { notes: 'Duplicate' });

    expect(first.status).toBe(200);
    expect(retry.status).toBe(200);
    expect(retry.body.data).toEqual(first.body.data);
    expect(retry.body.data).toMatchObject({ status: 'rejected', approval_notes: 'Duplicate' });
    const ledger = await ledgerOf(author.token);
    expect(ledger.filter((entry) => entry.kind === 'refund')).toHaveLength(1);
    expect((await profileOf(author.token)).egg_balance).toBe(500);
    expect(sum(ledger)).toBe(500);
  });

  it('refunds once when the same rejection arrives several times at once', async () => {
    const author = await registerUser();
    const feature = await createFeature(author.token, project.id);
    const key = randomUUID();

    const answers = await Promise.all(
      Array.from({ length: 4 }, () => moderateOnce(feature.id, 'reject', key)),
    );

    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    for (const answer of answers) expect(answer.body.data.status).toBe('rejected');
    const ledger = await ledgerOf(author.token);
    expect(ledger.filter((entry) => entry.kind === 'refund')).toHaveLength(1);
    expect((await profileOf(author.token)).egg_balance).toBe(500);
  });

  it('answers a retried approval with the first success instead of 400', async () => {
    const author = await registerUser();
    const feature = await createFeature(author.token, project.id);
    const key = randomUUID();

    const first = await moderateOnce(feature.id, 'approve', key, { notes: 'Yes' });
    const retry = await moderateOnce(feature.id, 'approve', key, { notes: 'Yes' });
    const unkeyed = await moderate(feature.id, 'approve', admin.token, { notes: 'Yes' });

    expect(first.status).toBe(200);
    expect(retry.status).toBe(200);
    expect(retry.body.data).toEqual(first.body.data);
    expect(unkeyed.status).toBe(400);
  });

  it('refuses the key reused for another feature or action with 409, changing nothing', async () => {
    const author = await registerUser();
    const [used, other] = await Promise.all([
      createFeature(author.token, project.id),
      createFeature(author.token, project.id),
    ]);
    const key = randomUUID();
    await moderateOnce(used.id, 'approve', key);

    const otherFeature = await moderateOnce(other.id, 'approve', key);
    const otherAction = await moderateOnce(used.id, 'reject', key);
    const otherStatus = await api<{ error?: string }>(`/api/admin/features/${used.id}/status`, {
      method: 'PUT',
      headers: keyed(key),
      json: { status: 'in_progress' },
    });

    for (const answer of [otherFeature, otherAction, otherStatus]) {
      expect(answer.status).toBe(409);
      expect(answer.body.error).toBe(
        'This Idempotency-Key was already used for a different request',
      );
    }
    const stillPending = await api<{ data: Feature }>(`/api/features/${other.id}`, {
      headers: bearer(admin.token),
    });
    expect(stillPending.body.data.status).toBe('pending');
    expect((await profileOf(author.token)).egg_balance).toBe(300);
  });

  it('replays a retried status change', async () => {
    const author = await registerUser();
    const feature = await approvedFeature(author.token, admin.token, project.id);
    const key = randomUUID();
    const change = () =>
      api<{ data: Feature }>(`/api/admin/features/${feature.id}/status`, {
        method: 'PUT',
        headers: keyed(key),
        json: { status: 'in_progress', approval_notes: 'Started' },
      });

    const first = await change();
    const retry = await change();

    expect(first.status).toBe(200);
    expect(retry.status).toBe(200);
    expect(retry.body.data).toEqual(first.body.data);
  });

  it('answers a retried bulk approval with the first outcome', async () => {
    const author = await registerUser();
    const [first, second] = await Promise.all([
      createFeature(author.token, project.id),
      createFeature(author.token, project.id),
    ]);
    const key = randomUUID();
    const bulk = (ids: string[]) =>
      api<{ data: BulkApproveResult; error?: string }>('/api/admin/features/bulk-approve', {
        method: 'POST',
        headers: keyed(key),
        json: { feature_ids: ids, notes: 'batch' },
      });

    const answer = await bulk([first.id, second.id]);
    const retry = await bulk([first.id, second.id]);
    const reused = await bulk([first.id]);

    expect(retry.status).toBe(200);
    expect(retry.body.data).toEqual(answer.body.data);
    expect([...answer.body.data.approved].sort()).toEqual([first.id, second.id].sort());
    expect(reused.status).toBe(409);
  });
});
