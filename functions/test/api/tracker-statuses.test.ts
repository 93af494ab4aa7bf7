import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Project } from '@hatchworks/shared/schemas/projects';
import type { TrackerFeatureRequest } from '@hatchworks/shared/schemas/tracker';
import { api } from '../../../test/support/api';
import { bearer, registerAdmin, registerUser } from '../../../test/support/accounts';
import { createProject } from '../../../test/support/features';
import {
  listActivity,
  listRequests,
  listSuggestions,
  submitRequest,
  submitSuggestion,
  trackerStats,
  TrackerClient,
  vote,
  type AnswerBody,
} from '../../../test/support/tracker';
import { useStackTable } from '../../../test/support/stack-table';

interface StatusResult {
  subject_type: string;
  id: string;
  status: string;
  status_changed_at: string;
  status_note: string | null;
  completed_at: string | null;
}

let admin: Awaited<ReturnType<typeof registerAdmin>>;
let user: Awaited<ReturnType<typeof registerUser>>;
let project: Project;

beforeAll(async () => {
  [admin, user] = await Promise.all([registerAdmin(), registerUser()]);
  project = await createProject(admin.token);
});

const setStatus = (
  kind: 'feature-requests' | 'project-suggestions',
  id: string,
  json: unknown,
  token: string | null = admin.token,
) =>
  api<AnswerBody<StatusResult>>(`/api/tracker/${kind}/${id}/status`, {
    method: 'PUT',
    headers: token ? bearer(token) : {},
    json,
  });

/** The request as the list filtered to its status answers it (newest first), if listed there. */
async function listedUnder(status: string, id: string) {
  const answer = await listRequests({ status, sort_by: 'date', limit: 100 });
  expect(answer.status).toBe(200);
  return answer.body.data.feature_requests.find((each) => each.id === id);
}

