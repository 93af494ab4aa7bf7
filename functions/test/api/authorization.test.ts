import { beforeAll, describe, expect, it } from 'vitest';
import { ROUTES, type RouteDefinition } from '@hatchworks/shared/routes';
import { api } from '../../../test/support/api';
import { bearer, registerAdmin, registerUser } from '../../../test/support/accounts';

const CHECKED = ROUTES.filter((route) => route.method !== 'ANY') as readonly RouteDefinition[];

function concretePath(route: RouteDefinition): string {
  // `{key}` is a group key on GET and a project id on writes.
  return route.path.replace(
    '{key}',
    route.method === 'GET' ? 'web-applications' : '01ARZ3NDEKTSV4RRFFQ69G5FAV',
  );
}

async function call(route: RouteDefinition, token?: string) {
  return api(concretePath(route), {
    method: route.method,
    headers: token ? bearer(token) : {},
    ...(route.method === 'POST' || route.method === 'PUT' ? { json: {} } : {}),
  });
}

/** Routes whose call ends the caller's account or sessions: they get accounts of their own. */
const ENDS_THE_ACCOUNT = new Set(['DELETE /api/user/delete-account', 'DELETE /api/user/sessions']);

describe('authorization over every route of the manifest', () => {
  let shared: { user: { token: string }; admin: { token: string } };

  beforeAll(async () => {
    // One user and one admin serve every route but those that end the account: registering
    // (two password hashes each) per route would take most of this file's time.
    const [user, admin] = await Promise.all([registerUser(), registerAdmin()]);
    shared = { user, admin };
  });

  it.each(CHECKED.map((route) => [`${route.method} ${route.path}`, route] as const))(
    '%s answers anonymous, user and admin callers as its access level says',
    async (key, route) => {
      const { user, admin } = ENDS_THE_ACCOUNT.has(key)
        ? { user: await registerUser(), admin: await registerAdmin() }
        : shared;

      const anonymous = await call(route);
      const asUser = await call(route, user.token);
      const asAdmin = await call(route, admin.token);

      const outcome = (status: number) =>
        status === 401 || status === 403 ? status : status < 500 ? 'allowed' : status;
      expect({
        anonymous: outcome(anonymous.status),
        user: outcome(asUser.status),
        admin: outcome(asAdmin.status),
      }).toEqual({
        anonymous: route.access === 'public' ? 'allowed' : 401,
        user: route.access === 'admin' ? 403 : 'allowed',
        admin: 'allowed',
      });
    },
  );

  it('refuses a token that is forged, expired in form or of a deleted account with 401', async () => {
    const user = await registerUser();
    const [header = '', payload = ''] = user.token.split('.');
    const forged = `${header}.${payload}.${'A'.repeat(43)}`;

    expect((await api('/api/user/profile', { headers: bearer(forged) })).status).toBe(401);
    expect((await api('/api/user/profile', { headers: bearer('not-a-jwt') })).status).toBe(401);
    expect(
      (await api('/api/user/profile', { headers: { authorization: 'Basic abc' } })).status,
    ).toBe(401);

    await api('/api/user/delete-account', { method: 'DELETE', headers: bearer(user.token) });
    expect((await api('/api/user/profile', { headers: bearer(user.token) })).status).toBe(401);
  });

  it('checks the admin role before validating the body', async () => {
    const user = await registerUser();

    const answer = await api('/api/projects', {
      method: 'POST',
      headers: bearer(user.token),
      body: '{not json',
    });

    expect(answer.status).toBe(403);
  });
});
