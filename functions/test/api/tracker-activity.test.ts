import { beforeAll, describe, expect, it } from 'vitest';
import type { Project } from '@hatchworks/shared/schemas/projects';
import { bearer, registerAdmin, registerUser } from '../../../test/support/accounts';
import { api } from '../../../test/support/api';
import { createFeature, createProject } from '../../../test/support/features';
import {
  TrackerClient,
  listActivity,
  submitRequest,
  submitSuggestion,
  trackerStats,
} from '../../../test/support/tracker';

let admin: Awaited<ReturnType<typeof registerAdmin>>;
let project: Project;

beforeAll(async () => {
  admin = await registerAdmin();
  project = await createProject(admin.token);
});

describe('GET /api/tracker/activity', () => {
  it('lists what was just submitted, newest first, as "just now", by user or anonymous', async () => {
    // Prepare
    const user = await registerUser({ display_name: 'Grace' });
    const request = await submitRequest(
      { project_id: project.id, description: 'Export as CSV' },
      new TrackerClient(user.token),
    );
    const suggestion = await submitSuggestion();
    // Act
    const answer = await listActivity({ limit: 2 });
    // Assess
    expect(answer.status).toBe(200);
    expect(answer.body.data.activity).toEqual([
      {
        id: expect.any(String),
        type: 'project_suggestion',
        action: 'created',
        title: suggestion.name,
        description: suggestion.description,
        created_at: suggestion.created_at,
        created_at_relative: 'just now',
        user: null,
        reference_type: 'project_suggestion',
        reference_id: suggestion.id,
        project: null,
      },
      {
        id: expect.any(String),
        type: 'feature_request',
        action: 'created',
        title: request.title,
        description: 'Export as CSV',
        created_at: request.created_at,
        created_at_relative: 'just now',
        user: 'Grace',
        reference_type: 'feature_request',
        reference_id: request.id,
        project: { id: project.id, title: project.title, group_name: project.group_name },
      },
    ]);
    expect(answer.body.next_cursor).toEqual(expect.any(String));
  });

  it("lists one project's activity only", async () => {
    // Prepare
    const own = await createProject(admin.token);
    const first = await submitRequest({ project_id: own.id });
    await submitRequest({ project_id: project.id });
    await submitSuggestion();
    const second = await submitRequest({ project_id: own.id });
    // Act
    const answer = await listActivity({ project_id: own.id });
    // Assess
    expect(answer.body.data.activity.map((each) => each.reference_id)).toEqual([
      second.id,
      first.id,
    ]);
    expect(answer.body.next_cursor).toBeNull();
  });

  it('pages with the cursor and answers 20 entries by default', async () => {
    // Act
    const first = await listActivity({ limit: 1 });
    const second = await listActivity({ limit: 1, cursor: first.body.next_cursor ?? undefined });
    const defaultPage = await listActivity();
    // Assess
    expect(second.body.data.activity[0]?.id).not.toBe(first.body.data.activity[0]?.id);
    expect(defaultPage.body.data.activity.slice(0, 2).map((each) => each.id)).toEqual([
      first.body.data.activity[0]?.id,
      second.body.data.activity[0]?.id,
    ]);
    expect(defaultPage.body.data.activity.length).toBeLessThanOrEqual(20);
  });

  it("names a deleted author 'Deleted user'", async () => {
    // Prepare
    const user = await registerUser({ display_name: 'Leaving Soon' });
    const request = await submitRequest({}, new TrackerClient(user.token));
    await api('/api/user/delete-account', { method: 'DELETE', headers: bearer(user.token) });
    // Act
    const answer = await listActivity({ limit: 5 });
    // Assess
    const entry = answer.body.data.activity.find((each) => each.reference_id === request.id);
    expect(entry?.user).toBe('Deleted user');
  });

  it('refuses a cursor of another feed', async () => {
    const site = await listActivity({ limit: 1 });

    const answer = await listActivity({
      project_id: project.id,
      cursor: site.body.next_cursor ?? '',
    });

    expect(answer.status).toBe(400);
  });
});

describe('GET /api/tracker/stats', () => {
  it('counts projects, and requests of the tracker and the feature system, from counters', async () => {
    // Prepare
    const before = await trackerStats();
    const user = await registerUser();
    await createProject(admin.token);
    await submitRequest();
    await createFeature(user.token, project.id);
    // Act
    const after = await trackerStats();
    // Assess
    expect(after.projects.total).toBe(before.projects.total + 1);
    expect(after.feature_requests).toEqual({
      total: before.feature_requests.total + 2,
      open: before.feature_requests.open + 2,
      completed: before.feature_requests.completed,
      closed: before.feature_requests.closed,
    });
  });

  it('adds up: every request is open, completed or closed, approved ones open', async () => {
    // Prepare
    const before = await trackerStats();
    // Each author has 500 eggs, five requests' worth.
    const [user, other] = [await registerUser(), await registerUser()];
    const moderate = async (
      status: 'approved' | 'in_progress' | 'completed' | 'rejected',
      author = user,
    ) => {
      const feature = await createFeature(author.token, project.id);
      const path = `/api/admin/features/${feature.id}`;
      const step = (to: string) =>
        to === 'approved' || to === 'rejected'
          ? api(`${path}/${to === 'approved' ? 'approve' : 'reject'}`, {
              method: 'POST',
              headers: bearer(admin.token),
              json: {},
            })
          : api(`${path}/status`, {
              method: 'PUT',
              headers: bearer(admin.token),
              json: { status: to },
            });
      const steps = {
        approved: ['approved'],
        in_progress: ['approved', 'in_progress'],
        completed: ['approved', 'in_progress', 'completed'],
        rejected: ['rejected'],
      }[status];
      for (const to of steps) expect((await step(to)).status).toBe(200);
    };
    // Act: one tracker request ('Open'), and features pending, approved, in progress,
    // completed (twice) and rejected.
    await submitRequest({ project_id: project.id });
    await createFeature(user.token, project.id);
    await moderate('approved');
    await moderate('in_progress');
    await moderate('completed', other);
    await moderate('completed', other);
    await moderate('rejected', other);
    const after = await trackerStats();
    // Assess
    const { total, open, completed, closed } = after.feature_requests;
    expect(open + completed + closed).toBe(total);
    expect(after.feature_requests).toEqual({
      total: before.feature_requests.total + 7,
      open: before.feature_requests.open + 4,
      completed: before.feature_requests.completed + 2,
      closed: before.feature_requests.closed + 1,
    });
  });

  it('stays exact when many submissions arrive at once', async () => {
    // Prepare
    const before = await trackerStats();
    const feedBefore = await listActivity({ limit: 100 });
    const known = new Set(feedBefore.body.data.activity.map((each) => each.id));
    // Act
    const created = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        index % 3 === 0 ? submitSuggestion() : submitRequest({ project_id: project.id }),
      ),
    );
    // Assess
    const after = await trackerStats();
    expect(after.feature_requests.total).toBe(before.feature_requests.total + 8);
    expect(after.feature_requests.open).toBe(before.feature_requests.open + 8);
    const feed = await listActivity({ limit: 100 });
    const fresh = feed.body.data.activity.filter((each) => !known.has(each.id));
    expect(fresh.map((each) => each.reference_id).sort()).toEqual(
      created.map((each) => each.id).sort(),
    );
  });
});
