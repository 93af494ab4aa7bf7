import { randomUUID } from 'node:crypto';
import type { Feature, VoteResult } from '@hatchworks/shared/schemas/features';
import type { Project } from '@hatchworks/shared/schemas/projects';
import { api } from './api';
import { bearer } from './accounts';
import { testStack } from './stack';

/** A fresh project, created by an admin over HTTP. */
export async function createProject(adminToken: string): Promise<Project> {
  const answer = await api<{ data: Project }>('/api/projects', {
    method: 'POST',
    headers: bearer(adminToken),
    json: { title: `Project ${randomUUID().slice(0, 8)}`, group_name: 'Web Applications' },
  });
  if (answer.status !== 201) throw new Error(`project: ${answer.status}`);
  return answer.body.data;
}

/** A valid create-feature payload for `projectId`. */
export const featureInput = (projectId: string, overrides: Record<string, unknown> = {}) => ({
  title: `Feature ${randomUUID().slice(0, 8)}`,
  description: 'Let users export their data as CSV.',
  feature_type: 'new_feature',
  project_id: projectId,
  tags: ['export', 'csv'],
  ...overrides,
});

export function postFeature(token: string, json: unknown, headers: Record<string, string> = {}) {
  return api<{ data: Feature; error?: string; code?: string }>('/api/features', {
    method: 'POST',
    headers: { ...bearer(token), ...headers },
    json,
  });
}

/** A pending feature created by `token`'s user. */
export async function createFeature(token: string, projectId: string): Promise<Feature> {
  const answer = await postFeature(token, featureInput(projectId));
  if (answer.status !== 201) throw new Error(`feature: ${answer.status} ${answer.body.error}`);
  return answer.body.data;
}

/** A project as stored, read straight from the table (its feature counts included). */
export async function storedProject(id: string): Promise<Project | undefined> {
  process.env.TABLE_NAME = testStack().tableName;
  process.env.DYNAMODB_ENDPOINT = testStack().dynamoEndpoint;
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  const { getProject } = await import('@hatchworks/functions/modules/projects/projects-repository');
  return getProject(id);
}

/** An approved feature created by `token`'s user and approved by the admin. */
export async function approvedFeature(
  token: string,
  adminToken: string,
  projectId: string,
): Promise<Feature> {
  const feature = await createFeature(token, projectId);
  const answer = await api<{ data: Feature }>(`/api/admin/features/${feature.id}/approve`, {
    method: 'POST',
    headers: bearer(adminToken),
    json: {},
  });
  if (answer.status !== 200) throw new Error(`approve: ${answer.status}`);
  return answer.body.data;
}

export function vote(
  token: string,
  json: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  return api<{ data: VoteResult; error?: string; code?: string }>('/api/features/vote', {
    method: 'POST',
    headers: { ...bearer(token), ...headers },
    json,
  });
}
