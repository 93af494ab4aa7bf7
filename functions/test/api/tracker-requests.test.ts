import { beforeAll, describe, expect, it } from 'vitest';
import type { Project } from '@hatchworks/shared/schemas/projects';
import type { TrackerFeatureRequest } from '@hatchworks/shared/schemas/tracker';
import { registerAdmin } from '../../../test/support/accounts';
import { createProject } from '../../../test/support/features';
import {
  TrackerClient,
  listRequests,
  postRequest,
  requestInput,
  submitRequest,
  votesFromStrangers,
} from '../../../test/support/tracker';

let admin: Awaited<ReturnType<typeof registerAdmin>>;
let project: Project;

beforeAll(async () => {
  admin = await registerAdmin();
  project = await createProject(admin.token);
});

const ids = (requests: readonly TrackerFeatureRequest[]) => requests.map((each) => each.id);

describe('POST /api/tracker/feature-requests', () => {
  it('stores an Open request with the form defaults: Bug Fix, Low, no project, no tags', async () => {
    // Prepare
    const client = new TrackerClient();
    // Act
    const answer = await postRequest(client, {
      title: '  Dark mode  ',
      description: ' Please add it. ',
    });
    // Assess
    expect(answer.status).toBe(201);
    expect(answer.body.data).toMatchObject({
      title: 'Dark mode',
      description: 'Please add it.',
      votes: 0,
      status: 'Open',
      category: 'Bug Fix',
      priority: 'Low',
      tags: [],
      project_id: null,
      project: null,
      my_vote: null,
    });
    expect(answer.body.data.date).toBe(answer.body.data.created_at.slice(0, 10));
    const listed = await listRequests({ sort_by: 'date', limit: 100 });
    expect(
      listed.body.data.feature_requests.find((each) => each.id === answer.body.data.id),
    ).toEqual({
      ...answer.body.data,
      my_vote: null,
    });
  });

  it('links the chosen project with its group and keeps tags as a clean unique list', async () => {
    // Act
    const answer = await postRequest(new TrackerClient(), {
      ...requestInput(),
      category: 'UI/UX Improvement',
      priority: 'Critical',
      project_id: project.id,
      tags: ' ui, performance ,, UI , mobile,  ',
    });
    // Assess
    expect(answer.status).toBe(201);
    expect(answer.body.data).toMatchObject({
      category: 'UI/UX Improvement',
      priority: 'Critical',
      project_id: project.id,
      project: { id: project.id, title: project.title, group_name: project.group_name },
      tags: ['ui', 'performance', 'mobile'],
    });
  });

  it('treats an empty project choice as no project', async () => {
    const answer = await postRequest(new TrackerClient(), requestInput({ project_id: '' }));

    expect(answer.status).toBe(201);
    expect(answer.body.data.project).toBeNull();
  });

  it('keeps markup as plain text', async () => {
    const title = '<img src=x onerror="alert(1)"> & <b>bold</b>';

    const answer = await postRequest(new TrackerClient(), requestInput({ title }));

    expect(answer.status).toBe(201);
    expect(answer.body.data.title).toBe(title);
  });

  it.each([
    [{ title: '   ' }, 'Title and description are required'],
    [{ description: '' }, 'Title and description are required'],
    [{ title: undefined }, 'Title and description are required'],
    [{ title: 'x'.repeat(256) }, 'Title must be at most 255 characters'],
    [{ description: 'x'.repeat(5001) }, 'Description must be at most 5000 characters'],
    [
      { category: 'Chore' },
      'Category must be one of: Bug Fix, New Feature, Enhancement, UI/UX Improvement',
    ],
    [{ priority: 'Urgent' }, 'Priority must be one of: Low, Medium, High, Critical'],
    [{ tags: 'a,b,c,d,e,f,g,h,i,j,k' }, 'At most 10 tags'],
    [{ tags: 'x'.repeat(31) }, 'Each tag must be at most 30 characters'],
    [{ tags: 'x,'.repeat(251) }, 'Tags must be at most 500 characters in all'],
  ])('refuses %j with "%s"', async (overrides, message) => {
    // Act
    const answer = await postRequest(new TrackerClient(), requestInput(overrides));
    // Assess
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ success: false, code: 'VALIDATION_ERROR', error: message });
  });

  it('refuses a project that does not exist', async () => {
    const answer = await postRequest(
      new TrackerClient(),
      requestInput({ project_id: '01ARZ3NDEKTSV4RRFFQ69G5FAV' }),
    );

    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe('The selected project does not exist');
  });

  it('answers a filled honeypot with a success that stores nothing', async () => {
    // Prepare
    const title = `Bot ${Date.now()}`;
    // Act
    const answer = await postRequest(
      new TrackerClient(),
      requestInput({ title, website: 'http://spam.example' }),
    );
    // Assess
    expect(answer.status).toBe(201);
    expect(answer.body.data.title).toBe(title);
    const listed = await listRequests({ sort_by: 'date', limit: 100 });
    expect(listed.body.data.feature_requests.map((each) => each.title)).not.toContain(title);
  });
});

