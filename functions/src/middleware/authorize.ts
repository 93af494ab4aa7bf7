import type { MiddlewareObj } from '@middy/core';
import type {
  APIGatewayProxyEventV2,
  APIGatewayProxyStructuredResultV2,
  Context,
} from 'aws-lambda';
import { ROUTES, routeKey, type Access } from '@hatchworks/shared/routes';
import { getUserById, getUserBySubject, type StoredUser } from '../data/users-repository';
import { ForbiddenError, UnauthorizedError } from '../lib/errors';
import { isTokenRejection, verifyBearer, type VerifiedToken } from '../lib/tokens';

/** Who is calling: the verified token and the stored user it resolves to, when there is one. */
export interface Caller {
  readonly token?: VerifiedToken;
  readonly user?: StoredUser;
}

const ACCESS_BY_ROUTE = new Map<string, Access>(
  ROUTES.map((route) => [routeKey(route), route.access]),
);

/** A route's access level from the manifest; a route missing there is a deployment error. */
export function accessOf(key: string): Access {
  const access = ACCESS_BY_ROUTE.get(key);
  if (!access) throw new Error(`Route ${key} is not in the route manifest`);
  return access;
}

function bearerToken(event: APIGatewayProxyEventV2): string | undefined {
  const header = event.headers.authorization ?? event.headers.Authorization;
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match?.[1];
}

async function resolve(token: VerifiedToken): Promise<StoredUser | undefined> {
  return token.kind === 'own'
    ? getUserById(token.userId)
    : getUserBySubject(token.issuer, token.subject);
}

/** Verifies the request's bearer token, if any, and finds its user; a bad token is no caller. */
export async function identify(event: APIGatewayProxyEventV2): Promise<Caller> {
  const raw = bearerToken(event);
  if (!raw) return {};
  try {
    const token = await verifyBearer(raw);
    return token ? { token, user: await resolve(token) } : {};
  } catch (error) {
    if (isTokenRejection(error)) return {};
    throw error;
  }
}

export type CallerContext = Context & { caller?: () => Promise<Caller> };

/**
 * Enforces the manifest's access level before anything else runs: 401 without a valid token of a
 * live user, 403 for non-admins on admin routes. On public routes the caller is identified only
 * if the handler asks. `allowUnlinkedIdentity` lets a valid IdP token through before its user
 * exists (verify-user creates it).
 */
export const authorize = (
  options: { allowUnlinkedIdentity?: boolean } = {},
): MiddlewareObj<
  APIGatewayProxyEventV2,
  APIGatewayProxyStructuredResultV2,
  Error,
  CallerContext
> => ({
  before: async (request) => {
    const access = accessOf(request.event.routeKey);
    let identified: Promise<Caller> | undefined;
    request.context.caller = () => (identified ??= identify(request.event));
    if (access === 'public') return;
    const caller = await request.context.caller();
    const allowed = caller.user ?? (options.allowUnlinkedIdentity && caller.token?.kind === 'idp');
    if (!caller.token || !allowed) throw new UnauthorizedError();
    if (access === 'admin' && caller.user?.role !== 'admin') {
      throw new ForbiddenError('Administrator access required.');
    }
  },
});
