import { beforeAll, describe, expect, it } from 'vitest';
import type { Roadmap, RoadmapCard } from '@hatchworks/shared/schemas/roadmap';
import type { Project } from '@hatchworks/shared/schemas/projects';
import { api } from '../../../test/support/api';
import { bearer, registerAdmin, registerUser } from '../../../test/support/accounts';
import { approvedFeature, createProject, vote as voteEggs } from '../../../test/support/features';
import { submitRequest, votesFromStrangers, type AnswerBody } from '../../../test/support/tracker';
import { useStackTable } from '../../../test/support/stack-table';

let admin: Awaited<ReturnType<typeof registerAdmin>>;
let author: Awaited<ReturnType<typeof registerUser>>;
let project: Project;

beforeAll(async () => {
  [admin, author] = await Promise.all([registerAdmin(), registerUser()]);
  project = await createProject(admin.token);
});

async function roadmap(projectId?: string): Promise<Roadmap> {
  const query = projectId ? `?project_id=${encodeURIComponent(projectId)}` : '';
  const answer = await api<AnswerBody<Roadmap>>(`/api/roadmap${query}`);
  expect(answer.status).toBe(200);
  return answer.body.data;
}

const setTrackerStatus = async (id: string, status: string) => {
  const answer = await api(`/api/tracker/feature-requests/${id}/status`, {
    method: 'PUT',
    headers: bearer(admin.token),
    json: { status },
  });
  expect(answer.status).toBe(200);
};

const setFeatureStatus = async (id: string, status: string) => {
  const answer = await api(`/api/admin/features/${id}/status`, {
    method: 'PUT',
    headers: bearer(admin.token),
    json: { status },
  });
  expect(answer.status).toBe(200);
};

const ids = (cards: readonly RoadmapCard[]) => cards.map((card) => card.id);

