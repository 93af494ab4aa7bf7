import { describe, expect, it } from 'vitest';
import { registerUser } from '../../../test/support/accounts';
import {
  TrackerClient,
  listRequests,
  listSuggestions,
  submitRequest,
  submitSuggestion,
  vote,
} from '../../../test/support/tracker';

describe('POST /api/tracker/vote', () => {
  it('gives an anonymous voter a signed HttpOnly, SameSite=Lax id cookie on the first vote', async () => {
    // Prepare
    const request = await submitRequest();
    const client = new TrackerClient();
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
    expect(client.lastSetCookie).toMatch(
      /^hw_anon=[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}; Path=\/api\/tracker; Max-Age=31536000; HttpOnly; SameSite=Lax$/,
    );
  });

  it('marks the cookie Secure when the visitor came over HTTPS', async () => {
    const request = await submitRequest();
    const client = new TrackerClient();

    await client.call('/api/tracker/vote', {
      method: 'POST',
      headers: { 'x-forwarded-proto': 'https' },
      json: { target_type: 'feature_request', target_id: request.id, direction: 'up' },
    });

    expect(client.lastSetCookie).toMatch(/; Secure$/);
  });

  it('removes the vote when the same direction is voted again, and switches it otherwise', async () => {
    // Prepare
    const request = await submitRequest();
    const client = new TrackerClient();
    // Act
    const up = await vote(client, 'feature_request', request.id, 'up');
    const cookieAfterFirstVote = client.cookie;
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
    expect(client.cookie).toBe(cookieAfterFirstVote);
  });

  it('shows each voter their own vote in the lists', async () => {
    // Prepare
    const request = await submitRequest();
    const voter = new TrackerClient();
    const other = new TrackerClient();
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
    // Act
    await vote(first, 'feature_request', request.id, 'up');
    const fromElsewhere = await vote(second, 'feature_request', request.id, 'up');
    // Assess
    expect(fromElsewhere.body.data).toMatchObject({ votes: 0, my_vote: null });
    expect(first.cookie).toBeUndefined();
    expect(second.cookie).toBeUndefined();
  });

  it('ignores a forged anonymous id and counts the visitor as a new voter', async () => {
    // Prepare
    const request = await submitRequest();
    const victim = new TrackerClient();
    await vote(victim, 'feature_request', request.id, 'up');
    const [id] = (victim.cookie ?? '').replace('hw_anon=', '').split('.');
    const forger = new TrackerClient();
    forger.cookie = `hw_anon=${id}.${'A'.repeat(43)}`;
    // Act
    const answer = await vote(forger, 'feature_request', request.id, 'up');
    // Assess
    expect(answer.body.data).toMatchObject({ votes: 2, my_vote: 'up' });
    expect(forger.cookie).not.toContain(`hw_anon=${id}.`);
  });

  it('votes on project suggestions the same way', async () => {
    // Prepare
    const suggestion = await submitSuggestion();
    const client = new TrackerClient();
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
      const voters = Array.from({ length: 15 }, () => new TrackerClient());
      const togglers = Array.from({ length: 4 }, () => new TrackerClient());
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
      const listed = await listRequests({ sort_by: 'date', limit: 50 });
      const stored = listed.body.data.feature_requests.find((each) => each.id === request.id);
      expect(stored?.votes).toBe(10 - 5);
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
    const voters = Array.from({ length: Math.max(0, top) + 1 }, () => new TrackerClient());
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
    const answer = await new TrackerClient().call('/api/tracker/vote', { method: 'POST', json });

    expect(answer.status).toBe(status);
    expect(answer.body.error).toBe(message);
  });
});
