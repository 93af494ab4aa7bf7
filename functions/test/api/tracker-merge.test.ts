import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  MERGE_MESSAGES,
  type MergeResult,
  type MergeStatus,
} from '@hatchworks/shared/schemas/merge';
import type { NotificationList } from '@hatchworks/shared/schemas/notifications';
import type { ProjectSuggestion, TrackerFeatureRequest } from '@hatchworks/shared/schemas/tracker';
import { api } from '../../../test/support/api';
import { bearer, dataLayer, registerAdmin, registerUser } from '../../../test/support/accounts';
import {
  TrackerClient,
  listRequests,
  listSuggestions,
  submitRequest,
  submitSuggestion,
  vote,
} from '../../../test/support/tracker';
import { testStack } from '../../../test/support/stack';

/*
 * Merging tracker requests (and project suggestions) A into B over HTTP,
 * through `POST /api/admin/tracker/merges`. The invariant checked everywhere: a record's `votes`
 * is exactly the sum of the directions of the vote items on it (read from the table).
 */

type Account = Awaited<ReturnType<typeof registerUser>>;
type Kind = 'feature_request' | 'project_suggestion';
type MergeAnswer = { data: MergeResult; error?: string; code?: string };

const WORKER = fileURLToPath(new URL('../support/tracker-merge-worker.ts', import.meta.url));

let admin: Account;
let users: Account[];

const post = (token: string | undefined, json: unknown) =>
  api<MergeAnswer>('/api/admin/tracker/merges', {
    method: 'POST',
    headers: token ? bearer(token) : {},
    json,
  });

const merge = (type: Kind, from_id: string, into_id: string) =>
  post(admin.token, { type, action: 'merge', from_id, into_id });
const unmerge = (type: Kind, from_id: string) =>
  post(admin.token, { type, action: 'unmerge', from_id });

async function untilDone(run: () => ReturnType<typeof post>) {
  for (let round = 0; round < 50; round += 1) {
    const answer = await run();
    if (answer.status !== 202) return answer;
  }
  throw new Error('the merge never finished');
}

/** Runs `attempt` again while it answers 409 "changed meanwhile; try again". */
async function untilStarted(attempt: () => ReturnType<typeof post>) {
  for (let round = 0; round < 20; round += 1) {
    const answer = await attempt();
    if (answer.status !== 409 || answer.body.error !== MERGE_MESSAGES.targetMovedOn) return answer;
  }
  throw new Error('the merge never started');
}

const path = (type: Kind, id: string) =>
  type === 'feature_request'
    ? `/api/tracker/feature-requests/${id}`
    : `/api/tracker/project-suggestions/${id}`;

/** The record as `client` sees it (with its own `my_vote`). */
async function read(type: Kind, id: string, client = new TrackerClient()) {
  const answer = await client.call<TrackerFeatureRequest & ProjectSuggestion>(path(type, id));
  if (answer.status !== 200) throw new Error(`read ${id}: ${answer.status}`);
  return answer.body.data;
}

/** A record as the API shows it, without the caller's vote and the internal merge version. */
const snapshot = ({
  my_vote: _mine,
  merge_version: _version,
  ...rest
}: TrackerFeatureRequest & ProjectSuggestion) => rest;

/** The vote items on a target, as stored (GSI1, then each read consistently). */
async function storedVotes(type: Kind, id: string) {
  const { client, keys } = await dataLayer();
  const { Items = [] } = await client.db.send(
    new QueryCommand({
      TableName: client.tableName,
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.trackerVoteKeys.targetPartition(type, id) },
    }),
  );
  const live = await Promise.all(
    Items.map(async (item) => {
      const { Item } = await client.db.send(
        new GetCommand({
          TableName: client.tableName,
          Key: { PK: item.PK, SK: item.SK },
          ConsistentRead: true,
        }),
      );
      return Item;
    }),
  );
  return live
    .filter((item) => item !== undefined)
    .map((item) => ({
      voter: String(item.voter_id),
      direction: String(item.direction),
      created_at: String(item.created_at),
      updated_at: String(item.updated_at),
    }))
    .sort((left, right) => left.voter.localeCompare(right.voter));
}

