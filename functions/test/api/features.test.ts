import { beforeAll, describe, expect, it } from 'vitest';
import type { Feature, FeatureStats } from '@hatchworks/shared/schemas/features';
import type { Project } from '@hatchworks/shared/schemas/projects';
import { hiddenCharactersMessage } from '@hatchworks/shared/schemas/text';
import { api } from '../../../test/support/api';
import { bearer, registerAdmin, registerUser } from '../../../test/support/accounts';
import { ledgerOf, profileOf, sum } from '../../../test/support/eggs';
import {
  approvedFeature,
  createFeature,
  createProject,
  featureInput,
  postFeature,
  storedProject,
  vote,
} from '../../../test/support/features';

let admin: Awaited<ReturnType<typeof registerAdmin>>;
let project: Project;

beforeAll(async () => {
  admin = await registerAdmin();
  project = await createProject(admin.token);
});

describe('POST /api/features', () => {
  it('creates a pending request for 100 eggs, recorded in the ledger', async () => {
    const author = await registerUser({ display_name: 'Ada' });

    const answer = await postFeature(
      author.token,
      featureInput(project.id, {
        title: '  CSV export  ',
        tags: [' export ', 'csv'],
        use_case: 'Monthly reports',
        user_id: author.user.id,
      }),
    );

    expect(answer.status).toBe(201);
    expect(answer.body.data).toMatchObject({
      title: 'CSV export',
      status: 'pending',
      priority_level: 'medium',
      total_eggs: 0,
      vote_count: 0,
      tags: ['export', 'csv'],
      use_case: 'Monthly reports',
      project_id: project.id,
      project: { title: project.title },
      user: { display_name: 'Ada', username: author.user.username },
    });
    const profile = await profileOf(author.token);
    expect(profile.egg_balance).toBe(400);
    expect(profile.stats.features_created).toBe(1);
    const ledger = await ledgerOf(author.token);
    expect(ledger[0]).toMatchObject({
      kind: 'feature_creation',
      amount: -100,
      balance_after: 400,
      reference: answer.body.data.id,
    });
    expect(sum(ledger)).toBe(400);
  });

  it('counts the request on its project and in the feature stats', async () => {
    const author = await registerUser();
    const ownProject = await createProject(admin.token);
    const before = await api<{ data: FeatureStats }>('/api/features/stats');

    await createFeature(author.token, ownProject.id);
    await createFeature(author.token, ownProject.id);

    const after = await api<{ data: FeatureStats }>('/api/features/stats');
    expect((await storedProject(ownProject.id))?.feature_counts).toEqual({
      total: 2,
      open: 2,
      completed: 0,
    });
    expect(after.body.data.total - before.body.data.total).toBeGreaterThanOrEqual(2);
    expect(after.body.data.pending - before.body.data.pending).toBeGreaterThanOrEqual(2);
  });

  it('keeps the project counts exact while the project is edited at the same time', async () => {
    const author = await registerUser();
    const ownProject = await createProject(admin.token);
    await createFeature(author.token, ownProject.id);

    const [, edit] = await Promise.all([
      createFeature(author.token, ownProject.id),
      api(`/api/projects/${ownProject.id}`, {
        method: 'PUT',
        headers: bearer(admin.token),
        json: { title: 'Renamed project', group_name: 'Web Applications' },
      }),
      createFeature(author.token, ownProject.id),
    ]);

    expect(edit.status).toBe(200);
    expect(await storedProject(ownProject.id)).toMatchObject({
      title: 'Renamed project',
      feature_counts: { total: 3, open: 3, completed: 0 },
    });
  });

  it('refuses a user with fewer than 100 eggs and charges nothing', async () => {
    const author = await registerUser();
    for (let index = 0; index < 5; index += 1) await createFeature(author.token, project.id);

    const answer = await postFeature(author.token, featureInput(project.id));

    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe('You need at least 100 eggs to create a feature request');
    expect((await profileOf(author.token)).egg_balance).toBe(0);
  });

  it.each([
    ['an empty title', { title: '   ' }],
    ['an empty description', { description: '' }],
    ['a missing title', { title: undefined }],
  ])('refuses %s with "Title and description are required"', async (_label, override) => {
    const author = await registerUser();

    const answer = await postFeature(author.token, featureInput(project.id, override));

    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe('Title and description are required');
  });

  it.each([
    ['no project', { project_id: undefined }],
    ['an unknown project', { project_id: 'no-such-project' }],
  ])('refuses %s with "Please select a project for this feature request"', async (_l, override) => {
    const author = await registerUser();

    const answer = await postFeature(author.token, featureInput(project.id, override));

    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe('Please select a project for this feature request');
    expect((await profileOf(author.token)).egg_balance).toBe(500);
  });

  it.each([
    ['a title over 255 characters', { title: 'x'.repeat(256) }],
    ['duplicate tags', { tags: ['ui', ' ui'] }],
    ['an empty tag', { tags: ['ui', ' '] }],
    ['more than 10 tags', { tags: Array.from({ length: 11 }, (_, i) => `t${i}`) }],
    ['an unknown feature type', { feature_type: 'wish' }],
  ])('refuses %s with 400', async (_label, override) => {
    const author = await registerUser();

    const answer = await postFeature(author.token, featureInput(project.id, override));

    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('VALIDATION_ERROR');
  });

  it('refuses a title with a right-to-left override with 400 naming the title, charging nothing', async () => {
    // Prepare
    const author = await registerUser();
    const refusal = { field: 'title', message: hiddenCharactersMessage('Title') };
    // Act
    const answer = await api<{ error: string; code: string; details: unknown[] }>('/api/features', {
      method: 'POST',
      headers: bearer(author.token),
      json: featureInput(project.id, { title: 'Invoice \u202Efdp.exe' }),
    });
    // Assess
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 'VALIDATION_ERROR', error: refusal.message });
    expect(answer.body.details).toEqual([refusal]);
    expect((await profileOf(author.token)).egg_balance).toBe(500);
  });

  it('refuses a user_id other than the caller with 403', async () => {
    const [author, other] = await Promise.all([registerUser(), registerUser()]);

    const answer = await postFeature(
      author.token,
      featureInput(project.id, { user_id: other.user.id }),
    );

    expect(answer.status).toBe(403);
  });

  it('needs a signed-in user', async () => {
    const answer = await api('/api/features', { method: 'POST', json: featureInput(project.id) });

    expect(answer.status).toBe(401);
  });

  it('charges once for a retry with the same Idempotency-Key', async () => {
    const author = await registerUser();
    const key = { 'idempotency-key': 'create-once' };
    const payload = featureInput(project.id);

    const first = await postFeature(author.token, payload, key);
    const retry = await postFeature(author.token, payload, key);

    expect(first.status).toBe(201);
    expect(retry.body.data.id).toBe(first.body.data.id);
    expect((await profileOf(author.token)).egg_balance).toBe(400);
  });
});

