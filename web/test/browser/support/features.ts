import { randomUUID } from 'node:crypto';
import type { Feature, VoteResult } from '@hatchworks/shared/schemas/features';
import type { Project } from '@hatchworks/shared/schemas/projects';
import type { AuthResult, User } from '@hatchworks/shared/schemas/users';
import { DEMO, loginUser } from './accounts';
import { siteUrl } from './browser';

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

/** The seeded demo admin's session (README, Admins). */
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
