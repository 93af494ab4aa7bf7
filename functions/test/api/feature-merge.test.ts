import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Feature, FeatureStats } from '@hatchworks/shared/schemas/features';
import type { MergeStatus } from '@hatchworks/shared/schemas/merge';
import type { NotificationList } from '@hatchworks/shared/schemas/notifications';
import { api } from '../../../test/support/api';
import { bearer, registerAdmin, registerUser } from '../../../test/support/accounts';
import {
  approvedFeature,
  createFeature,
  createProject,
  storedProject,
  vote,
} from '../../../test/support/features';
import {
  expectLedgerExact,
  expectTotalsExact,
  featureOf,
  myVotes,
  postMerge,
  postUnmerge,
  storedFeature,
  storedVotes,
  untilDone,
} from '../../../test/support/merge';
import { testStack } from '../../../test/support/stack';

type Account = Awaited<ReturnType<typeof registerUser>>;

const WORKER = fileURLToPath(new URL('../support/merge-worker.ts', import.meta.url));
const VOTERS = 10;

let admin: Account;
let author: Account;
let projectId: string;
let voters: Account[];

/** Runs `task` for each item with at most `limit` at a time (sign-ups hash passwords). */
async function inBatches<T, R>(items: readonly T[], limit: number, task: (item: T) => Promise<R>) {
  const results: R[] = [];
  for (let start = 0; start < items.length; start += limit) {
    results.push(...(await Promise.all(items.slice(start, start + limit).map(task))));
  }
  return results;
}

async function castVote(voter: Account, featureId: string, eggs: number) {
  const answer = await vote(voter.token, { feature_id: featureId, eggs_allocated: eggs });
  if (answer.status !== 200) throw new Error(`vote: ${answer.status} ${answer.body.error}`);
}

const approved = () => approvedFeature(author.token, admin.token, projectId);

/** A feature's state that a merge and its unmerge must leave as it was. */
const featureSnapshot = ({ updated_at: _updated, ...rest }: Feature) => rest;

/** Every voter's votes and balance: what an unmerge must restore exactly. */
async function votersSnapshot(ids: readonly string[]) {
  return Promise.all(
    voters.map(async (voter) => {
      const votes = await myVotes(voter.token, voter.user.id);
      const { balance } = await expectLedgerExact(voter);
      return {
        voter: voter.user.id,
        balance,
        votes: ids.map((id) => {
          const each = votes.get(id);
          return each
            ? [id, each.eggs_allocated, each.created_at, each.updated_at]
            : [id, 'no vote'];
        }),
      };
    }),
  );
}

beforeAll(async () => {
  admin = await registerAdmin();
  author = await registerUser();
  projectId = (await createProject(admin.token)).id;
  // The author creates many requests (100 eggs each).
  const grant = await api(`/api/admin/users/${author.user.id}/eggs`, {
    method: 'POST',
    headers: bearer(admin.token),
    json: { amount: 5_000, reason: 'merge tests' },
  });
  if (grant.status !== 200) throw new Error(`eggs: ${grant.status}`);
  voters = await inBatches(
    Array.from({ length: VOTERS }, (_, index) => index),
    5,
    () => registerUser(),
  );
}, 120_000);