describe('PUT /api/tracker/feature-requests/{id}/status', () => {
  it('is for admins only: anonymous 401, user 403, admin 200', async () => {
    const request = await submitRequest();
    const json = { status: 'planned' };

    expect((await setStatus('feature-requests', request.id, json, null)).status).toBe(401);
    expect((await setStatus('feature-requests', request.id, json, user.token)).status).toBe(403);
    const answer = await setStatus('feature-requests', request.id, json);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({
      subject_type: 'tracker_request',
      id: request.id,
      status: 'Planned',
      status_note: null,
      completed_at: null,
    });
  });

  it('refuses bad input with a clear 400, an unknown id with 404 and the same status with 409', async () => {
    const request = await submitRequest();

    const noNote = await setStatus('feature-requests', request.id, { status: 'closed' });
    expect(noNote.status).toBe(400);
    expect(noNote.body.details).toEqual([
      { field: 'note', message: 'A note is required when closing' },
    ]);
    const blankNote = await setStatus('feature-requests', request.id, {
      status: 'closed',
      note: '   ',
    });
    expect(blankNote.status).toBe(400);
    const badStatus = await setStatus('feature-requests', request.id, { status: 'Done' });
    expect(badStatus.status).toBe(400);
    expect(badStatus.body.details?.[0]?.field).toBe('status');
    const longNote = await setStatus('feature-requests', request.id, {
      status: 'planned',
      note: 'x'.repeat(1001),
    });
    expect(longNote.status).toBe(400);
    expect(longNote.body.details?.[0]?.message).toBe('The note must be at most 1000 characters');

    const unknown = await setStatus('feature-requests', '01UNKNOWNUNKNOWNUNKNOWNXXX', {
      status: 'planned',
    });
    expect(unknown.status).toBe(404);

    const same = await setStatus('feature-requests', request.id, { status: 'open' });
    expect(same.status).toBe(409);
    expect(same.body.error).toBe('It is already Open');
    // Nothing moved.
    expect(await listedUnder('Open', request.id)).toBeDefined();
  });

  it('moves open → planned → completed: filters, tiles, activity and counters follow', async () => {
    const request = await submitRequest({ project_id: project.id });
    const start = await trackerStats();

    const planned = await setStatus('feature-requests', request.id, {
      status: 'planned',
      note: 'Next up',
    });
    expect(planned.status).toBe(200);
    expect(planned.body.data.status_note).toBe('Next up');
    expect(await listedUnder('Open', request.id)).toBeUndefined();
    const listed = await listedUnder('Planned', request.id);
    expect(listed).toMatchObject({
      status: 'Planned',
      status_note: 'Next up',
      status_changed_at: planned.body.data.status_changed_at,
    });
    expect(listed?.completed_at).toBeUndefined();
    // The counts follow the status filter: the request left 'Open' for 'Planned'.
    const afterPlanned = await trackerStats();
    expect(afterPlanned.feature_requests.open - start.feature_requests.open).toBe(-1);
    expect(afterPlanned.feature_requests.planned - start.feature_requests.planned).toBe(1);
    expect(afterPlanned.feature_requests.completed - start.feature_requests.completed).toBe(0);

    const completed = await setStatus('feature-requests', request.id, { status: 'completed' });
    expect(completed.status).toBe(200);
    expect(completed.body.data.completed_at).toBe(completed.body.data.status_changed_at);
    expect(await listedUnder('Planned', request.id)).toBeUndefined();
    const done = (await listedUnder('Completed', request.id)) as TrackerFeatureRequest;
    expect(done.status).toBe('Completed');
    expect(done.completed_at).toBe(completed.body.data.completed_at);
    // The last change had no note: the earlier one is gone.
    expect(done.status_note).toBeUndefined();
    // The project's and the priority's views moved too (they carry the status).
    const inProject = await listRequests({ project_id: project.id, status: 'Completed' });
    expect(inProject.body.data.feature_requests.map((each) => each.id)).toContain(request.id);

    const end = await trackerStats();
    expect(end.feature_requests.total - start.feature_requests.total).toBe(0);
    expect(end.feature_requests.open - start.feature_requests.open).toBe(-1);
    expect(end.feature_requests.planned - start.feature_requests.planned).toBe(0);
    expect(end.feature_requests.completed - start.feature_requests.completed).toBe(1);

    const activity = await listActivity({ project_id: project.id, limit: 10 });
    const mine = activity.body.data.activity.filter((each) => each.reference_id === request.id);
    expect(mine.map((each) => each.action)).toEqual(['completed', 'planned', 'created']);
    expect(mine[1]).toMatchObject({ description: 'Next up', user: expect.any(String) });
  });

  it('closes with a note and reopens; closed counts as closed, reopened as open again', async () => {
    const request = await submitRequest();
    const start = await trackerStats();

    const closed = await setStatus('feature-requests', request.id, {
      status: 'closed',
      note: 'Duplicate of the dark mode request',
    });
    expect(closed.status).toBe(200);
    expect((await listedUnder('Closed', request.id))?.status_note).toBe(
      'Duplicate of the dark mode request',
    );
    const afterClose = await trackerStats();
    expect(afterClose.feature_requests.closed - start.feature_requests.closed).toBe(1);
    expect(afterClose.feature_requests.open - start.feature_requests.open).toBe(-1);

    const reopened = await setStatus('feature-requests', request.id, { status: 'open' });
    expect(reopened.status).toBe(200);
    expect(await listedUnder('Open', request.id)).toBeDefined();
    const end = await trackerStats();
    expect(end.feature_requests.closed).toBe(start.feature_requests.closed);
    expect(end.feature_requests.open).toBe(start.feature_requests.open);
  });

  it('keeps votes and status both right when votes race status changes', async () => {
    const request = await submitRequest();
    const voters = await Promise.all(Array.from({ length: 4 }, () => TrackerClient.visitor()));
    const start = await trackerStats();

    const [votes, changes] = await Promise.all([
      Promise.all(voters.map((voter) => vote(voter, 'feature_request', request.id, 'up'))),
      Promise.all([
        setStatus('feature-requests', request.id, { status: 'in_progress' }),
        setStatus('feature-requests', request.id, { status: 'in_progress' }),
      ]),
    ]);
    expect(votes.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    // Two admins asked for the same move: one made it, the other was told it already was.
    expect(changes.map((answer) => answer.status).sort()).toEqual([200, 409]);

    const listed = await listedUnder('In Progress', request.id);
    expect(listed).toMatchObject({ status: 'In Progress', votes: 4 });
    const byVotes = await listRequests({ status: 'In Progress', sort_by: 'votes', limit: 100 });
    expect(byVotes.body.data.feature_requests.find((each) => each.id === request.id)?.votes).toBe(
      4,
    );
    // The move counted once: one request left 'Open' for 'In Progress'.
    const end = await trackerStats();
    expect(end.feature_requests.open).toBe(start.feature_requests.open - 1);
    expect(end.feature_requests.in_progress).toBe(start.feature_requests.in_progress + 1);
  });
});

describe('PUT /api/tracker/project-suggestions/{id}/status', () => {
  it('is for admins only and moves the suggestion with its views', async () => {
    const suggestion = await submitSuggestion();
    const json = { status: 'planned', note: 'We like it' };

    expect((await setStatus('project-suggestions', suggestion.id, json, null)).status).toBe(401);
    expect((await setStatus('project-suggestions', suggestion.id, json, user.token)).status).toBe(
      403,
    );
    const answer = await setStatus('project-suggestions', suggestion.id, json);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({
      subject_type: 'tracker_suggestion',
      status: 'Planned',
    });

    const list = await listSuggestions({ sort_by: 'date', limit: 100 });
    const listed = list.body.data.project_suggestions.find((each) => each.id === suggestion.id);
    expect(listed).toMatchObject({ status: 'Planned', status_note: 'We like it' });

    const closed = await setStatus('project-suggestions', suggestion.id, { status: 'closed' });
    expect(closed.status).toBe(400);
    const completed = await setStatus('project-suggestions', suggestion.id, {
      status: 'completed',
    });
    expect(completed.status).toBe(200);
    const activity = await listActivity({ limit: 50 });
    const mine = activity.body.data.activity.filter((each) => each.reference_id === suggestion.id);
    expect(mine.map((each) => each.action)).toEqual(['completed', 'planned', 'created']);
  });

  it('answers 404 for an unknown suggestion', async () => {
    const answer = await setStatus('project-suggestions', 'nope', { status: 'planned' });
    expect(answer.status).toBe(404);
  });
});

describe('the status_changed event', () => {
  it('is written in the change itself, with the code, the note, the subject and the admin', async () => {
    // Prepare
    useStackTable();
    const { changeTrackerRequestStatus, changeSuggestionStatus } =
      await import('@hatchworks/functions/modules/tracker/tracker-status');
    const { db, tableName } = await import('@hatchworks/functions/modules/table/client');
    const { GetCommand } = await import('@aws-sdk/lib-dynamodb');
    const request = await submitRequest();
    const suggestion = await submitSuggestion();
    const [requestEvent, suggestionEvent] = [randomUUID(), randomUUID()];

    // Act
    await changeTrackerRequestStatus(
      request.id,
      { status: 'in_progress', note: 'Started today' },
      admin.user.id,
      new Date(),
      requestEvent,
    );
    await changeSuggestionStatus(
      suggestion.id,
      { status: 'closed', note: 'Not for us' },
      admin.user.id,
      new Date(),
      suggestionEvent,
    );
    const read = async (id: string) =>
      (
        await db.send(
          new GetCommand({ TableName: tableName, Key: { PK: `EVENT#${id}`, SK: 'EVENT' } }),
        )
      ).Item;

    // Assess
    expect(await read(requestEvent)).toMatchObject({
      kind: 'status_changed',
      subject_type: 'tracker_request',
      subject_id: request.id,
      subject_title: request.title,
      actor_id: admin.user.id,
      details: { status: 'in_progress', note: 'Started today' },
    });
    expect(await read(suggestionEvent)).toMatchObject({
      kind: 'status_changed',
      subject_type: 'tracker_suggestion',
      subject_id: suggestion.id,
      subject_title: suggestion.name,
      details: { status: 'closed', note: 'Not for us' },
    });
  });
});
