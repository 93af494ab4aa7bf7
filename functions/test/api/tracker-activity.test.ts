import { beforeAll, describe, expect, it } from 'vitest';
import type { Project } from '@hatchworks/shared/schemas/projects';
import { bearer, registerAdmin, registerUser } from '../../../test/support/accounts';
import { api } from '../../../test/support/api';
import { createFeature, createProject } from '../../../test/support/features';
import {
  TrackerClient,
  listActivity,
  listRequests,
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
  it("counts projects and tracker requests, not the egg board's feature requests", async () => {
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
      ...before.feature_requests,
      total: before.feature_requests.total + 1,
      open: before.feature_requests.open + 1,
    });
  });

  it("counts each status as the list's status filter lists it, and the counts add up", async () => {
    // Prepare: one request left 'Open', one moved to each other status.
    const statuses = ['planned', 'in_progress', 'completed', 'closed'] as const;
    const requests = await Promise.all(
      [null, ...statuses].map(() => submitRequest({ project_id: project.id })),
    );
    for (const [index, status] of statuses.entries()) {
      const answer = await api(`/api/tracker/feature-requests/${requests[index + 1]!.id}/status`, {
        method: 'PUT',
        headers: bearer(admin.token),
        json: status === 'closed' ? { status, note: 'Out of scope' } : { status },
      });
      expect(answer.status).toBe(200);
    }
    // Act
    const stats = await trackerStats();
    const listed = async (status?: string) => {
      let count = 0;
      let cursor: string | undefined;
      do {
        const page = await listRequests({ status, limit: 100, cursor });
        expect(page.status).toBe(200);
        count += page.body.data.feature_requests.length;
        cursor = page.body.next_cursor ?? undefined;
      } while (cursor);
      return count;
    };
    // Assess
    const { total, open, planned, in_progress, completed, closed } = stats.feature_requests;
    expect(open + planned + in_progress + completed + closed).toBe(total);
    expect({
      total: await listed(),
      open: await listed('Open'),
      planned: await listed('Planned'),
      in_progress: await listed('In Progress'),
      completed: await listed('Completed'),
      closed: await listed('Closed'),
    }).toEqual(stats.feature_requests);
    expect([planned, in_progress, completed, closed].every((count) => count >= 1)).toBe(true);
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