describe('GET /api/tracker/feature-requests', () => {
  let own: Project;
  let low: TrackerFeatureRequest;
  let medium: TrackerFeatureRequest;
  let high: TrackerFeatureRequest;
  let critical: TrackerFeatureRequest;

  beforeAll(async () => {
    own = await createProject(admin.token);
    low = await submitRequest({ project_id: own.id, priority: 'Low', category: 'Enhancement' });
    medium = await submitRequest({
      project_id: own.id,
      priority: 'Medium',
      category: 'New Feature',
    });
    high = await submitRequest({ project_id: own.id, priority: 'High', category: 'Enhancement' });
    critical = await submitRequest({ project_id: own.id, priority: 'Critical' });
    await votesFromStrangers('feature_request', medium.id, 3);
    await votesFromStrangers('feature_request', low.id, 1);
    await votesFromStrangers('feature_request', critical.id, 2, 'down');
  });

  it('lists by votes, most first, by default', async () => {
    const answer = await listRequests({ project_id: own.id });

    expect(answer.status).toBe(200);
    expect(ids(answer.body.data.feature_requests)).toEqual([
      medium.id,
      low.id,
      high.id,
      critical.id,
    ]);
    expect(answer.body.data.feature_requests.map((each) => each.votes)).toEqual([3, 1, 0, -2]);
    expect(answer.body.next_cursor).toBeNull();
  });

  it('lists by votes ascending, with negative counts first', async () => {
    const answer = await listRequests({ project_id: own.id, sort_direction: 'asc' });

    expect(ids(answer.body.data.feature_requests)).toEqual([
      critical.id,
      high.id,
      low.id,
      medium.id,
    ]);
  });

  it('lists by date, newest first or oldest first', async () => {
    const newest = await listRequests({ project_id: own.id, sort_by: 'date' });
    const oldest = await listRequests({
      project_id: own.id,
      sort_by: 'date',
      sort_direction: 'asc',
    });

    expect(ids(newest.body.data.feature_requests)).toEqual([
      critical.id,
      high.id,
      medium.id,
      low.id,
    ]);
    expect(ids(oldest.body.data.feature_requests)).toEqual([
      low.id,
      medium.id,
      high.id,
      critical.id,
    ]);
  });

  it('lists by priority, Critical first or Low first', async () => {
    const descending = await listRequests({ project_id: own.id, sort_by: 'priority' });
    const ascending = await listRequests({
      project_id: own.id,
      sort_by: 'priority',
      sort_direction: 'asc',
    });

    expect(ids(descending.body.data.feature_requests)).toEqual([
      critical.id,
      high.id,
      medium.id,
      low.id,
    ]);
    expect(ids(ascending.body.data.feature_requests)).toEqual([
      low.id,
      medium.id,
      high.id,
      critical.id,
    ]);
  });

  it('combines the project filter with category and priority filters', async () => {
    const enhancements = await listRequests({ project_id: own.id, category: 'Enhancement' });
    const highEnhancements = await listRequests({
      project_id: own.id,
      category: 'Enhancement',
      priority: 'High',
      status: 'Open',
    });
    const completed = await listRequests({ project_id: own.id, status: 'Completed' });

    expect(ids(enhancements.body.data.feature_requests)).toEqual([low.id, high.id]);
    expect(ids(highEnhancements.body.data.feature_requests)).toEqual([high.id]);
    expect(completed.body.data.feature_requests).toEqual([]);
  });

  it.each([
    ['category', { category: 'New Feature' }],
    ['priority', { priority: 'Critical' }],
    ['status', { status: 'Open' }],
    ['category and priority', { category: 'Enhancement', priority: 'High' }],
    ['priority and status', { priority: 'Medium', status: 'Open' }],
  ])('filters by %s alone across all projects', async (_, filters: Record<string, string>) => {
    // Act
    const answer = await listRequests({ ...filters, sort_by: 'date', limit: 100 });
    // Assess
    expect(answer.status).toBe(200);
    const listed = answer.body.data.feature_requests;
    expect(listed.length).toBeGreaterThan(0);
    for (const request of listed) expect(request).toMatchObject(filters);
    const expected = [low, medium, high, critical].filter((request) =>
      Object.entries(filters).every(
        ([name, value]) => (request as unknown as Record<string, unknown>)[name] === value,
      ),
    );
    expect(ids(listed)).toEqual(expect.arrayContaining(ids(expected)));
  });

  it('treats empty filters as none', async () => {
    const answer = await listRequests({
      project_id: own.id,
      status: '',
      priority: '',
      category: '',
    });

    expect(ids(answer.body.data.feature_requests)).toHaveLength(4);
  });

  it('pages through a list with the cursor, without gaps or repeats', async () => {
    // Act
    const first = await listRequests({ project_id: own.id, sort_by: 'date', limit: 3 });
    const second = await listRequests({
      project_id: own.id,
      sort_by: 'date',
      limit: 3,
      cursor: first.body.next_cursor ?? undefined,
    });
    // Assess
    expect(ids(first.body.data.feature_requests)).toEqual([critical.id, high.id, medium.id]);
    expect(first.body.next_cursor).toEqual(expect.any(String));
    expect(ids(second.body.data.feature_requests)).toEqual([low.id]);
    expect(second.body.next_cursor).toBeNull();
  });

  it('pages through a filtered list across all projects', async () => {
    // Prepare
    const seen: string[] = [];
    let cursor: string | undefined;
    // Act
    for (let pageNumber = 0; pageNumber < 3; pageNumber += 1) {
      const answer = await listRequests({
        category: 'Enhancement',
        limit: 1,
        sort_by: 'date',
        cursor,
      });
      seen.push(...ids(answer.body.data.feature_requests));
      cursor = answer.body.next_cursor ?? undefined;
      if (!cursor) break;
    }
    // Assess
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.slice(0, 2)).toEqual([high.id, low.id]);
  });

  it.each([
    ['a tampered cursor', 'not-a-cursor'],
    ['a cursor of another list', 'other'],
  ])('refuses %s with 400', async (_, kind) => {
    // Prepare
    let cursor = kind;
    if (kind === 'other') {
      const other = await listRequests({ project_id: own.id, sort_by: 'priority', limit: 1 });
      cursor = other.body.next_cursor ?? '';
    }
    // Act
    const answer = await listRequests({ project_id: own.id, sort_by: 'date', limit: 1, cursor });
    // Assess
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 'VALIDATION_ERROR' });
  });

  it.each([
    { status: 'pending' },
    { priority: 'Urgent' },
    { category: 'Chore' },
    { sort_by: 'title' },
    { sort_direction: 'sideways' },
    { limit: '0' },
    { limit: '101' },
  ])('refuses the query %j with 400', async (params) => {
    const answer = await listRequests(params);

    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('VALIDATION_ERROR');
  });
});
