import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import type { AuthResult } from '@hatchworks/shared/schemas/users';
import { api } from './api';

/** Registers a fresh user over HTTP and answers its user and token. */
export async function registerUser(
  overrides: Record<string, unknown> = {},
): Promise<AuthResult & { password: string }> {
  const password = 'correct horse battery';
  const email = `u-${randomUUID()}@example.test`;
  const answer = await api<{ data: AuthResult }>('/api/auth/register', {
    method: 'POST',
    json: { email, password, ...overrides },
  });
  if (answer.status !== 201)
    throw new Error(`register failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return { ...answer.body.data, password };
}

/** Grants the admin role straight in the table, as the operator command does. */
export async function grantAdmin(userId: string): Promise<void> {
  process.env.TABLE_NAME = inject('tableName');
  process.env.DYNAMODB_ENDPOINT = inject('dynamoEndpoint');
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  const { setRole } = await import('@hatchworks/functions/data/users-repository');
  await setRole(userId, 'admin');
}

/** A fresh admin: registered, then granted the role. */
export async function registerAdmin(): Promise<AuthResult & { password: string }> {
  const admin = await registerUser();
  await grantAdmin(admin.user.id);
  return { ...admin, user: { ...admin.user, role: 'admin' } };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
