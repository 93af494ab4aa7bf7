import { beforeAll, describe, expect, it } from 'vitest';
import type { Feature, Vote } from '@hatchworks/shared/schemas/features';
import type { Project } from '@hatchworks/shared/schemas/projects';
import { api } from '../../../test/support/api';
import { bearer, registerAdmin, registerUser } from '../../../test/support/accounts';
import {
  approvedFeature,
  createFeature,
  createProject,
  vote,
} from '../../../test/support/features';

let admin: Awaited<ReturnType<typeof registerAdmin>>;
let project: Project;

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
        feature: { title: feature.title, status: 'approved' },
      },
    ]);
    expect(asAdmin.status).toBe(200);
    expect(asOther.status).toBe(200);
    expect((await api(`/api/users/${voter.user.id}/votes`)).status).toBe(401);
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
        recent_transactions: unknown[];
        recent_features: Feature[];
        recent_votes: unknown[];
      };
    }>('/api/user/dashboard', { headers: bearer(user.token) });

    expect(answer.status).toBe(200);
    expect(answer.body.data.user.egg_balance).toBe(400);
    expect(answer.body.data.recent_transactions).toHaveLength(2);
    expect(answer.body.data.recent_features.map((each) => each.id)).toEqual([feature.id]);
    expect(answer.body.data.recent_votes).toEqual([]);
  });
});
