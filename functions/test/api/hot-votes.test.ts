import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import type { Feature } from '@hatchworks/shared/schemas/features';
import { api } from '../../../test/support/api';
import { bearer, dataLayer, registerAdmin, registerUser } from '../../../test/support/accounts';
import { ledgerOf, profileOf, sum } from '../../../test/support/eggs';
import { approvedFeature, createProject, vote } from '../../../test/support/features';

const VOTERS = 50;

/** Runs `task` for each item with at most `limit` at a time (sign-ups hash passwords). */
async function inBatches<T, R>(items: readonly T[], limit: number, task: (item: T) => Promise<R>) {
  const results: R[] = [];
  for (let start = 0; start < items.length; start += limit) {
    results.push(...(await Promise.all(items.slice(start, start + limit).map(task))));
  }
  return results;
}

/** Whether the stored feature's rank keys carry its total and status (read consistently). */
async function rankSettled(id: string): Promise<boolean> {
  const { client, keys } = await dataLayer();
  const { hasSettledRank } =
    await import('@hatchworks/functions/modules/features/features-repository');
  const stored = await client.db.send(
    new GetCommand({
      TableName: client.tableName,
      Key: keys.featureKeys.item(id),
      ConsistentRead: true,
    }),
  );
  return hasSettledRank(stored.Item as Parameters<typeof hasSettledRank>[0]);
}

