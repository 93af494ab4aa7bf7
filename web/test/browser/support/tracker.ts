import { randomInt, randomUUID } from 'node:crypto';
import type { Project } from '@hatchworks/shared/schemas/projects';
import type {
  ProjectSuggestion,
  TrackerFeatureRequest,
  TrackerVoteResult,
  VoteDirection,
  VoteTargetType,
} from '@hatchworks/shared/schemas/tracker';
import type { Page } from 'playwright-core';
import { siteUrl } from './browser';
import { createProject, loginAdmin } from './features';

/**
 * A client address of its own, sent as CloudFront's viewer-address header: the tracker's
 * per-address rate limits then count each caller apart, so one test's submissions and votes never
 * use up another's allowance.
 */
export function clientAddress(): string {
  return `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}:443`;
}

/** Gives every call of the page (the SPA's fetches included) an address of its own. */
export function ownClientAddress(page: Page): Promise<void> {
  return page.setExtraHTTPHeaders({ 'cloudfront-viewer-address': clientAddress() });
}

/** One tracker API call as a fresh anonymous visitor; throws unless the answer is 2xx. */
async function trackerCall<T>(path: string, body?: unknown): Promise<T> {
  const response = await fetch(siteUrl(path), {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      'cloudfront-viewer-address': clientAddress(),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
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