describe('merging feature requests with their votes', () => {
  it('moves every vote exactly, hides A, and an unmerge restores everything as it was', async () => {
    const [a, b] = await Promise.all([approved(), approved()]);
    const [both, onlyA, onlyB, bigA] = voters;
    if (!both || !onlyA || !onlyB || !bigA) throw new Error('voters');
    await castVote(both, a.id, 10);
    await castVote(both, b.id, 5);
    await castVote(onlyA, a.id, 7);
    await castVote(onlyB, b.id, 3);
    await castVote(bigA, a.id, 20);
    await castVote(bigA, a.id, 2);
    const beforeA = await featureOf(admin.token, a.id);
    const beforeB = await featureOf(admin.token, b.id);
    expect([
      beforeA.total_eggs,
      beforeA.vote_count,
      beforeB.total_eggs,
      beforeB.vote_count,
    ]).toEqual([39, 3, 8, 2]);
    const snapshot = await votersSnapshot([a.id, b.id]);
    const stats = (await api<{ data: FeatureStats }>('/api/features/stats')).body.data;
    const counts = (await storedProject(projectId))?.feature_counts;

    const merged = await postMerge(admin.token, a.id, { into_id: b.id });
    expect(merged.status).toBe(200);
    expect(merged.body.data.merge).toMatchObject({
      from_id: a.id,
      into_id: b.id,
      from_title: a.title,
      into_title: b.title,
      state: 'merged',
      moved: 3,
      remaining: 0,
      eggs_moved: 39,
    });
    const mergedAt = Date.parse(merged.body.data.merge.merged_at ?? '');
    expect(Date.parse(merged.body.data.merge.unmerge_until ?? '') - mergedAt).toBe(
      30 * 24 * 60 * 60 * 1000,
    );

    // Totals and vote counts moved exactly; the one who voted on both holds one vote of 15.
    const afterA = await featureOf(admin.token, a.id);
    const afterB = await featureOf(admin.token, b.id);
    expect(afterA).toMatchObject({
      status: 'merged',
      total_eggs: 0,
      vote_count: 0,
      merged_into: { id: b.id, title: b.title },
    });
    expect(afterB).toMatchObject({ total_eggs: 47, vote_count: 4 });
    expect(afterB.merged_from).toEqual([{ id: a.id, title: a.title }]);
    await expectTotalsExact(a.id, b.id);
    const bothVotes = await myVotes(both.token, both.user.id);
    expect(bothVotes.get(a.id)).toBeUndefined();
    expect(bothVotes.get(b.id)?.eggs_allocated).toBe(15);
    expect(bothVotes.get(b.id)?.feature).toMatchObject({ total_eggs: 47, vote_count: 4 });
    expect((await myVotes(bigA.token, bigA.user.id)).get(b.id)?.eggs_allocated).toBe(22);

    // No egg created or destroyed, no balance touched; the ledger records each move.
    for (const [index, voter] of voters.entries()) {
      expect((await expectLedgerExact(voter)).balance).toBe(snapshot[index]?.balance);
    }
    const { balance, ledger } = await expectLedgerExact(both);
    expect(ledger.find((entry) => entry.kind === 'vote_moved')).toMatchObject({
      amount: 0,
      reference: b.id,
      balance_after: balance,
      moved: { eggs: 10, from_id: a.id, into_id: b.id },
      feature: { id: b.id },
    });

    // A is read-only: no votes, no comments; listed to admins only; its page names B.
    const refused = await vote(onlyA.token, { feature_id: a.id, eggs_allocated: 1 });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('Voting is only allowed on approved features');
    const comment = await api<{ error: string }>(`/api/features/${a.id}/comments`, {
      method: 'POST',
      headers: bearer(onlyA.token),
      json: { body: 'Still here?' },
    });
    expect(comment.status).toBe(409);
    const anonymous = await api<{ data: Feature }>(`/api/features/${a.id}`);
    expect(anonymous.status).toBe(200);
    expect(anonymous.body.data.merged_into?.id).toBe(b.id);
    const publicIds = await listedIds(`/api/features?project_id=${projectId}&limit=50`);
    expect(publicIds).toContain(b.id);
    expect(publicIds).not.toContain(a.id);
    expect(
      await listedIds(`/api/features?project_id=${projectId}&limit=50`, admin.token),
    ).toContain(a.id);
    expect((await api('/api/features?status=merged')).status).toBe(403);
    expect(await listedIds('/api/features?status=merged&limit=50', admin.token)).toContain(a.id);
    const statsAfter = (await api<{ data: FeatureStats }>('/api/features/stats')).body.data;
    expect(statsAfter.merged - stats.merged).toBe(1);
    expect(statsAfter.approved - stats.approved).toBe(-1);
    expect(statsAfter.total).toBe(stats.total);
    // A merged request is no longer open on its project (nor counted at all).
    expect((await storedProject(projectId))?.feature_counts).toEqual({
      ...counts,
      open: (counts?.open ?? 0) - 1,
      total: (counts?.total ?? 0) - 1,
    });

    // A's followers hear where it went.
    await waitForNotification(onlyA.token, a.id, 'merged');

    // The status route tells the same; merging it again answers the finished merge.
    const status = await api<{ data: { merge: MergeStatus } }>(
      `/api/admin/features/${a.id}/merge`,
      { headers: bearer(admin.token) },
    );
    expect(status.body.data.merge.state).toBe('merged');
    expect((await postMerge(admin.token, a.id, { into_id: b.id })).status).toBe(200);

    // Unmerge: A, B, every vote and every balance exactly as before.
    const unmerged = await postUnmerge(admin.token, a.id);
    expect(unmerged.status).toBe(200);
    expect(unmerged.body.data.merge).toMatchObject({ state: 'unmerged', moved: 0, remaining: 0 });
    expect(featureSnapshot(await featureOf(admin.token, a.id))).toEqual(featureSnapshot(beforeA));
    expect(featureSnapshot(await featureOf(admin.token, b.id))).toEqual(featureSnapshot(beforeB));
    expect(await votersSnapshot([a.id, b.id])).toEqual(snapshot);
    await expectTotalsExact(a.id, b.id);
    expect((await api<{ data: FeatureStats }>('/api/features/stats')).body.data).toEqual(stats);
    expect((await storedProject(projectId))?.feature_counts).toEqual(counts);
    expect((await postUnmerge(admin.token, a.id)).status).toBe(200);
    // Votes on A are taken again.
    await castVote(onlyA, a.id, 1);
  });

  it('refuses callers who are not admins and requests that cannot be merged', async () => {
    const [a, b, c] = await Promise.all([approved(), approved(), approved()]);
    const pending = await createFeature(author.token, projectId);
    const path = `/api/admin/features/${a.id}/merge`;
    expect((await api(path, { method: 'POST', json: { into_id: b.id } })).status).toBe(401);
    expect((await postMerge(author.token, a.id, { into_id: b.id })).status).toBe(403);
    expect((await api(path)).status).toBe(401);
    expect((await api(path, { headers: bearer(author.token) })).status).toBe(403);
    expect((await postUnmerge(author.token, a.id)).status).toBe(403);

    const error = async (answer: ReturnType<typeof postMerge>) => {
      const { status, body } = await answer;
      return [status, body.error];
    };
    expect(await error(postMerge(admin.token, a.id, {}))).toEqual([400, 'into_id is required']);
    expect(await error(postMerge(admin.token, a.id, { into_id: a.id }))).toEqual([
      400,
      'A request cannot be merged into itself',
    ]);
    expect(await error(postMerge(admin.token, 'nope', { into_id: b.id }))).toEqual([
      404,
      'Feature request not found',
    ]);
    expect(await error(postMerge(admin.token, a.id, { into_id: 'nope' }))).toEqual([
      404,
      'The request to merge into was not found',
    ]);
    expect(await error(postMerge(admin.token, a.id, { into_id: pending.id }))).toEqual([
      409,
      'Requests can only be merged into an approved, in-progress or completed request',
    ]);
    const completed = await approved();
    await api(`/api/admin/features/${completed.id}/status`, {
      method: 'PUT',
      headers: bearer(admin.token),
      json: { status: 'completed' },
    });
    expect(await error(postMerge(admin.token, completed.id, { into_id: b.id }))).toEqual([
      409,
      'Only pending or approved requests can be merged into another',
    ]);
    // No status change makes a request merged.
    const direct = await api<{ error: string }>(`/api/admin/features/${c.id}/status`, {
      method: 'PUT',
      headers: bearer(admin.token),
      json: { status: 'merged' },
    });
    expect(direct.status).toBe(400);
    expect(await error(postUnmerge(admin.token, a.id))).toEqual([
      409,
      'This request has not been merged',
    ]);
    const never = await api<{ error: string }>(path, { headers: bearer(admin.token) });
    expect([never.status, never.body.error]).toEqual([404, 'This request has not been merged']);

    // A pending request can be merged (it had no votes); a merged one not again elsewhere.
    expect((await postMerge(admin.token, pending.id, { into_id: b.id })).status).toBe(200);
    expect(await error(postMerge(admin.token, pending.id, { into_id: c.id }))).toEqual([
      409,
      `This request is already merged into “${b.title}”`,
    ]);
    // No chains: nothing merges into a merged request, and B, holding a merge that can still be
    // undone, cannot be merged itself.
    expect(await error(postMerge(admin.token, a.id, { into_id: pending.id }))).toEqual([
      409,
      'Requests can only be merged into an approved, in-progress or completed request',
    ]);
    expect((await error(postMerge(admin.token, b.id, { into_id: c.id })))[0]).toBe(409);
    // Once that merge is undone, B can go.
    expect((await postUnmerge(admin.token, pending.id)).status).toBe(200);
    expect((await featureOf(admin.token, pending.id)).status).toBe('pending');
    expect((await postMerge(admin.token, b.id, { into_id: c.id })).status).toBe(200);
  });

  it('keeps every invariant while people vote on both requests during the merge', async () => {
    const [a, b] = await Promise.all([approved(), approved()]);
    await Promise.all(voters.map((voter, index) => castVote(voter, a.id, 1 + index)));
    await Promise.all(voters.slice(0, 4).map((voter) => castVote(voter, b.id, 2)));
    const { dataLayer } = await import('../../../test/support/accounts');
    await dataLayer();
    const { mergeFeature } = await import('@hatchworks/functions/modules/votable/feature-kind');

    // The merge one vote per step in this process, while everyone votes on B and on A.
    const merging = mergeFeature(a.id, b.id, admin.user.id, { votesPerStep: 1 });
    const storm = await Promise.all(
      voters.flatMap((voter, index) => [
        vote(voter.token, { feature_id: b.id, eggs_allocated: 1 + (index % 3) }),
        vote(voter.token, { feature_id: a.id, eggs_allocated: 1 }),
        vote(voter.token, { feature_id: b.id, eggs_allocated: 1 }),
      ]),
    );
    const mergedRun = (await merging).done
      ? 200
      : (await untilDone(() => postMerge(admin.token, a.id, { into_id: b.id }))).status;
    expect(mergedRun).toBe(200);
    expect(storm.filter((answer) => answer.status !== 200 && answer.status !== 400)).toEqual([]);
    await expectTotalsExact(a.id, b.id);
    expect(await storedVotes(a.id)).toEqual([]);
    for (const voter of voters) await expectLedgerExact(voter);
    expect((await featureOf(admin.token, b.id)).vote_count).toBe(VOTERS);

    // And while they vote on B during the unmerge.
    const unmerging = postUnmerge(admin.token, a.id);
    const again = await Promise.all(
      voters.map((voter) => vote(voter.token, { feature_id: b.id, eggs_allocated: 1 })),
    );
    expect(again.every((answer) => answer.status === 200)).toBe(true);
    const first = await unmerging;
    const unmergedRun =
      first.status === 202
        ? (await untilDone(() => postUnmerge(admin.token, a.id))).status
        : first.status;
    expect(unmergedRun).toBe(200);
    expect(
      (
        await api<{ data: { merge: MergeStatus } }>(`/api/admin/features/${a.id}/merge`, {
          headers: bearer(admin.token),
        })
      ).body.data.merge.state,
    ).toBe('unmerged');
    await expectTotalsExact(a.id, b.id);
    for (const voter of voters) await expectLedgerExact(voter);
  });

  it(
    'resumes over HTTP after the merge process is killed midway, and the unmerge too',
    {
      timeout: 120_000,
    },
    async () => {
      const [a, b] = await Promise.all([approved(), approved()]);
      await Promise.all(voters.map((voter, index) => castVote(voter, a.id, 2 + index)));
      await Promise.all(voters.slice(0, 3).map((voter) => castVote(voter, b.id, 4)));
      const beforeA = await featureOf(admin.token, a.id);
      const beforeB = await featureOf(admin.token, b.id);
      const snapshot = await votersSnapshot([a.id, b.id]);
      const sumOfBoth = beforeA.total_eggs + beforeB.total_eggs;

      const killed = await killMidway('merge', a.id, b.id);
      expect(killed.state).toBe('merging');
      expect(killed.moved).toBeGreaterThan(0);
      expect(killed.remaining).toBeGreaterThan(0);
      // Midway: A is merged, part of the votes moved, nothing counted twice or lost.
      await expectTotalsExact(a.id, b.id, { ranks: false });
      const midA = await storedFeature(a.id);
      const midB = await storedFeature(b.id);
      expect(midA?.status).toBe('merged');
      expect(midA?.vote_count).toBeGreaterThan(0);
      expect((midA?.total_eggs ?? 0) + (midB?.total_eggs ?? 0)).toBe(sumOfBoth);
      for (const voter of voters) await expectLedgerExact(voter);
      expect(
        (await vote(voters[0]?.token ?? '', { feature_id: a.id, eggs_allocated: 1 })).status,
      ).toBe(400);

      const resumed = await untilDone(() => postMerge(admin.token, a.id, { into_id: b.id }));
      expect(resumed.status).toBe(200);
      expect(resumed.body.data.merge).toMatchObject({
        state: 'merged',
        moved: VOTERS,
        eggs_moved: beforeA.total_eggs,
      });
      await expectTotalsExact(a.id, b.id);
      expect(await featureOf(admin.token, b.id)).toMatchObject({
        total_eggs: sumOfBoth,
        vote_count: VOTERS,
      });
      for (const voter of voters) await expectLedgerExact(voter);

      const killedUnmerge = await killMidway('unmerge', a.id, b.id);
      expect(killedUnmerge.state).toBe('unmerging');
      expect(killedUnmerge.moved).toBeGreaterThan(0);
      expect(killedUnmerge.moved).toBeLessThan(VOTERS);
      await expectTotalsExact(a.id, b.id, { ranks: false });
      for (const voter of voters) await expectLedgerExact(voter);
      const undone = await untilDone(() => postUnmerge(admin.token, a.id));
      expect(undone.status).toBe(200);
      expect(featureSnapshot(await featureOf(admin.token, a.id))).toEqual(featureSnapshot(beforeA));
      expect(featureSnapshot(await featureOf(admin.token, b.id))).toEqual(featureSnapshot(beforeB));
      expect(await votersSnapshot([a.id, b.id])).toEqual(snapshot);
      await expectTotalsExact(a.id, b.id);
    },
  );
});

