import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { LedgerEntry, LedgerKind } from '@hatchworks/shared/schemas/eggs';
import type { Feature, Vote } from '@hatchworks/shared/schemas/features';
import type { Project } from '@hatchworks/shared/schemas/projects';
import { api } from '../../../test/support/api';
import { bearer, registerAdmin, registerUser } from '../../../test/support/accounts';
import { ledgerOf } from '../../../test/support/eggs';
import {
  approvedFeature,
  createFeature,
  createProject,
  vote,
} from '../../../test/support/features';
import { useStackTable } from '../../../test/support/stack-table';

let admin: Awaited<ReturnType<typeof registerAdmin>>;
let project: Project;

/** The data layer in this process, on the stack's table. */
async function dataLayer() {
  useStackTable();
  return {
    client: await import('@hatchworks/functions/modules/table/client'),
    features: await import('@hatchworks/functions/modules/features/features-repository'),
    ledger: await import('@hatchworks/functions/modules/eggs/ledger'),
  };
}

/**
 * Writes a ledger entry of 0 eggs about `reference` straight to the user's ledger (so the balance
 * still equals the sum of the entries): how an entry about a feature the API would never let the
 * user touch, or one that is gone, comes about in a test.
 */
async function plantLedgerEntry(
  account: { user: { id: string }; token: string },
  kind: LedgerKind,
  reference: string,
) {
  const { client, ledger } = await dataLayer();
  const [latest] = await ledgerOf(account.token);
  const item = ledger.ledgerEntryItem({
    userId: account.user.id,
    kind,
    amount: 0,
    reference,
    balanceAfter: latest?.balance_after ?? 0,
    now: new Date(),
  });
  await client.db.send(new PutCommand({ TableName: client.tableName, Item: item }));
}

beforeAll(async () => {
  admin = await registerAdmin();
  project = await createProject(admin.token);
});

describe('GET /api/users/{id}/features', () => {
  it('lists a user’s requests newest first, hiding pending ones from other users', async () => {
    const author = await registerUser();
    const approved = await approvedFeature(author.token, admin.token, project.id);
    const pending = await createFeature(author.token, project.id);
    const other = await registerUser();

    const own = await api<{ data: { features: Feature[] } }>(
      `/api/users/${author.user.id}/features`,
      { headers: bearer(author.token) },
    );
    const seen = await api<{ data: { features: Feature[] } }>(
      `/api/users/${author.user.id}/features`,
      { headers: bearer(other.token) },
    );

    expect(own.body.data.features.map((feature) => feature.id)).toEqual([pending.id, approved.id]);
    expect(seen.body.data.features.map((feature) => feature.id)).toEqual([approved.id]);
  });
});

describe('GET /api/users/{id}/votes', () => {
  it('lists a user’s votes with the eggs put on each feature, to signed-in users', async () => {
    const feature = await approvedFeature((await registerUser()).token, admin.token, project.id);
    const voter = await registerUser();
    await vote(voter.token, { feature_id: feature.id, eggs_allocated: 10 });
    await vote(voter.token, { feature_id: feature.id, eggs_allocated: 5 });
    const other = await registerUser();

    const own = await api<{ data: { votes: Vote[] } }>(`/api/users/${voter.user.id}/votes`, {
      headers: bearer(voter.token),
    });
    const asAdmin = await api(`/api/users/${voter.user.id}/votes`, {
      headers: bearer(admin.token),
    });
    const asOther = await api(`/api/users/${voter.user.id}/votes`, {
      headers: bearer(other.token),
    });

    expect(own.body.data.votes).toMatchObject([
      {
        feature_id: feature.id,
        eggs_allocated: 15,
        feature: {
          title: feature.title,
          status: 'approved',
          project_id: project.id,
          total_eggs: 15,
          vote_count: 1,
        },
      },
    ]);
    expect(asAdmin.status).toBe(200);
    expect(asOther.status).toBe(200);
    expect((await api(`/api/users/${voter.user.id}/votes`)).status).toBe(401);
  });
});

