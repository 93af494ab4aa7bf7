import { describe, expect, it } from 'vitest';
import { groupKey, type Homepage, type Project } from '@hatchworks/shared/schemas/projects';
import { api } from '../../../test/support/api';

interface ProjectPage {
  success: true;
  data: { projects: Project[] };
  next_cursor: string | null;
}

describe('GET /api/health', () => {
  it('answers ok in the success envelope', async () => {
    const answer = await api<{ success: boolean; data: { status: string } }>('/api/health');

    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ success: true, data: { status: 'ok' } });
  });
});

describe('GET /api/projects', () => {
  it('lists every seeded project, homepage or not, under data.projects', async () => {
    const answer = await api<ProjectPage>('/api/projects?limit=100');

    expect(answer.status).toBe(200);
    expect(answer.body.success).toBe(true);
    const projects = answer.body.data.projects;
    expect(projects.length).toBeGreaterThanOrEqual(8);
    expect(new Set(projects.map((project) => project.group_name)).size).toBeGreaterThanOrEqual(3);
    // Other tests add projects to the shared stack; the seed alone covers every status.
    expect(projects.map((project) => project.status)).toEqual(
      expect.arrayContaining(['non-working', 'MVP', 'fully-working']),
    );
    expect(projects.some((project) => !project.show_on_homepage)).toBe(true);
    expect(answer.body.next_cursor).toBeNull();
  });

  it('pages with limit and cursor, next_cursor null on the last page, no item twice', async () => {
    const all = (await api<ProjectPage>('/api/projects?limit=100')).body.data.projects;
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
      const answer: { body: ProjectPage } = await api<ProjectPage>(`/api/projects?limit=3${query}`);
      expect(answer.body.data.projects.length).toBeLessThanOrEqual(3);
      seen.push(...answer.body.data.projects.map((project) => project.id));
      cursor = answer.body.next_cursor;
      pages += 1;
    } while (cursor && pages <= all.length + 1);

    expect(seen).toEqual(all.map((project) => project.id));
    expect(pages).toBe(Math.ceil(all.length / 3) + (all.length % 3 === 0 ? 1 : 0));
  });

  it('orders projects by group, then title', async () => {
    const projects = (await api<ProjectPage>('/api/projects?limit=100')).body.data.projects;
    // The documented index order: `<group-key>#<title in lower case>#<id>`.
    const order = projects.map(
      (project) =>
        `${groupKey(project.group_name)}#${project.title.trim().toLowerCase()}#${project.id}`,
    );

    expect(order).toEqual([...order].sort());
  });

  it.each([
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['limit=abc', 'limit'],
    ['cursor=not-a-cursor', 'cursor'],
    [`cursor=${Buffer.from('{"PK":{"S":"x"}}').toString('base64url')}`, 'cursor'],
  ])('rejects %s with a 400 VALIDATION_ERROR naming the field', async (query, field) => {
    const answer = await api<{ code: string; error: string; details: { field: string }[] }>(
      `/api/projects?${query}`,
    );

    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      success: false,
      code: 'VALIDATION_ERROR',
      error: 'Invalid input data.',
    });
    expect(answer.body.details.map((detail) => detail.field)).toContain(field);
  });
});

describe('GET /api/projects/homepage', () => {
  it('groups only homepage projects by group key, each with name and projects, plus build tools', async () => {
    const all = (await api<ProjectPage>('/api/projects?limit=100')).body.data.projects;
    const answer = await api<{ success: true; data: Homepage }>('/api/projects/homepage');

    expect(answer.status).toBe(200);
    const { groups, global } = answer.body.data;
    const shown = Object.values(groups).flatMap((group) => group.projects);
    expect(shown.map((project) => project.id).sort()).toEqual(
      all
        .filter((project) => project.show_on_homepage)
        .map((project) => project.id)
        .sort(),
    );
    for (const [key, group] of Object.entries(groups)) {
      expect(group.projects.every((project) => project.group_name === group.name)).toBe(true);
      expect(key).toMatch(/^[a-z0-9-]+$/);
    }
    expect(groups['web-applications']?.name).toBe('Web Applications');
    expect(global.buildTools).toMatchObject({ node: expect.any(String) });
  });
});

describe('GET /api/projects/{key}', () => {
  it("answers one group's projects by group key", async () => {
    const answer = await api<{
      data: { key: string; name: string; projects: Project[] };
      next_cursor: string | null;
    }>('/api/projects/games-game-design');

    expect(answer.status).toBe(200);
    expect(answer.body.data.name).toBe('Games & Game Design');
    expect(answer.body.data.projects.length).toBeGreaterThanOrEqual(3);
    expect(
      answer.body.data.projects.every((project) => project.group_name === 'Games & Game Design'),
    ).toBe(true);
    expect(answer.body.next_cursor).toBeNull();
  });

  it('accepts the group name itself, URL-encoded', async () => {
    const answer = await api<{ data: { key: string } }>(
      `/api/projects/${encodeURIComponent('Web Applications')}`,
    );

    expect(answer.status).toBe(200);
    expect(answer.body.data.key).toBe('web-applications');
  });

  it('answers an unknown group with 404 NOT_FOUND', async () => {
    const answer = await api('/api/projects/no-such-group');

    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({
      success: false,
      error: 'Resource not found.',
      code: 'NOT_FOUND',
    });
  });
});