describe('GET /api/features', () => {
  it('hides pending requests from everyone but admins', async () => {
    const author = await registerUser();
    await createFeature(author.token, project.id);

    const anonymous = await api<{ data: { features: Feature[] } }>('/api/features');
    const asAuthor = await api('/api/features?status=pending', { headers: bearer(author.token) });
    const asAdmin = await api<{ data: { features: Feature[] } }>(
      '/api/features?status=pending&limit=50',
      { headers: bearer(admin.token) },
    );

    expect(anonymous.status).toBe(200);
    expect(anonymous.body.data.features.every((each) => each.status !== 'pending')).toBe(true);
    expect(asAuthor.status).toBe(403);
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.body.data.features.every((each) => each.status === 'pending')).toBe(true);
    expect(asAdmin.body.data.features.length).toBeGreaterThan(0);
  });

  it("lists one project's requests, most eggs first, hiding pending ones from non-admins", async () => {
    const author = await registerUser();
    const backer = await registerUser();
    const own = await createProject(admin.token);
    const other = await createProject(admin.token);
    const low = await approvedFeature(author.token, admin.token, own.id);
    const high = await approvedFeature(author.token, admin.token, own.id);
    const pending = await createFeature(author.token, own.id);
    await approvedFeature(author.token, admin.token, other.id);
    expect((await vote(backer.token, { feature_id: high.id, eggs_allocated: 30 })).status).toBe(
      200,
    );
    const list = (query: string, token?: string) =>
      api<{ data: { features: Feature[] } }>(`/api/features?project_id=${own.id}${query}`, {
        headers: token ? bearer(token) : {},
      });

    const anonymous = await list('');
    const asAdmin = await list('', admin.token);
    const pendingAsAdmin = await list('&status=pending', admin.token);
    const pendingAsAuthor = await list('&status=pending', author.token);
    const approved = await list('&status=approved');

    expect(anonymous.body.data.features.map((each) => each.id)).toEqual([high.id, low.id]);
    expect(asAdmin.body.data.features.map((each) => each.id)).toEqual([
      high.id,
      ...[low.id, pending.id].sort(),
    ]);
    expect(pendingAsAdmin.body.data.features.map((each) => each.id)).toEqual([pending.id]);
    expect(pendingAsAuthor.status).toBe(403);
    expect(approved.body.data.features.map((each) => each.id)).toEqual([high.id, low.id]);
  });

  it('answers visitors with public requests only: never pending or rejected ones, never emails', async () => {
    const author = await registerUser();
    const own = await createProject(admin.token);
    const approved = await approvedFeature(author.token, admin.token, own.id);
    const pending = await createFeature(author.token, own.id);
    const rejected = await createFeature(author.token, own.id);
    await api(`/api/admin/features/${rejected.id}/reject`, {
      method: 'POST',
      headers: bearer(admin.token),
      json: {},
    });
    const list = (query: string) =>
      api<{ data: { features: Feature[] } }>(`/api/features?project_id=${own.id}${query}`);

    const approvedOnly = await list('&status=approved');
    const pendingList = await list('&status=pending');
    const rejectedList = await list('&status=rejected');

    expect(approvedOnly.status).toBe(200);
    expect(approvedOnly.body.data.features.map((each) => each.id)).toEqual([approved.id]);
    expect(JSON.stringify(approvedOnly.body.data)).not.toContain(author.user.email);
    expect(approvedOnly.body.data.features[0]?.your_eggs).toBeUndefined();
    expect(pendingList.status).toBe(403);
    expect(rejectedList.status).toBe(403);
    expect(JSON.stringify(pendingList.body)).not.toContain(pending.id);
  });

  it("answers the caller's own eggs on each request they voted on, and none to anyone else", async () => {
    const author = await registerUser();
    const backer = await registerUser();
    const own = await createProject(admin.token);
    const [backed, other] = [
      await approvedFeature(author.token, admin.token, own.id),
      await approvedFeature(author.token, admin.token, own.id),
    ];
    await vote(backer.token, { feature_id: backed.id, eggs_allocated: 10 });
    await vote(backer.token, { feature_id: backed.id, eggs_allocated: 15 });
    await vote(author.token, { feature_id: other.id, eggs_allocated: 30 });
    const list = (token?: string) =>
      api<{ data: { features: Feature[] } }>(`/api/features?project_id=${own.id}`, {
        headers: token ? bearer(token) : {},
      });
    const eggsOf = (answer: Awaited<ReturnType<typeof list>>) =>
      Object.fromEntries(answer.body.data.features.map((each) => [each.id, each.your_eggs]));

    const asBacker = await list(backer.token);
    const asAuthor = await list(author.token);
    const anonymous = await list();
    const detail = await api<{ data: Feature }>(`/api/features/${backed.id}`, {
      headers: bearer(backer.token),
    });
    const detailAnonymous = await api<{ data: Feature }>(`/api/features/${backed.id}`);

    expect(eggsOf(asBacker)).toEqual({ [backed.id]: 25, [other.id]: undefined });
    expect(eggsOf(asAuthor)).toEqual({ [backed.id]: undefined, [other.id]: 30 });
    expect(eggsOf(anonymous)).toEqual({ [backed.id]: undefined, [other.id]: undefined });
    expect(detail.body.data).toMatchObject({ your_eggs: 25, total_eggs: 25 });
    expect(detailAnonymous.body.data.your_eggs).toBeUndefined();
  });

  it("refuses another list's cursor with a 400, not a server error", async () => {
    await createProject(admin.token);
    await createProject(admin.token);
    const projects = await api<{ next_cursor: string | null }>('/api/projects?limit=1');
    const cursor = projects.body.next_cursor ?? '';

    const answer = await api(`/api/features?cursor=${encodeURIComponent(cursor)}`);

    expect(cursor).not.toBe('');
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
  });

  it('refuses a limit over 50', async () => {
    const answer = await api('/api/features?limit=51');

    expect(answer.status).toBe(400);
  });
});

describe('GET /api/features/{id}', () => {
  it('shows a pending request to its author and admins, and is 404 for others', async () => {
    const author = await registerUser();
    const feature = await createFeature(author.token, project.id);

    const own = await api<{ data: Feature }>(`/api/features/${feature.id}`, {
      headers: bearer(author.token),
    });
    const asAdmin = await api(`/api/features/${feature.id}`, { headers: bearer(admin.token) });
    const anonymous = await api(`/api/features/${feature.id}`);

    expect(own.status).toBe(200);
    expect(own.body.data).toEqual(feature);
    expect(asAdmin.status).toBe(200);
    expect(anonymous.status).toBe(404);
  });

  it('is 404 for an unknown id', async () => {
    expect((await api('/api/features/unknown')).status).toBe(404);
  });
});