describe('GET /api/roadmap', () => {
  it('is public and answers three columns', async () => {
    const answer = await api<AnswerBody<Roadmap>>('/api/roadmap');
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.body.data).sort()).toEqual([
      'completed',
      'in_progress',
      'more',
      'planned',
    ]);
  });

  it('follows a tracker request through planned, in progress and completed, with its votes', async () => {
    const request = await submitRequest({ project_id: project.id });
    await votesFromStrangers('feature_request', request.id, 2);
    const commented = await api(`/api/tracker/feature-requests/${request.id}/comments`, {
      method: 'POST',
      headers: bearer(author.token),
      json: { body: 'When will this land?' },
    });
    expect(commented.status).toBe(201);

    expect(ids((await roadmap(project.id)).planned)).not.toContain(request.id);
    await setTrackerStatus(request.id, 'planned');
    const planned = await roadmap(project.id);
    expect(planned.planned.find((card) => card.id === request.id)).toEqual({
      kind: 'tracker_request',
      id: request.id,
      title: request.title,
      column: 'planned',
      project: { id: project.id, title: project.title },
      eggs: null,
      votes: 2,
      comment_count: 1,
      status_changed_at: expect.any(String),
      completed_at: null,
      link: `/tracker/requests/${request.id}`,
    });
    expect(ids((await roadmap()).planned)).toContain(request.id);

    await setTrackerStatus(request.id, 'in_progress');
    const moving = await roadmap(project.id);
    expect(ids(moving.planned)).not.toContain(request.id);
    expect(ids(moving.in_progress)).toContain(request.id);

    await setTrackerStatus(request.id, 'completed');
    const done = await roadmap(project.id);
    expect(ids(done.in_progress)).not.toContain(request.id);
    expect(done.completed[0]).toMatchObject({ id: request.id, completed_at: expect.any(String) });

    // Closing takes it off the roadmap.
    const closed = await api(`/api/tracker/feature-requests/${request.id}/status`, {
      method: 'PUT',
      headers: bearer(admin.token),
      json: { status: 'closed', note: 'Rolled back' },
    });
    expect(closed.status).toBe(200);
    const after = await roadmap(project.id);
    expect(
      [...after.planned, ...after.in_progress, ...after.completed].map((c) => c.id),
    ).not.toContain(request.id);
  });

  it('shows feature requests in progress and completed (not approved ones), with their eggs', async () => {
    const feature = await approvedFeature(author.token, admin.token, project.id);
    const voter = await registerUser();
    const voted = await voteEggs(voter.token, { feature_id: feature.id, eggs_allocated: 10 });
    expect(voted.status).toBe(200);

    const approved = await roadmap(project.id);
    expect(
      [...approved.planned, ...approved.in_progress, ...approved.completed].map((c) => c.id),
    ).not.toContain(feature.id);

    await setFeatureStatus(feature.id, 'in_progress');
    const inProgress = await roadmap(project.id);
    expect(inProgress.in_progress.find((card) => card.id === feature.id)).toMatchObject({
      kind: 'feature',
      title: feature.title,
      project: { id: project.id, title: project.title },
      eggs: feature.total_eggs + 10,
      votes: null,
      completed_at: null,
      link: `/features/${feature.id}`,
    });

    await setFeatureStatus(feature.id, 'completed');
    const completed = await roadmap(project.id);
    expect(ids(completed.in_progress)).not.toContain(feature.id);
    expect(completed.completed[0]).toMatchObject({ id: feature.id, kind: 'feature' });
  });

  it('lists completions of the last 90 days only, newest completion first', async () => {
    useStackTable();
    const { changeTrackerRequestStatus } =
      await import('@hatchworks/functions/modules/tracker/tracker-status');
    const old = await submitRequest({ project_id: project.id });
    const older = await submitRequest({ project_id: project.id });
    const recent = await submitRequest({ project_id: project.id });
    const day = 86_400_000;
    const adminId = admin.user.id;
    await changeTrackerRequestStatus(
      old.id,
      { status: 'completed', note: undefined },
      adminId,
      new Date(Date.now() - 91 * day),
    );
    await changeTrackerRequestStatus(
      older.id,
      { status: 'completed', note: undefined },
      adminId,
      new Date(Date.now() - 89 * day),
    );
    await changeTrackerRequestStatus(
      recent.id,
      { status: 'completed', note: undefined },
      adminId,
      new Date(Date.now() - 2 * day),
    );

    const board = await roadmap(project.id);
    const completed = ids(board.completed);
    expect(completed).not.toContain(old.id);
    expect(completed.indexOf(recent.id)).toBeGreaterThanOrEqual(0);
    expect(completed.indexOf(recent.id)).toBeLessThan(completed.indexOf(older.id));
    const times = board.completed.map((card) => card.completed_at ?? '');
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('filters by project and refuses an overlong project id', async () => {
    const other = await createProject(admin.token);
    const request = await submitRequest({ project_id: other.id });
    await setTrackerStatus(request.id, 'planned');

    expect(ids((await roadmap(other.id)).planned)).toEqual([request.id]);
    expect(ids((await roadmap(project.id)).planned)).not.toContain(request.id);
    const bad = await api(`/api/roadmap?project_id=${'x'.repeat(65)}`);
    expect(bad.status).toBe(400);
  });

  it('answers at most 50 cards a column, newest first, and says there are more', async () => {
    useStackTable();
    const { createTrackerRequest } =
      await import('@hatchworks/functions/modules/tracker/tracker-requests-repository');
    const { changeTrackerRequestStatus } =
      await import('@hatchworks/functions/modules/tracker/tracker-status');
    const crowded = await createProject(admin.token);
    const start = Date.now() - 60_000;
    for (let i = 0; i < 52; i += 1) {
      const request = await createTrackerRequest(
        {
          title: `Crowded ${i}`,
          description: 'One of many.',
          category: 'Bug Fix',
          priority: 'Low',
          project_id: crowded.id,
          tags: [],
        },
        {},
      );
      await changeTrackerRequestStatus(
        request.id,
        { status: 'planned', note: undefined },
        admin.user.id,
        new Date(start + i * 1000),
      );
    }

    const board = await roadmap(crowded.id);

    expect(board.planned).toHaveLength(50);
    expect(board.more).toEqual({ planned: true, in_progress: false, completed: false });
    expect(board.planned[0]?.title).toBe('Crowded 51');
    expect(board.planned.at(-1)?.title).toBe('Crowded 2');
  });
});