describe('votes on one popular feature request', () => {
  it(
    'lets 50 users vote at once, every vote landing and every egg accounted for',
    {
      timeout: 240_000,
    },
    async () => {
      // Prepare: an admin, a project, one hot approved request and a quieter one, and 50 voters
      // (500 welcome eggs each, each signed up from its own loopback address).
      const admin = await registerAdmin();
      const project = await createProject(admin.token);
      const hot = await approvedFeature((await registerUser()).token, admin.token, project.id);
      const quiet = await approvedFeature((await registerUser()).token, admin.token, project.id);
      const voters = await inBatches(
        Array.from({ length: VOTERS }, (_, index) => index),
        10,
        async (index) => ({ ...(await registerUser()), eggs: 1 + (index % 25) }),
      );
      expect(
        (await vote(voters[0]?.token ?? '', { feature_id: quiet.id, eggs_allocated: 30 })).status,
      ).toBe(200);

      // Act: all 50 vote on the hot request at the same moment.
      const answers = await Promise.all(
        voters.map((voter) =>
          vote(voter.token, { feature_id: hot.id, eggs_allocated: voter.eggs }),
        ),
      );

      // Assess: every vote succeeded, and each answer's totals include at least that vote.
      expect(answers.map((answer) => answer.status)).toEqual(voters.map(() => 200));
      const expectedTotal = sum(voters.map((voter) => ({ amount: voter.eggs })));
      for (const [index, answer] of answers.entries()) {
        const voter = voters[index];
        expect(answer.body.data.eggs_allocated).toBe(voter?.eggs);
        expect(answer.body.data.total_eggs).toBeGreaterThanOrEqual(voter?.eggs ?? 0);
        expect(answer.body.data.total_eggs).toBeLessThanOrEqual(expectedTotal);
        expect(answer.body.data.vote_count).toBeGreaterThanOrEqual(1);
        expect(answer.body.data.vote_count).toBeLessThanOrEqual(VOTERS);
      }

      // Assess: the total is exact at once (votes add to it in their own transactions), equal to
      // the sum of the votes and to the sum of the voters' ledger entries for it.
      const feature = (await api<{ data: Feature }>(`/api/features/${hot.id}`)).body.data;
      expect(feature.total_eggs).toBe(expectedTotal);
      expect(feature.vote_count).toBe(VOTERS);
      let spentOnHot = 0;
      for (const voter of voters) {
        const [profile, ledger] = await Promise.all([
          profileOf(voter.token),
          ledgerOf(voter.token),
        ]);
        expect(profile.egg_balance).toBe(sum(ledger));
        expect(ledger.every((entry) => entry.balance_after >= 0)).toBe(true);
        const hotEntries = ledger.filter(
          (entry) => entry.kind === 'vote' && entry.reference === hot.id,
        );
        expect(hotEntries).toHaveLength(1);
        spentOnHot -= sum(hotEntries);
      }
      expect(spentOnHot).toBe(expectedTotal);

      // Assess: the rank keys carry the settled total, so the project's list has the hot request
      // first.
      expect(await rankSettled(hot.id)).toBe(true);
      const listed = await api<{ data: { features: Feature[] } }>(
        `/api/features?project_id=${project.id}`,
      );
      expect(listed.body.data.features.map((each) => each.id)).toEqual([hot.id, quiet.id]);
    },
  );

  it(
    'keeps totals and rank right when an admin starts the request while votes land',
    {
      timeout: 120_000,
    },
    async () => {
      // Prepare: an approved request and ten voters.
      const admin = await registerAdmin();
      const project = await createProject(admin.token);
      const feature = await approvedFeature((await registerUser()).token, admin.token, project.id);
      const voters = await inBatches(
        Array.from({ length: 10 }, (_, index) => index),
        10,
        async (index) => ({ ...(await registerUser()), eggs: 5 + index }),
      );

      // Act: everyone votes while the admin moves the request to in progress.
      const [moved, ...answers] = await Promise.all([
        api(`/api/admin/features/${feature.id}/status`, {
          method: 'PUT',
          headers: bearer(admin.token),
          json: { status: 'in_progress' },
        }),
        ...voters.map((voter) =>
          vote(voter.token, { feature_id: feature.id, eggs_allocated: voter.eggs }),
        ),
      ]);

      // Assess: each vote landed (200) or was refused as no longer approved (400) and charged
      // nothing; the total is the landed votes' sum, and the rank is that of the final total and
      // status.
      expect(moved?.status).toBe(200);
      let landed = 0;
      for (const [index, answer] of answers.entries()) {
        const voter = voters[index];
        expect([200, 400]).toContain(answer.status);
        const profile = await profileOf(voter?.token ?? '');
        expect(profile.egg_balance).toBe(500 - (answer.status === 200 ? (voter?.eggs ?? 0) : 0));
        if (answer.status === 200) landed += voter?.eggs ?? 0;
      }
      const stored = (await api<{ data: Feature }>(`/api/features/${feature.id}`)).body.data;
      expect(stored.status).toBe('in_progress');
      expect(stored.total_eggs).toBe(landed);
      expect(await rankSettled(feature.id)).toBe(true);
    },
  );

  it('settles a rank left behind (a voter that never settled it) on the first list showing it', async () => {
    // Prepare: an approved request whose total moved 11 s ago without its rank, as when a
    // voter's process dies between the vote's transaction and settling the rank.
    const admin = await registerAdmin();
    const project = await createProject(admin.token);
    const feature = await approvedFeature((await registerUser()).token, admin.token, project.id);
    const { client, keys } = await dataLayer();
    await client.db.send(
      new UpdateCommand({
        TableName: client.tableName,
        Key: keys.featureKeys.item(feature.id),
        UpdateExpression: 'SET updated_at = :then ADD total_eggs :eggs',
        ExpressionAttributeValues: {
          ':then': new Date(Date.now() - 11_000).toISOString(),
          ':eggs': 7,
        },
      }),
    );
    expect(await rankSettled(feature.id)).toBe(false);

    // Act: a visitor lists the project's requests.
    const listed = await api<{ data: { features: Feature[] } }>(
      `/api/features?project_id=${project.id}`,
    );

    // Assess: the list answered the request, and its rank now carries the total.
    expect(listed.body.data.features.map((each) => each.total_eggs)).toEqual([7]);
    expect(await rankSettled(feature.id)).toBe(true);
  });
});
