import { describe, expect, it } from 'vitest';
import { TRACKER_MESSAGES } from '@hatchworks/shared/schemas/tracker';
import { registerUser } from '../../../test/support/accounts';
import {
  TrackerClient,
  listRequests,
  listSuggestions,
  submitRequest,
  submitSuggestion,
  vote,
} from '../../../test/support/tracker';

const ID_COOKIE =
  /^hw_anon=[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}; Path=\/api\/tracker; Max-Age=31536000; HttpOnly; SameSite=Lax$/;

/** The votes a request has, as the list says. */
async function storedVotes(requestId: string): Promise<number | undefined> {
  const listed = await listRequests({ sort_by: 'date', limit: 100 });
  return listed.body.data.feature_requests.find((each) => each.id === requestId)?.votes;
}

describe('GET of the tracker lists', () => {
  it.each(['/api/tracker/feature-requests', '/api/tracker/project-suggestions'])(
    '%s gives an anonymous visitor a signed HttpOnly, SameSite=Lax id cookie for the tracker API',
    async (path) => {
      // Prepare
      const client = new TrackerClient();
      // Act
      const first = await client.call(path);
      const cookie = client.cookie;
      const again = await client.call(path);
      // Assess
      expect(first.status).toBe(200);
      expect(first.headers.getSetCookie()).toEqual([expect.stringMatching(ID_COOKIE)]);
      expect(again.headers.getSetCookie()).toEqual([]);
      expect(client.cookie).toBe(cookie);
    },
  );

  it('marks the cookie Secure when the visitor came over HTTPS', async () => {
    const client = new TrackerClient();

    await client.call('/api/tracker/feature-requests', {
      headers: { 'x-forwarded-proto': 'https' },
    });

    expect(client.lastSetCookie).toMatch(/; Secure$/);
  });

  it('gives a signed-in user no cookie', async () => {
    const user = await registerUser();
    const client = new TrackerClient(user.token);

    const answer = await client.call('/api/tracker/feature-requests');

    expect(answer.status).toBe(200);
    expect(client.cookie).toBeUndefined();
  });
});

