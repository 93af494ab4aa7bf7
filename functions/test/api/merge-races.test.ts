import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MergeResult } from '@hatchworks/shared/schemas/merge';
import type { ProjectSuggestion, TrackerFeatureRequest } from '@hatchworks/shared/schemas/tracker';
import { api } from '../../../test/support/api';
import { bearer, dataLayer, registerAdmin, registerUser } from '../../../test/support/accounts';
import { approvedFeature, createProject, vote } from '../../../test/support/features';
import {
  expectLedgerExact,
  expectTotalsExact,
  myVotes,
  postMerge,
  postUnmerge,
  storedVotes,
  untilDone,
} from '../../../test/support/merge';
import { TrackerClient, submitRequest, vote as trackerVote } from '../../../test/support/tracker';

/*
 * What two admins (or two tabs) doing the same thing at once, and merges that share a target,
 * must leave: every call answers 200 or 409 (never 5xx), and the votes end exactly as they were
 * before the merges, with no vote of 0 eggs (or of nobody) left behind on the target.
 */

type Account = Awaited<ReturnType<typeof registerUser>>;
type MergeAnswer = { data: MergeResult; error?: string; code?: string };

let admin: Account;
let author: Account;
let projectId: string;
let voters: Account[];

async function castVote(voter: Account, featureId: string, eggs: number) {
  const answer = await vote(voter.token, { feature_id: featureId, eggs_allocated: eggs });
  if (answer.status !== 200) throw new Error(`vote: ${answer.status} ${answer.body.error}`);
}

const approved = () => approvedFeature(author.token, admin.token, projectId);

/** Each voter's votes (feature id → eggs) on the given features, from My Votes. */
async function votesOn(ids: readonly string[]) {
  return Promise.all(
    voters.map(async (voter) => {
      const mine = await myVotes(voter.token, voter.user.id);
      return ids.map((id) => [id, mine.get(id)?.eggs_allocated ?? 'no vote']);
    }),
  );
}

/** An answer in words: `200 <state>`, or the status and the error. */
const outcomeOf = (answer: { status: number; body: MergeAnswer }) =>
  answer.status === 200
    ? `200 ${answer.body.data.merge.state}`
    : `${answer.status} ${answer.body.error ?? ''}`;

const trackerPost = (json: unknown) =>
  api<MergeAnswer>('/api/admin/tracker/merges', {
    method: 'POST',
    headers: bearer(admin.token),
    json,
  });

