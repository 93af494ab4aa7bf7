import { randomUUID } from 'node:crypto';
import type { Project } from '@hatchworks/shared/schemas/projects';
import type {
  ProjectSuggestion,
  TrackerFeatureRequest,
  TrackerVoteResult,
  VoteDirection,
  VoteTargetType,
} from '@hatchworks/shared/schemas/tracker';
import type { Page } from 'playwright-core';
import { fetchFrom, loopbackAddress } from '../../../../test/support/client-address';
import { siteUrl } from './browser';
import { createProject, loginAdmin } from './features';

/**
 * Gives every API call of the page (the SPA's fetches) a client address of its own: the tracker's
 * per-address limits then count each test apart. The local stack keys clients on the socket
 * address (a forged CloudFront header is dropped), and Chromium cannot pick its source address,
 * so the page's `/api/*` requests are sent on from a loopback address of their own.
 */
export async function ownClientAddress(page: Page): Promise<void> {
  const address = loopbackAddress();
  await page.route(siteUrl('/api/**'), async (route) => {
    const request = route.request();
    const answer = await fetchFrom(address, request.url(), {
      method: request.method(),
      headers: await request.allHeaders(),
      ...(request.postData() === null ? {} : { body: request.postData() ?? '' }),
    });
    await route.fulfill({
      status: answer.status,
      headers: Object.fromEntries(answer.headers),
      body: Buffer.from(await answer.arrayBuffer()),
    });
  });
}

/** One tracker API call as a fresh anonymous visitor; throws unless the answer is 2xx. */
async function trackerCall<T>(path: string, body?: unknown): Promise<T> {
  const response = await fetchFrom(loopbackAddress(), siteUrl(path), {
    method: body === undefined ? 'GET' : 'POST',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await response.json()) as { data: T };
  if (!response.ok) throw new Error(`${path}: ${response.status} ${JSON.stringify(json)}`);
  return json.data;
}

/**
 * A project of the test's own, made by the demo admin: tracker lists filtered to it hold only
 * what the test put there, whatever else the shared table holds.
 */
export async function trackerProject(fields: { title?: string; group_name?: string } = {}) {
  const admin = await loginAdmin();
  return createProject(admin.token, {
    title: `Tracker Nest ${randomUUID().slice(0, 8)}`,
    ...fields,
  }) as Promise<Project>;
}

/** A tracker feature request submitted over the API by an anonymous visitor. */
export function submitTrackerRequest(
  fields: {
    title?: string;
    description?: string;
    category?: string;
    priority?: string;
    project_id?: string;
    tags?: string;
  } = {},
): Promise<TrackerFeatureRequest> {
  return trackerCall<TrackerFeatureRequest>('/api/tracker/feature-requests', {
    title: `Request ${randomUUID().slice(0, 8)}`,
    description: 'Dark mode for the dashboard.',
    ...fields,
  });
}

/** A project suggestion submitted over the API by an anonymous visitor. */
export function submitTrackerSuggestion(
  fields: { name?: string; description?: string; rationale?: string; group?: string } = {},
): Promise<ProjectSuggestion> {
  return trackerCall<ProjectSuggestion>('/api/tracker/project-suggestions', {
    name: `Suggestion ${randomUUID().slice(0, 8)}`,
    description: 'A text adventure set in a lighthouse.',
    rationale: 'Short, replayable, fun to write.',
    ...fields,
  });
}

/** One vote from a stranger (a fresh anonymous visitor at its own address). */
export function strangerVote(
  targetType: VoteTargetType,
  targetId: string,
  direction: VoteDirection = 'up',
): Promise<TrackerVoteResult> {
  return trackerCall<TrackerVoteResult>('/api/tracker/vote', {
    target_type: targetType,
    target_id: targetId,
    direction,
  });
}

/** `GET /api/tracker/feature-requests` as a stranger, e.g. to read a count the page should show. */
export function listTrackerRequests(query: Record<string, string | number>) {
  const search = new URLSearchParams(
    Object.entries(query).map(([name, value]) => [name, String(value)]),
  );
  return trackerCall<{ feature_requests: TrackerFeatureRequest[] }>(
    `/api/tracker/feature-requests?${search.toString()}`,
  );
}
