import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Feature } from '@hatchworks/shared/schemas/features';
import type { Project } from '@hatchworks/shared/schemas/projects';
import type { RunningServer } from '../../../infra/local/src/server';
import { api } from '../../../test/support/api';
import { bearer, registerAdmin, registerUser } from '../../../test/support/accounts';
import { ledgerOf, profileOf, sum } from '../../../test/support/eggs';
import {
  approvedFeature,
  createFeature,
  createProject,
  vote,
} from '../../../test/support/features';
import { holdNextTransaction, startGatewayWithTimeLimit } from '../../../test/support/time-limit';

let admin: Awaited<ReturnType<typeof registerAdmin>>;
let project: Project;
let author: Awaited<ReturnType<typeof registerUser>>;

beforeAll(async () => {
  admin = await registerAdmin();
  project = await createProject(admin.token);
  author = await registerUser();
});

/** An approved feature by a fresh author, who has the eggs to create it. */
const freshApproved = async () =>
  approvedFeature((await registerUser()).token, admin.token, project.id);

const featureById = async (id: string) =>
  (await api<{ data: Feature }>(`/api/features/${id}`)).body.data;

describe('POST /api/features/vote', () => {
  it('moves eggs from the voter to an approved feature, through the ledger', async () => {
    const feature = await freshApproved();
    const voter = await registerUser();

    const answer = await vote(voter.token, {
      user_id: voter.user.id,
      feature_id: feature.id,
      eggs_allocated: 25,
    });

    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({
      new_balance: 475,
      total_eggs: 25,
      vote_count: 1,
      eggs_allocated: 25,
    });
    expect(await featureById(feature.id)).toMatchObject({ total_eggs: 25, vote_count: 1 });
    const profile = await profileOf(voter.token);
    expect(profile.egg_balance).toBe(475);
    expect(profile.stats.votes_cast).toBe(1);
    const ledger = await ledgerOf(voter.token);
    expect(ledger[0]).toMatchObject({ kind: 'vote', amount: -25, reference: feature.id });
    expect(sum(ledger)).toBe(475);
  });

  it('counts a voter once however often they vote, and adds up their eggs', async () => {
    const feature = await freshApproved();
    const voter = await registerUser();

    await vote(voter.token, { feature_id: feature.id, eggs_allocated: 10 });
    const second = await vote(voter.token, { feature_id: feature.id, eggs_allocated: 15 });

    expect(second.body.data).toMatchObject({ total_eggs: 25, vote_count: 1, user_total_eggs: 25 });
    expect((await profileOf(voter.token)).stats.votes_cast).toBe(1);
  });

  it.each([
    ['0 eggs', 0],
    ['a negative amount', -5],
    ['a fraction', 2.5],
    ['more than the balance', 501],
    ['a text', 'ten'],
  ])('refuses %s with "Invalid egg amount"', async (_label, eggs) => {
    const feature = await freshApproved();
    const voter = await registerUser();

    const answer = await vote(voter.token, { feature_id: feature.id, eggs_allocated: eggs });

    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe('Invalid egg amount');
    expect((await profileOf(voter.token)).egg_balance).toBe(500);
  });

  it('refuses a vote on a pending feature with "Voting is only allowed on approved features"', async () => {
    const feature = await createFeature((await registerUser()).token, project.id);
    const voter = await registerUser();

    const answer = await vote(voter.token, { feature_id: feature.id, eggs_allocated: 10 });

    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe('Voting is only allowed on approved features');
    expect((await profileOf(voter.token)).egg_balance).toBe(500);
  });

  it('refuses a user_id other than the caller with 403', async () => {
    const feature = await freshApproved();
    const voter = await registerUser();

    const answer = await vote(voter.token, {
      user_id: author.user.id,
      feature_id: feature.id,
      eggs_allocated: 10,
    });

    expect(answer.status).toBe(403);
  });

  it('answers 404 for an unknown feature', async () => {
    const voter = await registerUser();

    const answer = await vote(voter.token, { feature_id: 'nope', eggs_allocated: 10 });

    expect(answer.status).toBe(404);
  });

  it('charges once for a retry with the same Idempotency-Key', async () => {
    const feature = await freshApproved();
    const voter = await registerUser();
    const key = { 'idempotency-key': 'vote-once' };
    const payload = { feature_id: feature.id, eggs_allocated: 50 };

    const answers = await Promise.all([
      vote(voter.token, payload, key),
      vote(voter.token, payload, key),
    ]);
    const retry = await vote(voter.token, payload, key);

    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(retry.body.data).toEqual(answers[0]?.body.data);
    expect((await profileOf(voter.token)).egg_balance).toBe(450);
    expect((await featureById(feature.id)).total_eggs).toBe(50);
  });

  it('refuses an Idempotency-Key reused for a different vote with 409', async () => {
    const feature = await freshApproved();
    const voter = await registerUser();
    const key = { 'idempotency-key': 'vote-reuse' };

    await vote(voter.token, { feature_id: feature.id, eggs_allocated: 10 }, key);
    const other = await vote(voter.token, { feature_id: feature.id, eggs_allocated: 20 }, key);

    expect(other.status).toBe(409);
    expect(other.body.error).toBe('This Idempotency-Key was already used for a different request');
    expect((await profileOf(voter.token)).egg_balance).toBe(490);
  });

  it('keeps total_eggs and every balance exact under 20 simultaneous votes', async () => {
    const feature = await freshApproved();
    const voters = await Promise.all([registerUser(), registerUser()]);

    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        vote(voters[index % 2]?.token ?? '', { feature_id: feature.id, eggs_allocated: 5 }),
      ),
    );

    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    expect(await featureById(feature.id)).toMatchObject({ total_eggs: 100, vote_count: 2 });
    for (const voter of voters) {
      const profile = await profileOf(voter.token);
      expect(profile.egg_balance).toBe(450);
      expect(sum(await ledgerOf(voter.token))).toBe(450);
    }
  });
});