/** `votes` of each record = the sum of its votes' directions, as stored. */
async function expectCountsExact(type: Kind, ...ids: string[]) {
  for (const id of ids) {
    const [record, votes] = await Promise.all([read(type, id), storedVotes(type, id)]);
    const sum = votes.reduce((total, each) => total + (each.direction === 'up' ? 1 : -1), 0);
    expect({ id, votes: record.votes }).toEqual({ id, votes: sum });
  }
}

async function castVote(client: TrackerClient, type: Kind, id: string, direction: 'up' | 'down') {
  const answer = await vote(client, type, id, direction);
  if (answer.status !== 200) throw new Error(`vote: ${answer.status} ${answer.body.error}`);
}

async function anonymousVoters(n: number) {
  return Promise.all(Array.from({ length: n }, () => TrackerClient.visitor()));
}

beforeAll(async () => {
  admin = await registerAdmin();
  users = await Promise.all([registerUser(), registerUser(), registerUser()]);
});

describe('merging tracker requests and suggestions', () => {
  it('moves every vote exactly, hides A, and an unmerge restores everything as it was', async () => {
    const word = `zorblax${Date.now().toString(36)}`;
    const [a, b] = await Promise.all([
      submitRequest({ title: `Dark ${word} theme` }),
      submitRequest(),
    ]);
    const searched = async () =>
      (await listRequests({ q: word })).body.data.feature_requests.map((each) => each.id);
    await eventually(searched, (ids) => ids.includes(a.id));
    const signedIn = await Promise.all(users.map((user) => TrackerClient.visitor(user.token)));
    const [u0, u1, u2] = signedIn as [TrackerClient, TrackerClient, TrackerClient];
    const strangers = await anonymousVoters(4);
    const onB = await anonymousVoters(2);
    // u0 only on A; u1 down on A but up on B; u2 up on both; strangers up on A; two down on B.
    await castVote(u0, 'feature_request', a.id, 'up');
    await castVote(u1, 'feature_request', a.id, 'down');
    await castVote(u1, 'feature_request', b.id, 'up');
    await castVote(u2, 'feature_request', a.id, 'up');
    await castVote(u2, 'feature_request', b.id, 'up');
    for (const client of strangers) await castVote(client, 'feature_request', a.id, 'up');
    for (const client of onB) await castVote(client, 'feature_request', b.id, 'down');
    const beforeA = await read('feature_request', a.id);
    const beforeB = await read('feature_request', b.id);
    expect([beforeA.votes, beforeB.votes]).toEqual([5, 0]);
    const votesBefore = {
      a: await storedVotes('feature_request', a.id),
      b: await storedVotes('feature_request', b.id),
    };
    await expectCountsExact('feature_request', a.id, b.id);

    const merged = await untilDone(() => merge('feature_request', a.id, b.id));
    expect(merged.status).toBe(200);
    expect(merged.body.data.merge).toMatchObject({
      from_id: a.id,
      into_id: b.id,
      state: 'merged',
      moved: 7,
      remaining: 0,
    });
    expect(merged.body.data.merge.unmerge_until).toBeDefined();
    // B: its own 4 votes (u1 up, u2 up, 2 down) plus those of voters who had none on B (u0 and
    // the 4 strangers, all up): u1 and u2 keep their own vote on B, one voter one vote.
    const afterB = await read('feature_request', b.id);
    expect(afterB.votes).toBe(5);
    expect(afterB.merged_from?.map((entry) => entry.id)).toEqual([a.id]);
    const afterA = await read('feature_request', a.id);
    expect(afterA).toMatchObject({ votes: 0, merged_into: { id: b.id, title: b.title } });
    expect(afterA.merged_into?.merged_at).toBeDefined();
    await expectCountsExact('feature_request', a.id, b.id);
    expect(await storedVotes('feature_request', a.id)).toEqual([]);
    expect((await storedVotes('feature_request', b.id)).length).toBe(9);

    // Every voter's own vote: on B, none on A.
    expect((await read('feature_request', b.id, u0)).my_vote).toBe('up');
    expect((await read('feature_request', b.id, u1)).my_vote).toBe('up');
    expect((await read('feature_request', b.id, u2)).my_vote).toBe('up');
    for (const client of strangers) {
      expect((await read('feature_request', b.id, client)).my_vote).toBe('up');
      expect((await read('feature_request', a.id, client)).my_vote).toBeNull();
    }

    // A is read-only and hidden; B is listed.
    const refused = await vote(u0, 'feature_request', a.id, 'up');
    expect([refused.status, refused.body.error]).toEqual([
      409,
      'This request was merged into another one; vote there',
    ]);
    const status = await api<{ error: string }>(`/api/tracker/feature-requests/${a.id}/status`, {
      method: 'PUT',
      headers: bearer(admin.token),
      json: { status: 'planned' },
    });
    expect(status.status).toBe(409);
    const comment = await u0.call(`/api/tracker/feature-requests/${a.id}/comments`, {
      method: 'POST',
      json: { body: 'Me too' },
    });
    expect(comment.status).toBe(409);
    const listed = (await listRequests({ sort_by: 'date', sort_direction: 'desc', limit: 50 })).body
      .data.feature_requests;
    expect(listed.map((each) => each.id)).toContain(b.id);
    expect(listed.map((each) => each.id)).not.toContain(a.id);
    // Hidden from search too (the live item is checked again; the index follows the stream).
    expect(await searched()).not.toContain(a.id);
    const notification = await waitForNotification(users[0]?.token ?? '', a.id, 'merged');
    expect(notification.subject.id).toBe(a.id);

    const status2 = await post(admin.token, {
      type: 'feature_request',
      action: 'status',
      from_id: a.id,
    });
    expect(status2.body.data.merge.state).toBe('merged');

    const undone = await untilDone(() => unmerge('feature_request', a.id));
    expect(undone.status).toBe(200);
    expect(undone.body.data.merge).toMatchObject({ state: 'unmerged', moved: 0 });
    expect(snapshot(await read('feature_request', a.id))).toEqual(snapshot(beforeA));
    expect(snapshot(await read('feature_request', b.id))).toEqual(snapshot(beforeB));
    expect(await storedVotes('feature_request', a.id)).toEqual(votesBefore.a);
    expect(await storedVotes('feature_request', b.id)).toEqual(votesBefore.b);
    expect((await read('feature_request', a.id, u1)).my_vote).toBe('down');
    const again = (await listRequests({ sort_by: 'date', sort_direction: 'desc', limit: 50 })).body
      .data.feature_requests;
    expect(again.map((each) => each.id)).toContain(a.id);
    await eventually(searched, (ids) => ids.includes(a.id));
    // Votes on A are taken again.
    await castVote(u0, 'feature_request', a.id, 'up');
    await expectCountsExact('feature_request', a.id, b.id);
  });

  it('merges and unmerges project suggestions the same way', async () => {
    const [a, b] = await Promise.all([submitSuggestion(), submitSuggestion()]);
    const voters = await anonymousVoters(3);
    for (const client of voters) await castVote(client, 'project_suggestion', a.id, 'up');
    await castVote(voters[0] as TrackerClient, 'project_suggestion', b.id, 'down');
    const beforeA = await read('project_suggestion', a.id);
    const beforeB = await read('project_suggestion', b.id);
    const merged = await untilDone(() => merge('project_suggestion', a.id, b.id));
    expect(merged.status).toBe(200);
    expect((await read('project_suggestion', b.id)).votes).toBe(1);
    await expectCountsExact('project_suggestion', a.id, b.id);
    const listed = (await listSuggestions({ sort_by: 'date', sort_direction: 'desc', limit: 50 }))
      .body.data;
    expect(listed.project_suggestions.map((each) => each.id)).not.toContain(a.id);
    expect((await untilDone(() => unmerge('project_suggestion', a.id))).status).toBe(200);
    expect(snapshot(await read('project_suggestion', a.id))).toEqual(snapshot(beforeA));
    expect(snapshot(await read('project_suggestion', b.id))).toEqual(snapshot(beforeB));
  });

  it('refuses callers who are not admins and records that cannot be merged', async () => {
    const [a, b, c] = await Promise.all([submitRequest(), submitRequest(), submitRequest()]);
    const body = { type: 'feature_request', action: 'merge', from_id: a.id, into_id: b.id };
    expect((await post(undefined, body)).status).toBe(401);
    expect((await post(users[0]?.token, body)).status).toBe(403);
    const error = async (json: unknown) => {
      const { status, body: answer } = await post(admin.token, json);
      return [status, answer.error];
    };
    expect(await error({ ...body, type: 'feature' })).toEqual([
      400,
      'type must be feature_request or project_suggestion',
    ]);
    expect(await error({ ...body, action: 'split' })).toEqual([
      400,
      'action must be merge, unmerge or status',
    ]);
    expect(await error({ ...body, into_id: undefined })).toEqual([
      400,
      'into_id is required to merge',
    ]);
    expect(await error({ ...body, into_id: a.id })).toEqual([
      400,
      'A request cannot be merged into itself',
    ]);
    expect(await error({ ...body, from_id: 'nope' })).toEqual([404, 'Feature request not found']);
    expect(await error({ ...body, into_id: 'nope' })).toEqual([
      404,
      'The request to merge into was not found',
    ]);
    // Same kind only: a suggestion id is no request.
    const suggestion = await submitSuggestion();
    expect(await error({ ...body, into_id: suggestion.id })).toEqual([
      404,
      'The request to merge into was not found',
    ]);
    expect(await error({ ...body, action: 'unmerge' })).toEqual([
      409,
      'This request has not been merged',
    ]);
    expect(await error({ ...body, action: 'status' })).toEqual([
      404,
      'This request has not been merged',
    ]);
    const planned = await api(`/api/tracker/feature-requests/${c.id}/status`, {
      method: 'PUT',
      headers: bearer(admin.token),
      json: { status: 'planned' },
    });
    expect(planned.status).toBe(200);
    expect(await error({ ...body, from_id: c.id })).toEqual([
      409,
      'Only open requests can be merged into another; move it back to Open first',
    ]);

    expect((await merge('feature_request', a.id, b.id)).status).toBe(200);
    const d = await submitRequest();
    expect(await error({ ...body, into_id: d.id })).toEqual([
      409,
      `This request is already merged into “${b.title}”`,
    ]);
    // No chains: nothing into a merged request, and B cannot go while A's merge can be undone.
    expect(await error({ ...body, from_id: d.id, into_id: a.id })).toEqual([
      409,
      `“${a.title}” is itself merged into another request; merge into that one instead`,
    ]);
    expect((await error({ ...body, from_id: b.id, into_id: d.id }))[0]).toBe(409);
    expect((await unmerge('feature_request', a.id)).status).toBe(200);
    expect((await merge('feature_request', b.id, d.id)).status).toBe(200);
    // A merge after an unmerge works again.
    expect((await merge('feature_request', a.id, d.id)).status).toBe(200);
    await expectCountsExact('feature_request', a.id, b.id, d.id);
  });

  it('keeps every count exact while people vote on B (and try A) during the merge', async () => {
    const [a, b] = await Promise.all([submitRequest(), submitRequest()]);
    const onA = await anonymousVoters(12);
    for (const client of onA) await castVote(client, 'feature_request', a.id, 'up');
    const racers = [...(await anonymousVoters(10)), ...onA.slice(0, 4)];
    // A merge cannot start while B changes under it: it answers 409 "changed meanwhile; try
    // again", and the admin tries again (as the page offers).
    const merging = untilStarted(() => untilDone(() => merge('feature_request', a.id, b.id)));
    const votes = Promise.all(
      racers.map(async (client, index) => {
        await new Promise((resolve) => setTimeout(resolve, index * 15));
        await vote(client, 'feature_request', b.id, index % 3 === 0 ? 'down' : 'up');
        // Votes on A may land before the merge starts (then they move) or be refused.
        const onMerged = await vote(client, 'feature_request', a.id, 'up');
        expect([200, 409]).toContain(onMerged.status);
      }),
    );
    const [done] = await Promise.all([merging, votes]);
    expect(done.status).toBe(200);
    await expectCountsExact('feature_request', a.id, b.id);
    expect(await storedVotes('feature_request', a.id)).toEqual([]);
    expect((await untilDone(() => unmerge('feature_request', a.id))).status).toBe(200);
    await expectCountsExact('feature_request', a.id, b.id);
  });

  it('finds votes written before the index only after the one-off backfill', async () => {
    const [a, b] = await Promise.all([submitRequest(), submitRequest()]);
    const voters = await anonymousVoters(2);
    for (const client of voters) await castVote(client, 'feature_request', a.id, 'up');
    // Make them votes stored before merging existed: no GSI1 keys.
    const { client, keys } = await dataLayer();
    for (const voter of await storedVotes('feature_request', a.id)) {
      await client.db.send(
        new UpdateCommand({
          TableName: client.tableName,
          Key: keys.trackerVoteKeys.item(voter.voter, 'feature_request', a.id),
          UpdateExpression: 'REMOVE GSI1PK, GSI1SK',
        }),
      );
    }
    expect(await storedVotes('feature_request', a.id)).toEqual([]);
    // The merge cannot see them: it never finishes (A's count is not 0) and says so.
    const stuck = await untilDone(() => merge('feature_request', a.id, b.id));
    expect(stuck.status).toBe(409);
    const { backfillTrackerVoteIndex } =
      await import('@hatchworks/functions/modules/tracker/tracker-vote-index-backfill');
    const run = await backfillTrackerVoteIndex({ pageSize: 500 });
    expect(run.updated).toBeGreaterThanOrEqual(2);
    expect(run.nextKey).toBeUndefined();
    expect((await storedVotes('feature_request', a.id)).length).toBe(2);
    const done = await untilDone(() => merge('feature_request', a.id, b.id));
    expect(done.status).toBe(200);
    expect((await read('feature_request', b.id)).votes).toBe(2);
    await expectCountsExact('feature_request', a.id, b.id);
    expect((await untilDone(() => unmerge('feature_request', a.id))).status).toBe(200);
    expect((await read('feature_request', a.id)).votes).toBe(2);
  });

  it(
    'resumes over HTTP after the merge process is killed midway, and the unmerge too',
    { timeout: 120_000 },
    async () => {
      const [a, b] = await Promise.all([submitRequest(), submitRequest()]);
      const voters = await anonymousVoters(10);
      for (const [index, client] of voters.entries()) {
        await castVote(client, 'feature_request', a.id, index % 4 === 0 ? 'down' : 'up');
      }
      for (const client of voters.slice(0, 3)) {
        await castVote(client, 'feature_request', b.id, 'up');
      }
      const beforeA = await read('feature_request', a.id);
      const beforeB = await read('feature_request', b.id);
      const votesBefore = [
        await storedVotes('feature_request', a.id),
        await storedVotes('feature_request', b.id),
      ];

      const killed = await killMidway('merge', a.id, b.id);
      expect(killed.state).toBe('merging');
      expect(killed.moved).toBeGreaterThan(0);
      expect(killed.remaining).toBeGreaterThan(0);
      await expectCountsExact('feature_request', a.id, b.id);
      expect((await vote(voters[5] as TrackerClient, 'feature_request', a.id, 'up')).status).toBe(
        409,
      );
      const resumed = await untilDone(() => merge('feature_request', a.id, b.id));
      expect(resumed.status).toBe(200);
      expect(resumed.body.data.merge).toMatchObject({ state: 'merged', moved: 10 });
      await expectCountsExact('feature_request', a.id, b.id);
      // 3 keep their own up vote on B; the other 7 moved (5 up, 2 down): 3 + 5 - 2.
      expect((await read('feature_request', b.id)).votes).toBe(6);

      const killedUnmerge = await killMidway('unmerge', a.id, b.id);
      expect(killedUnmerge.state).toBe('unmerging');
      expect(killedUnmerge.moved).toBeLessThan(10);
      await expectCountsExact('feature_request', a.id, b.id);
      expect((await untilDone(() => unmerge('feature_request', a.id))).status).toBe(200);
      expect(snapshot(await read('feature_request', a.id))).toEqual(snapshot(beforeA));
      expect(snapshot(await read('feature_request', b.id))).toEqual(snapshot(beforeB));
      expect([
        await storedVotes('feature_request', a.id),
        await storedVotes('feature_request', b.id),
      ]).toEqual(votesBefore);
    },
  );
});

/** Asks again every 200 ms until `check` passes (at most 15 s). */
async function eventually<T>(ask: () => Promise<T>, check: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const value = await ask();
    if (check(value)) return value;
    if (Date.now() > deadline) throw new Error('not so after 15 s');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
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

/** Runs the steps in a child process and SIGKILLs it after its third committed step. */
async function killMidway(mode: 'merge' | 'unmerge', fromId: string, intoId: string) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', WORKER, mode, 'feature_request', fromId, intoId, admin.user.id],
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