describe('GET /api/user/transactions', () => {
  it('names the feature request of each creation, vote and refund entry', async () => {
    const user = await registerUser();
    const rejected = await createFeature(user.token, project.id);
    await api(`/api/admin/features/${rejected.id}/reject`, {
      method: 'POST',
      headers: bearer(admin.token),
      json: {},
    });
    const backed = await approvedFeature((await registerUser()).token, admin.token, project.id);
    await vote(user.token, { feature_id: backed.id, eggs_allocated: 25 });

    const answer = await api<{ data: { transactions: LedgerEntry[] } }>('/api/user/transactions', {
      headers: bearer(user.token),
    });

    expect(answer.status).toBe(200);
    expect(answer.body.data.transactions).toMatchObject([
      {
        kind: 'vote',
        reference: backed.id,
        feature: { id: backed.id, title: backed.title, status: 'approved', project_id: project.id },
      },
      {
        kind: 'refund',
        reference: rejected.id,
        feature: {
          id: rejected.id,
          title: rejected.title,
          status: 'rejected',
          project_id: project.id,
        },
      },
      {
        kind: 'feature_creation',
        reference: rejected.id,
        feature: {
          id: rejected.id,
          title: rejected.title,
          status: 'rejected',
          project_id: project.id,
        },
      },
      { kind: 'welcome', reference: 'welcome' },
    ]);
    expect(answer.body.data.transactions[3]).not.toHaveProperty('feature');
  });

  it('keeps an adjustment’s reason and leaves entries of other kinds without a feature', async () => {
    const user = await registerUser();
    await api(`/api/admin/users/${user.user.id}/eggs`, {
      method: 'POST',
      headers: bearer(admin.token),
      json: { amount: 15, reason: 'Bug bounty' },
    });

    const [adjustment] = await ledgerOf(user.token);

    expect(adjustment).toMatchObject({ kind: 'admin_adjustment', reference: 'Bug bounty' });
    expect(adjustment).not.toHaveProperty('feature');
  });

  it('answers feature null for a request the caller may not see and for one that is gone', async () => {
    const user = await registerUser();
    const othersPending = await createFeature((await registerUser()).token, project.id);
    await plantLedgerEntry(user, 'vote', othersPending.id);
    await plantLedgerEntry(user, 'vote', ulid());

    const [gone, hidden] = await ledgerOf(user.token);

    expect(gone).toMatchObject({ kind: 'vote', feature: null });
    expect(hidden).toMatchObject({ kind: 'vote', reference: othersPending.id, feature: null });
  });

  it('shows an admin every request its entries are about, pending ones too', async () => {
    const viewer = await registerAdmin();
    const othersPending = await createFeature((await registerUser()).token, project.id);
    await plantLedgerEntry(viewer, 'vote', othersPending.id);

    const [entry] = await ledgerOf(viewer.token);

    expect(entry).toMatchObject({
      reference: othersPending.id,
      feature: { id: othersPending.id, title: othersPending.title, status: 'pending' },
    });
  });
});

describe('batchGetFeatures', () => {
  it('reads a page’s distinct features in one BatchGetItem and asks again for unprocessed keys', async () => {
    const { client, features } = await dataLayer();
    const [first, second] = await Promise.all([
      createFeature((await registerUser()).token, project.id),
      createFeature((await registerUser()).token, project.id),
    ]);
    type Answer = {
      Responses?: Record<string, { id: string }[]>;
      UnprocessedKeys?: Record<string, { Keys: Record<string, unknown>[] }>;
    };
    const send = client.db.send.bind(client.db) as (command: unknown) => Promise<Answer>;
    const asked: number[] = [];
    // The first call leaves every key but the first unprocessed, as a throttled table would.
    const spy = vi.spyOn(client.db, 'send').mockImplementation((async (command: {
      input: { RequestItems: Record<string, { Keys: Record<string, unknown>[] }> };
    }) => {
      const keys = command.input.RequestItems[client.tableName]?.Keys ?? [];
      asked.push(keys.length);
      const answer = await send(command);
      if (asked.length > 1) return answer;
      const items = answer.Responses?.[client.tableName] ?? [];
      return {
        Responses: { [client.tableName]: items.filter((item) => item.id === first.id) },
        UnprocessedKeys: { [client.tableName]: { Keys: keys.slice(1) } },
      };
    }) as never);

    try {
      const found = await features.batchGetFeatures([first.id, second.id, first.id]);

      expect(asked).toEqual([2, 1]);
      expect([...found.keys()].sort()).toEqual([first.id, second.id].sort());
    } finally {
      spy.mockRestore();
    }
  });
});

describe('DELETE /api/user/delete-account', () => {
  it('removes the author’s names from their feature requests', async () => {
    const author = await registerUser({ display_name: 'Soon Gone' });
    const feature = await approvedFeature(author.token, admin.token, project.id);

    await api('/api/user/delete-account', { method: 'DELETE', headers: bearer(author.token) });

    const answer = await api<{ data: Feature }>(`/api/features/${feature.id}`);
    expect(answer.body.data.user).toEqual({
      display_name: 'Deleted user',
      username: 'Deleted user',
    });
  });
});

describe('GET /api/user/dashboard', () => {
  it('answers the user with their latest ledger entries, requests and votes', async () => {
    const user = await registerUser();
    const feature = await createFeature(user.token, project.id);

    const answer = await api<{
      data: {
        user: { egg_balance: number };
        recent_transactions: LedgerEntry[];
        recent_features: Feature[];
        recent_votes: unknown[];
      };
    }>('/api/user/dashboard', { headers: bearer(user.token) });

    expect(answer.status).toBe(200);
    expect(answer.body.data.user.egg_balance).toBe(400);
    expect(answer.body.data.recent_transactions).toMatchObject([
      { kind: 'feature_creation', feature: { id: feature.id, title: feature.title } },
      { kind: 'welcome' },
    ]);
    expect(answer.body.data.recent_features.map((each) => each.id)).toEqual([feature.id]);
    expect(answer.body.data.recent_votes).toEqual([]);
  });
});
