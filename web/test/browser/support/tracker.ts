import { randomInt, randomUUID } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import type { Project } from '@hatchworks/shared/schemas/projects';
import type {
  ProjectSuggestion,
  TrackerFeatureRequest,
  TrackerVoteResult,
  VoteDirection,
  VoteTargetType,
} from '@hatchworks/shared/schemas/tracker';
import { fetchFrom, freshClientAddress } from '../../../../test/support/client-addresses';
import { siteUrl } from './browser';
import { createProject, loginAdmin } from './features';

/**
 * One tracker API call as a fresh anonymous visitor on a network of its own (the source address
 * of the connection): its per-client limits and anonymous votes count apart from every other
 * caller's. A vote first loads the request list, as a tracker page does, for the id cookie.
 * Throws unless the answer is 2xx.
 */
async function trackerCall<T>(
  path: string,
  body?: unknown,
  from = freshClientAddress(),
): Promise<T> {
  let cookie: string | undefined;
  if (path === '/api/tracker/vote') {
    const page = await fetchFrom(from, siteUrl('/api/tracker/feature-requests?limit=1'), {});
    cookie = page.headers.getSetCookie()[0]?.split(';')[0];
  }
  const response = await fetchFrom(from, siteUrl(path), {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      ...(cookie ? { cookie } : {}),
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

/**
 * One vote from a stranger: a fresh anonymous visitor on a network of its own, or at `from`
 * (e.g. {@link browserNeighbour}).
 */
export function strangerVote(
  targetType: VoteTargetType,
  targetId: string,
  direction: VoteDirection = 'up',
  from?: string,
): Promise<TrackerVoteResult> {
  return trackerCall<TrackerVoteResult>(
    '/api/tracker/vote',
    { target_type: targetType, target_id: targetId, direction },
    from,
  );
}

/** An address on Chromium's network: it always connects from 127.0.0.1, so this is its /24. */
export const browserNeighbour = () => `127.0.0.${randomInt(2, 255)}`;

/** `GET /api/tracker/feature-requests` as a stranger, e.g. to read a count the page should show. */
export function listTrackerRequests(query: Record<string, string | number>) {
  const search = new URLSearchParams(
    Object.entries(query).map(([name, value]) => [name, String(value)]),
  );
  return trackerCall<{ feature_requests: TrackerFeatureRequest[] }>(
    `/api/tracker/feature-requests?${search.toString()}`,
  );
}

/**
 * The message each labelled field of a form is described by while invalid (its own message under
 * it), in the order given; null for a field that is not marked invalid.
 */
export async function fieldMessages(form: Locator, labels: readonly string[]) {
  const messages: (string | null)[] = [];
  for (const label of labels) {
    messages.push(
      await form.getByLabel(label, { exact: true }).evaluate((field) => {
        if (field.getAttribute('aria-invalid') !== 'true') return null;
        const id = field.getAttribute('aria-describedby') ?? '';
        return field.ownerDocument.getElementById(id)?.textContent ?? '';
      }),
    );
  }
  return messages;
}

/** The messages of the toasts shown now (the 'Notices' live region). */
export async function toastMessages(page: Page): Promise<string[]> {
  return page.getByTestId('toast').locator('.toast__message').allInnerTexts();
}

/**
 * How many pills each element shows: descendants drawn as a pill (fully rounded ends, with a
 * background or a border), e.g. badges and tag chips; dots and round buttons are not counted.
 */
export async function pillCounts(items: Locator): Promise<number[]> {
  return items.evaluateAll((nodes) =>
    nodes.map(
      (node) =>
        [...node.querySelectorAll('*')].filter((each) => {
          const style = getComputedStyle(each);
          const box = each.getBoundingClientRect();
          const rounded = parseFloat(style.borderTopLeftRadius) >= box.height / 2;
          const painted =
            style.backgroundColor !== 'rgba(0, 0, 0, 0)' || parseFloat(style.borderTopWidth) > 0;
          return box.width > box.height * 1.5 && box.height > 0 && rounded && painted;
        }).length,
    ),
  );
}
