import { describe, expect, it } from 'vitest';
import { TRACKER_MESSAGES } from '@hatchworks/shared/schemas/tracker';
import { registerUser } from '../../../test/support/accounts';
import {
  TrackerClient,
  listRequests,
  sameNetworkAs,
  submitRequest,
  submitSuggestion,
  vote,
} from '../../../test/support/tracker';

/** The votes a request has, as the list says. */
async function storedVotes(requestId: string): Promise<number | undefined> {
  const listed = await listRequests({ sort_by: 'date', limit: 100 });
  return listed.body.data.feature_requests.find((each) => each.id === requestId)?.votes;
}

/** Seconds from now to the next UTC midnight. */
const secondsToMidnight = () => 86_400 - (Math.floor(Date.now() / 1000) % 86_400);

describe('one anonymous vote per item per network (/24) per UTC day', () => {
  it('refuses a second anonymous voter on the same /24 with 429, and counts one from another /24', async () => {
    // Prepare
    const request = await submitRequest();
    const first = await TrackerClient.visitor();
    const neighbour = await TrackerClient.visitor(undefined, sameNetworkAs(first.address));
    const elsewhere = await TrackerClient.visitor();
    // Act
    const counted = await vote(first, 'feature_request', request.id, 'up');
    const refused = await vote(neighbour, 'feature_request', request.id, 'up');
    const other = await vote(elsewhere, 'feature_request', request.id, 'up');
    // Assess
    expect(counted.body.data).toMatchObject({ votes: 1, my_vote: 'up' });
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({
      success: false,
      code: 'RATE_LIMITED',
      error: TRACKER_MESSAGES.networkAlreadyVoted,
    });
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(secondsToMidnight() + 1);
    expect(other.body.data).toMatchObject({ votes: 2, my_vote: 'up' });
    expect(await storedVotes(request.id)).toBe(2);
  });

  it('refuses the neighbour a down vote too, and on project suggestions', async () => {
    // Prepare
    const suggestion = await submitSuggestion();
    const first = await TrackerClient.visitor();
    const neighbour = await TrackerClient.visitor(undefined, sameNetworkAs(first.address));
    await vote(first, 'project_suggestion', suggestion.id, 'up');
    // Act
    const refused = await vote(neighbour, 'project_suggestion', suggestion.id, 'down');
    // Assess
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe(TRACKER_MESSAGES.networkAlreadyVoted);
  });

  it('keeps the network to one item: the neighbour may vote on another request', async () => {
    // Prepare
    const [one, two] = [await submitRequest(), await submitRequest()];
    const first = await TrackerClient.visitor();
    const neighbour = await TrackerClient.visitor(undefined, sameNetworkAs(first.address));
    await vote(first, 'feature_request', one.id, 'up');
    // Act
    const answer = await vote(neighbour, 'feature_request', two.id, 'up');
    // Assess
    expect(answer.status).toBe(200);
    expect(answer.body.data.votes).toBe(1);
  });

  it("lets the network's voter take back, switch and re-add their vote; the neighbour stays refused", async () => {
    // Prepare
    const request = await submitRequest();
    const first = await TrackerClient.visitor();
    const neighbour = await TrackerClient.visitor(undefined, sameNetworkAs(first.address));
    // Act
    const up = await vote(first, 'feature_request', request.id, 'up');
    const takenBack = await vote(first, 'feature_request', request.id, 'up');
    const neighbourAfterTakeBack = await vote(neighbour, 'feature_request', request.id, 'up');
    const readded = await vote(first, 'feature_request', request.id, 'down');
    const switched = await vote(first, 'feature_request', request.id, 'up');
    // Assess
    expect([up, takenBack, readded, switched].map((each) => each.status)).toEqual([
      200, 200, 200, 200,
    ]);
    expect([up, takenBack, readded, switched].map((each) => each.body.data.votes)).toEqual([
      1, 0, -1, 1,
    ]);
    expect(neighbourAfterTakeBack.status).toBe(429);
    expect(await storedVotes(request.id)).toBe(1);
  });

  it('lands exactly one of ten simultaneous votes from fresh visitors on one /24', async () => {
    // Prepare
    const request = await submitRequest();
    const first = new TrackerClient();
    const visitors = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        TrackerClient.visitor(undefined, sameNetworkAs(first.address, index + 1)),
      ),
    );
    // Act
    const answers = await Promise.all(
      visitors.map((client) => vote(client, 'feature_request', request.id, 'up')),
    );
    // Assess
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 429)).toHaveLength(9);
    expect(await storedVotes(request.id)).toBe(1);
  });

  it('believes the socket, not a CloudFront-Viewer-Address header the caller made up', async () => {
    // Prepare
    const request = await submitRequest();
    const first = await TrackerClient.visitor();
    const neighbour = await TrackerClient.visitor(undefined, sameNetworkAs(first.address));
    await vote(first, 'feature_request', request.id, 'up');
    // Act
    const disguised = await neighbour.call('/api/tracker/vote', {
      method: 'POST',
      headers: { 'cloudfront-viewer-address': '198.51.100.10:443' },
      json: { target_type: 'feature_request', target_id: request.id, direction: 'up' },
    });
    // Assess
    expect(disguised.status).toBe(429);
    expect(await storedVotes(request.id)).toBe(1);
  });

  it('does not hold signed-in users to it', async () => {
    // Prepare
    const request = await submitRequest();
    const [alice, bob] = [await registerUser(), await registerUser()];
    const anonymous = await TrackerClient.visitor();
    const aliceClient = new TrackerClient(alice.token, sameNetworkAs(anonymous.address));
    const bobClient = new TrackerClient(bob.token, sameNetworkAs(anonymous.address));
    // Act
    const answers = [
      await vote(anonymous, 'feature_request', request.id, 'up'),
      await vote(aliceClient, 'feature_request', request.id, 'up'),
      await vote(bobClient, 'feature_request', request.id, 'up'),
    ];
    // Assess
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(await storedVotes(request.id)).toBe(3);
  });
});