describe('POST /api/tracker/vote', () => {
  it('counts the vote of a visitor who brings the cookie a tracker list gave', async () => {
    // Prepare
    const request = await submitRequest();
    const client = await TrackerClient.visitor();
    const cookie = client.cookie;
    // Act
    const answer = await vote(client, 'feature_request', request.id, 'up');
    // Assess
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({
      target_type: 'feature_request',
      target_id: request.id,
      votes: 1,
      my_vote: 'up',
    });
    expect(answer.headers.getSetCookie()).toEqual([]);
    expect(client.cookie).toBe(cookie);
  });

  it('refuses ten cookie-less votes with "Reload the page to vote…", and the count stays', async () => {
    // Prepare
    const request = await submitRequest();
    const client = new TrackerClient();
    // Act
    const answers = [];
    for (let i = 0; i < 10; i += 1) {
      answers.push(await vote(client, 'feature_request', request.id, 'up'));
    }
    // Assess
    for (const answer of answers) {
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({
        success: false,
        code: 'VALIDATION_ERROR',
        error: TRACKER_MESSAGES.cookieRequired,
      });
      expect(answer.headers.getSetCookie()).toEqual([]);
    }
    expect(await storedVotes(request.id)).toBe(0);
  });

  it('refuses a forged or made-up anonymous id', async () => {
    // Prepare
    const request = await submitRequest();
    const victim = await TrackerClient.visitor();
    await vote(victim, 'feature_request', request.id, 'up');
    const [id] = (victim.cookie ?? '').replace('hw_anon=', '').split('.');
    const forger = new TrackerClient();
    const inventor = new TrackerClient();
    forger.cookie = `hw_anon=${id}.${'A'.repeat(43)}`;
    inventor.cookie = `hw_anon=${'B'.repeat(22)}.${'C'.repeat(43)}`;
    // Act
    const forged = await vote(forger, 'feature_request', request.id, 'down');
    const invented = await vote(inventor, 'feature_request', request.id, 'up');
    // Assess
    expect([forged.status, invented.status]).toEqual([400, 400]);
    expect(forged.body.error).toBe(TRACKER_MESSAGES.cookieRequired);
    expect(invented.body.error).toBe(TRACKER_MESSAGES.cookieRequired);
    expect(await storedVotes(request.id)).toBe(1);
  });

  it('removes the vote when the same direction is voted again, and switches it otherwise', async () => {
    // Prepare
    const request = await submitRequest();
    const client = await TrackerClient.visitor();
    // Act
    const up = await vote(client, 'feature_request', request.id, 'up');
    const again = await vote(client, 'feature_request', request.id, 'up');
    const down = await vote(client, 'feature_request', request.id, 'down');
    const switched = await vote(client, 'feature_request', request.id, 'up');
    // Assess
    expect([up, again, down, switched].map((each) => each.body.data.votes)).toEqual([1, 0, -1, 1]);
    expect([up, again, down, switched].map((each) => each.body.data.my_vote)).toEqual([
      'up',
      null,
      'down',
      'up',
    ]);
  });

  it('shows each voter their own vote in the lists', async () => {
    // Prepare
    const request = await submitRequest();
    const voter = await TrackerClient.visitor();
    const other = await TrackerClient.visitor();
    await vote(voter, 'feature_request', request.id, 'down');
    await vote(other, 'feature_request', request.id, 'up');
    await vote(other, 'feature_request', request.id, 'up');
    // Act
    const mine = await listRequests({ sort_by: 'date', limit: 20 }, voter);
    const theirs = await listRequests({ sort_by: 'date', limit: 20 }, other);
    const stranger = await listRequests({ sort_by: 'date', limit: 20 });
    // Assess
    const find = (answer: typeof mine) =>
      answer.body.data.feature_requests.find((each) => each.id === request.id);
    expect(find(mine)).toMatchObject({ votes: -1, my_vote: 'down' });
    expect(find(theirs)).toMatchObject({ votes: -1, my_vote: null });
    expect(find(stranger)).toMatchObject({ votes: -1, my_vote: null });
  });

  it('counts a signed-in user once, by their token, whatever cookie they send', async () => {
    // Prepare
    const user = await registerUser();
    const request = await submitRequest();
    const first = new TrackerClient(user.token);
    const second = new TrackerClient(user.token);
    second.cookie = (await TrackerClient.visitor()).cookie;
    // Act
    const fromHere = await vote(first, 'feature_request', request.id, 'up');
    const fromElsewhere = await vote(second, 'feature_request', request.id, 'up');
    // Assess
    expect(fromHere.body.data).toMatchObject({ votes: 1, my_vote: 'up' });
    expect(fromElsewhere.body.data).toMatchObject({ votes: 0, my_vote: null });
    expect(first.cookie).toBeUndefined();
  });

  it('votes on project suggestions the same way', async () => {
    // Prepare
    const suggestion = await submitSuggestion();
    const client = new TrackerClient();
    await client.call('/api/tracker/project-suggestions');
    // Act
    const down = await vote(client, 'project_suggestion', suggestion.id, 'down');
    const listed = await listSuggestions({ sort_by: 'date', limit: 20 }, client);
    // Assess
    expect(down.body.data).toEqual({
      target_type: 'project_suggestion',
      target_id: suggestion.id,
      votes: -1,
      my_vote: 'down',
    });
    expect(
      listed.body.data.project_suggestions.find((each) => each.id === suggestion.id),
    ).toMatchObject({ votes: -1, my_vote: 'down' });
  });

  it(
    'keeps the count equal to the votes under simultaneous voting',
    { timeout: 90_000 },
    async () => {
      // Prepare
      const request = await submitRequest();
      const voters = await Promise.all(Array.from({ length: 15 }, () => TrackerClient.visitor()));
      const togglers = await Promise.all(Array.from({ length: 4 }, () => TrackerClient.visitor()));
      // Act: 15 voters at once (every third one down), while 4 others vote up twice (no vote left).
      const answers = await Promise.all([
        ...voters.map((client, index) =>
          vote(client, 'feature_request', request.id, index % 3 === 0 ? 'down' : 'up'),
        ),
        ...togglers.map(async (client) => {
          await vote(client, 'feature_request', request.id, 'up');
          return vote(client, 'feature_request', request.id, 'up');
        }),
      ]);
      // Assess
      expect(answers.every((answer) => answer.status === 200)).toBe(true);
      expect(await storedVotes(request.id)).toBe(10 - 5);
    },
  );

  it('moves a request in the votes order as it gains votes', async () => {
    // Prepare
    const request = await submitRequest({ category: 'New Feature', priority: 'High' });
    const before = await listRequests({ priority: 'High', category: 'New Feature', limit: 100 });
    const rankBefore = before.body.data.feature_requests.findIndex(
      (each) => each.id === request.id,
    );
    // Act
    const top = before.body.data.feature_requests[0]?.votes ?? 0;
    const voters = await Promise.all(
      Array.from({ length: Math.max(0, top) + 1 }, () => TrackerClient.visitor()),
    );
    await Promise.all(voters.map((client) => vote(client, 'feature_request', request.id, 'up')));
    const after = await listRequests({ priority: 'High', category: 'New Feature', limit: 100 });
    // Assess
    expect(rankBefore).toBeGreaterThanOrEqual(0);
    expect(after.body.data.feature_requests[0]?.id).toBe(request.id);
  });

  it.each([
    [
      { target_type: 'feature_request', target_id: '01ARZ3NDEKTSV4RRFFQ69G5FAV', direction: 'up' },
      404,
      'Resource not found.',
    ],
    [
      {
        target_type: 'project_suggestion',
        target_id: '01ARZ3NDEKTSV4RRFFQ69G5FAV',
        direction: 'up',
      },
      404,
      'Resource not found.',
    ],
    [{ target_type: 'feature', target_id: 'x', direction: 'up' }, 400, 'Invalid vote'],
    [
      { target_type: 'feature_request', target_id: 'x', direction: 'sideways' },
      400,
      'Invalid vote',
    ],
    [{ target_type: 'feature_request', target_id: '', direction: 'up' }, 400, 'Invalid vote'],
  ])('answers %j with %i "%s"', async (json, status, message) => {
    const client = await TrackerClient.visitor();

    const answer = await client.call('/api/tracker/vote', { method: 'POST', json });

    expect(answer.status).toBe(status);
    expect(answer.body.error).toBe(message);
  });
});