/** The tracker vote items on a request, as stored: voter → direction (and where it came from). */
async function trackerVotesOn(id: string) {
  const { client, keys } = await dataLayer();
  const { Items = [] } = await client.db.send(
    new QueryCommand({
      TableName: client.tableName,
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: {
        ':pk': keys.trackerVoteKeys.targetPartition('feature_request', id),
      },
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
    .map((item) => `${String(item.voter_id)} ${String(item.direction)}`)
    .sort();
}

async function readRequest(id: string, client = new TrackerClient()) {
  const answer = await client.call<TrackerFeatureRequest & ProjectSuggestion>(
    `/api/tracker/feature-requests/${id}`,
  );
  if (answer.status !== 200) throw new Error(`read ${id}: ${answer.status}`);
  return answer.body.data;
}

beforeAll(async () => {
  admin = await registerAdmin();
  author = await registerUser();
  projectId = (await createProject(admin.token)).id;
  const grant = await api(`/api/admin/users/${author.user.id}/eggs`, {
    method: 'POST',
    headers: bearer(admin.token),
    json: { amount: 2_000, reason: 'merge race tests' },
  });
  if (grant.status !== 200) throw new Error(`eggs: ${grant.status}`);
  voters = [];
  for (let start = 0; start < 16; start += 4) {
    voters.push(...(await Promise.all([1, 2, 3, 4].map(() => registerUser()))));
  }
}, 120_000);

describe('merges raced by admins and shared targets', () => {
  it('answers 200 or 409 to five admins undoing one merge at once, and restores it once', async () => {
    // Two batches of moves per unmerge, three times over: each is a window for the race.
    for (let round = 0; round < 3; round += 1) {
      const [a, b] = await Promise.all([approved(), approved()]);
      await Promise.all(
        voters.map(async (voter, index) => {
          await castVote(voter, a.id, index + 1);
          if (index % 2 === 0) await castVote(voter, b.id, 2);
        }),
      );
      const before = await votesOn([a.id, b.id]);
      const merged = await untilDone(() => postMerge(admin.token, a.id, { into_id: b.id }));
      expect(merged.status).toBe(200);

      const answers = await Promise.all(
        Array.from({ length: 5 }, () => postUnmerge(admin.token, a.id)),
      );

      for (const outcome of answers.map(outcomeOf)) {
        expect([round, outcome]).toEqual([round, expect.stringMatching(/^(200 unmerged|409 .+)$/)]);
      }
      const settled = await untilDone(() => postUnmerge(admin.token, a.id));
      expect([settled.status, settled.body.data.merge.state]).toEqual([200, 'unmerged']);
      expect(await votesOn([a.id, b.id])).toEqual(before);
      await expectTotalsExact(a.id, b.id);
    }
    for (const voter of voters) await expectLedgerExact(voter);
  }, 120_000);

  it('leaves no 0-egg vote on B after merging A and C into it and undoing both', async () => {
    for (const order of ['first merged first', 'last merged first'] as const) {
      const [a, b, c] = await Promise.all([approved(), approved(), approved()]);
      const [both, all, onlyA] = voters as [Account, Account, Account];
      await castVote(both, a.id, 2);
      await castVote(both, c.id, 3);
      await castVote(all, a.id, 1);
      await castVote(all, b.id, 4);
      await castVote(all, c.id, 5);
      await castVote(onlyA, a.id, 6);
      const before = await votesOn([a.id, b.id, c.id]);

      for (const from of [a, c]) {
        const merged = await untilDone(() => postMerge(admin.token, from.id, { into_id: b.id }));
        expect(merged.status).toBe(200);
      }
      expect((await myVotes(both.token, both.user.id)).get(b.id)?.eggs_allocated).toBe(5);
      for (const from of order === 'first merged first' ? [a, c] : [c, a]) {
        const undone = await untilDone(() => postUnmerge(admin.token, from.id));
        expect([order, undone.status]).toEqual([order, 200]);
      }

      expect(await votesOn([a.id, b.id, c.id])).toEqual(before);
      expect((await myVotes(both.token, both.user.id)).has(b.id)).toBe(false);
      expect((await storedVotes(b.id)).map((each) => [each.user_id, each.eggs])).toEqual([
        [all.user.id, 4],
      ]);
      await expectTotalsExact(a.id, b.id);
      await expectTotalsExact(c.id, b.id);
      for (const voter of [both, all, onlyA]) await expectLedgerExact(voter);
    }
  });

  it('answers 200 or 409 to five admins undoing one tracker merge at once', async () => {
    const [a, b] = await Promise.all([submitRequest(), submitRequest()]);
    const clients = await Promise.all(
      Array.from({ length: 6 }, (_, index) => TrackerClient.visitor(voters[index]?.token)),
    );
    for (const [index, client] of clients.entries()) {
      const answer = await trackerVote(client, 'feature_request', a.id, 'up');
      expect(answer.status).toBe(200);
      if (index % 2 === 0) await trackerVote(client, 'feature_request', b.id, 'down');
    }
    const before = { a: await trackerVotesOn(a.id), b: await trackerVotesOn(b.id) };
    const merge = { type: 'feature_request', action: 'merge', from_id: a.id, into_id: b.id };
    expect((await untilDone(() => trackerPost(merge))).status).toBe(200);

    const unmerge = { type: 'feature_request', action: 'unmerge', from_id: a.id };
    const answers = await Promise.all(Array.from({ length: 5 }, () => trackerPost(unmerge)));

    for (const outcome of answers.map(outcomeOf)) {
      expect(outcome).toMatch(/^(200 unmerged|409 .+)$/);
    }
    const settled = await untilDone(() => trackerPost(unmerge));
    expect([settled.status, settled.body.data.merge.state]).toEqual([200, 'unmerged']);
    expect({ a: await trackerVotesOn(a.id), b: await trackerVotesOn(b.id) }).toEqual(before);
    expect([(await readRequest(a.id)).votes, (await readRequest(b.id)).votes]).toEqual([6, -3]);
  });

  it('leaves no moved tracker vote on B after merging A and C into it and undoing both', async () => {
    for (const order of ['first merged first', 'last merged first'] as const) {
      const [a, b, c] = await Promise.all([submitRequest(), submitRequest(), submitRequest()]);
      const [both, all] = await Promise.all([
        TrackerClient.visitor(voters[0]?.token),
        TrackerClient.visitor(voters[1]?.token),
      ]);
      for (const [client, id, direction] of [
        [both, a.id, 'up'],
        [both, c.id, 'down'],
        [all, a.id, 'up'],
        [all, b.id, 'down'],
        [all, c.id, 'up'],
      ] as const) {
        expect((await trackerVote(client, 'feature_request', id, direction)).status).toBe(200);
      }
      const before = [a, b, c].map(async (each) => trackerVotesOn(each.id));
      const votesBefore = await Promise.all(before);

      for (const from of [a, c]) {
        const merge = { type: 'feature_request', action: 'merge', from_id: from.id, into_id: b.id };
        expect((await untilDone(() => trackerPost(merge))).status).toBe(200);
      }
      expect((await readRequest(b.id, both)).my_vote).toBe('up');
      for (const from of order === 'first merged first' ? [a, c] : [c, a]) {
        const unmerge = { type: 'feature_request', action: 'unmerge', from_id: from.id };
        expect([order, (await untilDone(() => trackerPost(unmerge))).status]).toEqual([order, 200]);
      }

      const votesAfter = await Promise.all([a, b, c].map(async (each) => trackerVotesOn(each.id)));
      expect(votesAfter).toEqual(votesBefore);
      expect((await readRequest(b.id, both)).my_vote).toBeNull();
      expect([
        (await readRequest(a.id)).votes,
        (await readRequest(b.id)).votes,
        (await readRequest(c.id)).votes,
      ]).toEqual([2, -1, 0]);
    }
  });
});