describe('POST /api/features/vote near the function time limit', () => {
  // The handler answers 503 a second before its limit, at most 0.2 s after it started; its held
  // transaction lands at least 0.7 s after it started, so the 503 always comes first.
  const FUNCTION_TIMEOUT_MS = 1_200;
  const HOLD_MS = 700;
  let gateway: RunningServer;

  beforeAll(async () => {
    gateway = await startGatewayWithTimeLimit(FUNCTION_TIMEOUT_MS);
  });

  afterAll(async () => {
    await gateway.close();
  });

  /** A vote whose transaction is still on its way when the function nears its limit. */
  async function slowVote(token: string, json: Record<string, unknown>, key: string) {
    const held = await holdNextTransaction(HOLD_MS);
    const response = await fetch(`${gateway.url}/api/features/vote`, {
      method: 'POST',
      headers: { ...bearer(token), 'content-type': 'application/json', 'idempotency-key': key },
      body: JSON.stringify(json),
    });
    return {
      status: response.status,
      headers: response.headers,
      body: await response.json(),
      held,
    };
  }

  it('answers 503 with Retry-After, and a retry after the vote landed answers it, charged once', async () => {
    // Prepare
    const feature = await freshApproved();
    const voter = await registerUser();
    const payload = { feature_id: feature.id, eggs_allocated: 50 };

    // Act
    const first = await slowVote(voter.token, payload, 'vote-late');
    await first.held.settled;
    const retry = await vote(voter.token, payload, { 'idempotency-key': 'vote-late' });

    // Assess
    expect(first.status).toBe(503);
    expect(first.headers.get('retry-after')).toBe('1');
    expect(first.body).toEqual({
      success: false,
      error: 'The server is busy. Try again in a moment.',
      code: 'SERVER_BUSY',
    });
    expect(retry.status).toBe(200);
    expect(retry.body.data).toMatchObject({ new_balance: 450, total_eggs: 50, vote_count: 1 });
    expect((await profileOf(voter.token)).egg_balance).toBe(450);
    expect(sum(await ledgerOf(voter.token))).toBe(450);
    expect((await featureById(feature.id)).total_eggs).toBe(50);
  });

  it('charges once for a retry made while the cut-short vote is still on its way', async () => {
    // Prepare
    const feature = await freshApproved();
    const voter = await registerUser();
    const payload = { feature_id: feature.id, eggs_allocated: 50 };
    const key = { 'idempotency-key': 'vote-in-flight' };

    // Act
    const first = await slowVote(voter.token, payload, key['idempotency-key']);
    const retry = await vote(voter.token, payload, key);
    await first.held.settled;
    const again = await vote(voter.token, payload, key);

    // Assess
    expect(first.status).toBe(503);
    expect(retry.status).toBe(200);
    expect(again.body.data).toEqual(retry.body.data);
    expect((await profileOf(voter.token)).egg_balance).toBe(450);
    expect(sum(await ledgerOf(voter.token))).toBe(450);
    expect((await featureById(feature.id)).total_eggs).toBe(50);
  });
});
