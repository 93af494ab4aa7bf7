import { describe, expect, it } from 'vitest';
import type { ProjectSuggestion, TrackerFeatureRequest } from '@hatchworks/shared/schemas/tracker';
import { registerUser } from '../../../test/support/accounts';
import {
  TrackerClient,
  submitRequest,
  submitSuggestion,
  vote,
} from '../../../test/support/tracker';

describe('GET /api/tracker/feature-requests/{id}', () => {
  it('answers one request with its comment count and the reader own vote', async () => {
    // Prepare
    const user = await registerUser();
    const reader = await TrackerClient.visitor(user.token);
    const request = await submitRequest();
    await vote(reader, 'feature_request', request.id, 'up');
    // Act
    const answer = await reader.call<TrackerFeatureRequest>(
      `/api/tracker/feature-requests/${request.id}`,
    );
    const anonymous = await new TrackerClient().call<TrackerFeatureRequest>(
      `/api/tracker/feature-requests/${request.id}`,
    );
    // Assess
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({ ...request, votes: 1, comment_count: 0, my_vote: 'up' });
    expect(anonymous.body.data.my_vote).toBeNull();
  });

  it('answers 404 for an unknown request', async () => {
    const answer = await new TrackerClient().call('/api/tracker/feature-requests/01NOPE');
    expect(answer.status).toBe(404);
  });
});

describe('GET /api/tracker/project-suggestions/{id}', () => {
  it('answers one suggestion, and 404 for an unknown one', async () => {
    const suggestion = await submitSuggestion();
    const answer = await new TrackerClient().call<ProjectSuggestion>(
      `/api/tracker/project-suggestions/${suggestion.id}`,
    );
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({ ...suggestion, comment_count: 0, my_vote: null });
    const missing = await new TrackerClient().call('/api/tracker/project-suggestions/01NOPE');
    expect(missing.status).toBe(404);
  });
});
