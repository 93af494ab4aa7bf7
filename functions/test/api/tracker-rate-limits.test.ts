import { beforeEach, describe, expect, it } from 'vitest';
import { registerUser } from '../../../test/support/accounts';
import {
  TrackerClient,
  awayFromWindowEdge,
  postRequest,
  postSuggestion,
  requestInput,
  submitRequest,
  suggestionInput,
  trackerStats,
  vote,
} from '../../../test/support/tracker';

const TOO_MANY_SUBMISSIONS =
  /^Too many submissions from this client\. Please try again in (\d+) minutes?\.$/;

describe('rate limits of the tracker', () => {
  beforeEach(async () => {
    await awayFromWindowEdge();
  }, 60_000);

  it('lets one visitor submit 5 requests and suggestions in 10 minutes, then answers 429', async () => {
    // Prepare
    const client = new TrackerClient();
    for (let i = 0; i < 3; i += 1)
      expect((await postRequest(client, requestInput())).status).toBe(201);
    for (let i = 0; i < 2; i += 1) {
      expect((await postSuggestion(client, suggestionInput())).status).toBe(201);
    }
    // Act
    const refused = await postRequest(client, requestInput());
    // Assess
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    expect(refused.body.error).toMatch(TOO_MANY_SUBMISSIONS);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(600);
    expect(refused.body.error).toContain(`${Math.ceil(retryAfter / 60)} minute`);
  });

  it('counts a signed-in user by account, whichever address they come from', async () => {
    // Prepare
    const user = await registerUser();
    for (let i = 0; i < 5; i += 1) await submitRequest({}, new TrackerClient(user.token));
    // Act
    const refused = await postRequest(new TrackerClient(user.token), requestInput());
    // Assess
    expect(refused.status).toBe(429);
  });

  it('does not count invalid submissions', async () => {
    // Prepare
    const client = new TrackerClient();
    for (let i = 0; i < 6; i += 1) await postRequest(client, { title: '' });
    // Act
    const answer = await postRequest(client, requestInput());
    // Assess
    expect(answer.status).toBe(201);
  });

  it('stores exactly 20 of a flood of 30 cookie-less submissions from one address', async () => {
    // Prepare
    const address = new TrackerClient().address;
    const before = await trackerStats();
    // Act
    const answers = await Promise.all(
      Array.from({ length: 30 }, () =>
        postRequest(new TrackerClient(undefined, address), requestInput()),
      ),
    );
    // Assess
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(20);
    expect(statuses.filter((status) => status === 429)).toHaveLength(10);
    const after = await trackerStats();
    expect(after.feature_requests.total - before.feature_requests.total).toBe(20);
  });

  it('lets one voter vote 60 times in 10 minutes, then answers 429 and keeps the count', async () => {
    // Prepare
    const request = await submitRequest();
    const client = await TrackerClient.visitor();
    const counts: number[] = [];
    for (let i = 0; i < 60; i += 1) {
      const answer = await vote(client, 'feature_request', request.id, 'up');
      counts.push(answer.body.data.votes);
    }
    // Act
    const refused = await vote(client, 'feature_request', request.id, 'up');
    // Assess
    expect(counts.slice(0, 4)).toEqual([1, 0, 1, 0]);
    expect(counts.at(-1)).toBe(0);
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatch(
      /^Too many votes from this client\. Please try again in \d+ minutes?\.$/,
    );
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    const other = await vote(await TrackerClient.visitor(), 'feature_request', request.id, 'down');
    expect(other.body.data.votes).toBe(-1);
  });
});