/** The ids a list answers (first page). */
async function listedIds(path: string, token?: string): Promise<string[]> {
  const answer = await api<{ data: { features: Feature[] } }>(path, {
    headers: token ? bearer(token) : {},
  });
  return answer.body.data.features.map((feature) => feature.id);
}

async function waitForNotification(token: string, subjectId: string, kind: string) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const answer = await api<{ data: NotificationList }>('/api/notifications', {
      headers: bearer(token),
    });
    const found = answer.body.data.notifications.find(
      (each) => each.subject.id === subjectId && each.kind === kind,
    );
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no ${kind} notification on ${subjectId}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * Runs the merge (or unmerge) steps in a child process against the stack's DynamoDB Local and
 * SIGKILLs it once some votes have moved (after its second committed step), answering the last
 * status it printed.
 */
async function killMidway(mode: 'merge' | 'unmerge', fromId: string, intoId: string) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', WORKER, mode, fromId, intoId, admin.user.id],
    {
      env: {
        ...process.env,
        TABLE_NAME: testStack().tableName,
        DYNAMODB_ENDPOINT: testStack().dynamoEndpoint,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) =>
    child.once('exit', (code, signal) => resolve(signal ?? code)),
  );
  let last: MergeStatus | undefined;
  let steps = 0;
  for await (const line of createInterface({ input: child.stdout })) {
    const status = JSON.parse(line) as MergeStatus & { finished?: boolean };
    if (status.finished) throw new Error('the worker finished before it was killed');
    last = status;
    steps += 1;
    if (steps >= 3) {
      child.kill('SIGKILL');
      break;
    }
  }
  expect(await exited).toBe('SIGKILL');
  if (!last) throw new Error('the worker printed nothing');
  return last;
}
