import { randomUUID } from 'node:crypto';
import type {
  ActivityList,
  ProjectSuggestion,
  ProjectSuggestionList,
  TrackerFeatureRequest,
  TrackerFeatureRequestList,
  TrackerStats,
  TrackerVoteResult,
} from '@hatchworks/shared/schemas/tracker';
import { api, type ApiAnswer } from './api';
import { freshClientAddress } from './client-addresses';
import { bearer } from './accounts';

export { freshClientAddress, sameNetworkAs } from './client-addresses';

/** An answer's body: `data` (and `next_cursor`) on success, `error` and `code` on failure. */
export interface AnswerBody<T> {
  readonly success: boolean;
  readonly data: T;
  readonly next_cursor?: string | null;
  readonly error?: string;
  readonly code?: string;
  readonly details?: { field: string; message: string }[];
}

type Answer<T> = ApiAnswer<AnswerBody<T>>;

/**
 * One visitor of the tracker: its own client address (the source address of its connections),
 * the anonymous id cookie the API gives it, and a bearer token when signed in.
 */
export class TrackerClient {
  cookie: string | undefined;
  lastSetCookie: string | undefined;

  constructor(
    readonly token?: string,
    readonly address = freshClientAddress(),
  ) {}

  /**
   * A visitor who has opened a tracker page: the page's list call gave them the anonymous id
   * cookie, as it does in the browser before any vote.
   */
  static async visitor(token?: string, address?: string): Promise<TrackerClient> {
    return new TrackerClient(token, address).visit();
  }

  /** Loads the request list as the tracker pages do, keeping the cookie it sets. */
  async visit(): Promise<this> {
    const answer = await this.call('/api/tracker/feature-requests?limit=1');
    if (answer.status !== 200) throw new Error(`visit: ${answer.status} ${answer.body.error}`);
    return this;
  }

  async call<T>(path: string, init: RequestInit & { json?: unknown } = {}): Promise<Answer<T>> {
    const answer = await api<Answer<T>['body']>(path, {
      ...init,
      from: this.address,
      headers: {
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...(this.token ? bearer(this.token) : {}),
        ...(init.headers ?? {}),
      },
    });
    const setCookie = answer.headers.getSetCookie()[0];
    if (setCookie) {
      this.lastSetCookie = setCookie;
      this.cookie = setCookie.split(';')[0];
    }
    return answer;
  }
}

/** A valid submission payload, with a unique title. */
export const requestInput = (overrides: Record<string, unknown> = {}) => ({
  title: `Request ${randomUUID().slice(0, 8)}`,
  description: 'Dark mode for the dashboard.',
  ...overrides,
});

export const suggestionInput = (overrides: Record<string, unknown> = {}) => ({
  name: `Suggestion ${randomUUID().slice(0, 8)}`,
  description: 'A text adventure set in a lighthouse.',
  rationale: 'Short, replayable, fun to write.',
  ...overrides,
});

export function postRequest(client: TrackerClient, json: unknown) {
  return client.call<TrackerFeatureRequest>('/api/tracker/feature-requests', {
    method: 'POST',
    json,
  });
}

export function postSuggestion(client: TrackerClient, json: unknown) {
  return client.call<ProjectSuggestion>('/api/tracker/project-suggestions', {
    method: 'POST',
    json,
  });
}

/** A stored request, submitted by a fresh anonymous visitor unless a client is given. */
export async function submitRequest(
  overrides: Record<string, unknown> = {},
  client = new TrackerClient(),
): Promise<TrackerFeatureRequest> {
  const answer = await postRequest(client, requestInput(overrides));
  if (answer.status !== 201) throw new Error(`request: ${answer.status} ${answer.body.error}`);
  return answer.body.data;
}

export async function submitSuggestion(
  overrides: Record<string, unknown> = {},
  client = new TrackerClient(),
): Promise<ProjectSuggestion> {
  const answer = await postSuggestion(client, suggestionInput(overrides));
  if (answer.status !== 201) throw new Error(`suggestion: ${answer.status} ${answer.body.error}`);
  return answer.body.data;
}

export function vote(
  client: TrackerClient,
  target_type: 'feature_request' | 'project_suggestion',
  target_id: string,
  direction: 'up' | 'down',
) {
  return client.call<TrackerVoteResult>('/api/tracker/vote', {
    method: 'POST',
    json: { target_type, target_id, direction },
  });
}

/** `n` up votes (or down votes) from `n` anonymous visitors, each on a network of its own. */
export async function votesFromStrangers(
  target_type: 'feature_request' | 'project_suggestion',
  target_id: string,
  n: number,
  direction: 'up' | 'down' = 'up',
): Promise<void> {
  for (let i = 0; i < n; i += 1) {
    const answer = await vote(await TrackerClient.visitor(), target_type, target_id, direction);
    if (answer.status !== 200) throw new Error(`vote: ${answer.status} ${answer.body.error}`);
  }
}

const query = (params: Record<string, string | number | undefined>) => {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined) search.set(name, String(value));
  }
  return search.size > 0 ? `?${search}` : '';
};

export function listRequests(
  params: Record<string, string | number | undefined> = {},
  client = new TrackerClient(),
) {
  return client.call<TrackerFeatureRequestList>(`/api/tracker/feature-requests${query(params)}`);
}

export function listSuggestions(
  params: Record<string, string | number | undefined> = {},
  client = new TrackerClient(),
) {
  return client.call<ProjectSuggestionList>(`/api/tracker/project-suggestions${query(params)}`);
}

export function listActivity(params: Record<string, string | number | undefined> = {}) {
  return new TrackerClient().call<ActivityList>(`/api/tracker/activity${query(params)}`);
}

export async function trackerStats(): Promise<TrackerStats> {
  const answer = await new TrackerClient().call<TrackerStats>('/api/tracker/stats');
  if (answer.status !== 200) throw new Error(`stats: ${answer.status}`);
  return answer.body.data;
}

/**
 * Waits until the current rate-limit window has at least `margin` seconds left, so a test that
 * fills a window is not split across two fixed windows.
 */
export async function awayFromWindowEdge(windowSeconds = 600, margin = 15): Promise<void> {
  const left = windowSeconds - ((Date.now() / 1000) % windowSeconds);
  if (left < margin) await new Promise((resolve) => setTimeout(resolve, left * 1000 + 1000));
}
