import { randomUUID } from 'node:crypto';
import type { Feature, VoteResult } from '@hatchworks/shared/schemas/features';
import type { Project } from '@hatchworks/shared/schemas/projects';
import type { AuthResult, User } from '@hatchworks/shared/schemas/users';
import type { Locator, Page } from 'playwright-core';
import { DEMO, loginUser } from './accounts';
import { siteUrl, type OpenPageOptions, type useBrowser } from './browser';

interface CallOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  token?: string;
  body?: unknown;
}

/** One API call of the test's own (not the browser's); throws unless the answer is 2xx. */
export async function apiData<T>(path: string, options: CallOptions = {}): Promise<T> {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(siteUrl(path), {
    method: options.method ?? 'GET',
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const json = (await response.json()) as { data: T };
  if (!response.ok) {
    throw new Error(
      `${options.method ?? 'GET'} ${path}: ${response.status} ${JSON.stringify(json)}`,
    );
  }
  return json.data;
}

/** The seeded demo admin's session (README, "Demo accounts"). */
export const loginAdmin = (): Promise<AuthResult> =>
  loginUser(DEMO.admin.email, DEMO.admin.password);

/** A fresh project of its own, so a test never depends on what else the table holds. */
export function createProject(
  adminToken: string,
  fields: { title?: string; group_name?: string } = {},
): Promise<Project> {
  return apiData<Project>('/api/projects', {
    method: 'POST',
    token: adminToken,
    body: {
      title: `Test Nest ${randomUUID().slice(0, 8)}`,
      group_name: 'Web Applications',
      ...fields,
    },
  });
}

/** A valid create-feature payload for `projectId`, with a unique title. */
export const featureInput = (projectId: string, overrides: Record<string, unknown> = {}) => ({
  title: `Feature ${randomUUID().slice(0, 8)}`,
  description: 'Let users export their data as CSV.',
  feature_type: 'new_feature',
  project_id: projectId,
  tags: ['export', 'csv'],
  ...overrides,
});

/** A pending feature request created by `token`'s user (costs them 100 eggs). */
export function createFeature(
  token: string,
  projectId: string,
  overrides: Record<string, unknown> = {},
): Promise<Feature> {
  return apiData<Feature>('/api/features', {
    method: 'POST',
    token,
    body: featureInput(projectId, overrides),
  });
}

/** `POST /api/admin/features/{id}/approve` as the admin. */
export function approveFeature(adminToken: string, id: string, notes?: string): Promise<Feature> {
  return apiData<Feature>(`/api/admin/features/${encodeURIComponent(id)}/approve`, {
    method: 'POST',
    token: adminToken,
    body: notes === undefined ? {} : { notes },
  });
}

/** `POST /api/admin/features/{id}/reject` as the admin (refunds the author's 100 eggs). */
export function rejectFeature(adminToken: string, id: string, notes?: string): Promise<Feature> {
  return apiData<Feature>(`/api/admin/features/${encodeURIComponent(id)}/reject`, {
    method: 'POST',
    token: adminToken,
    body: notes === undefined ? {} : { notes },
  });
}

/** A feature request created by `token`'s user and approved by the admin. */
export async function createApprovedFeature(
  token: string,
  adminToken: string,
  projectId: string,
  overrides: Record<string, unknown> = {},
): Promise<Feature> {
  const feature = await createFeature(token, projectId, overrides);
  return approveFeature(adminToken, feature.id);
}

/** Allocates `eggs` of `token`'s user to an approved feature. */
export function voteOn(token: string, featureId: string, eggs: number): Promise<VoteResult> {
  return apiData<VoteResult>('/api/features/vote', {
    method: 'POST',
    token,
    body: { feature_id: featureId, eggs_allocated: eggs },
  });
}

/** A feature as the API answers it to `token`'s user now. */
export const featureOf = (token: string, id: string): Promise<Feature> =>
  apiData<Feature>(`/api/features/${encodeURIComponent(id)}`, { token });

/** The user behind `token` as the API answers it now (balance, stats). */
export const profileOf = (token: string): Promise<User> =>
  apiData<User>('/api/user/profile', { token });

/**
 * `path` opened signed in as `auth`, in one page load: the session is stored the way a login
 * stores it before the app starts, once (a later sign-out stays signed out).
 */
export async function openSignedIn(
  browser: ReturnType<typeof useBrowser>,
  auth: AuthResult,
  path: string,
  options: OpenPageOptions = {},
): Promise<Page> {
  const state = { user: await profileOf(auth.token), token: auth.token };
  return browser.openPage(path, {
    ...options,
    prepare: async (page) => {
      await page.addInitScript((session) => {
        // Init scripts run on every navigation; the tab's session storage marks the first.
        if (sessionStorage.getItem('test-session-stored') !== null) return;
        sessionStorage.setItem('test-session-stored', 'yes');
        localStorage.setItem(
          'featureRequestAuth',
          JSON.stringify({ user: session.user, token: session.token, authenticated: true }),
        );
        localStorage.setItem('token', session.token);
      }, state);
      await options.prepare?.(page);
    },
  });
}

/** The list of feature cards once it has loaded (its name says the filter, e.g. 'All ...'). */
export async function featureList(page: Page): Promise<Locator> {
  const list = page.getByRole('list', { name: / feature requests$/ });
  await list.waitFor();
  return list;
}

/** Waits until the list has loaded, whether it shows cards or the empty state. */
export async function listSettled(page: Page): Promise<void> {
  await page
    .getByRole('list', { name: / feature requests$/ })
    .or(page.getByRole('heading', { name: 'No features yet' }))
    .waitFor();
}

/**
 * The card of the request titled `title`, pressing 'Load More Features' until it shows: the
 * shared table holds other tests' requests, so it may not be on the first page.
 */
export async function findFeatureCard(page: Page, title: string): Promise<Locator> {
  const list = await featureList(page);
  // A list shown from the cache (after a filter change or a moderation) refetches in the
  // background: read it once that has settled, or a card that is about to appear is missed.
  await page.waitForLoadState('networkidle');
  const card = list.getByRole('article', { name: title, exact: true });
  const more = page.getByRole('button', { name: 'Load More Features' });
  for (;;) {
    if ((await card.count()) > 0) return card;
    if ((await more.count()) === 0) throw new Error(`No card titled ${title}`);
    const shown = await list.getByRole('article').count();
    await more.click();
    await list.getByRole('article').nth(shown).waitFor();
  }
}

/** The status filter's buttons by label, and which one is pressed. */
export async function filterState(page: Page): Promise<{ labels: string[]; pressed: string[] }> {
  const group = page.getByRole('group', { name: 'Filter by status' });
  await group.waitFor();
  const buttons = await group.getByRole('button').all();
  const labels = await Promise.all(buttons.map((button) => button.innerText()));
  const states = await Promise.all(buttons.map((button) => button.getAttribute('aria-pressed')));
  return { labels, pressed: labels.filter((_, index) => states[index] === 'true') };
}
