import type { MiddlewareObj } from '@middy/core';
import type {
  APIGatewayProxyEventV2,
  APIGatewayProxyStructuredResultV2,
  Context,
} from 'aws-lambda';
import type { Access } from '@hatchworks/shared/routes';
import type { StoredUser } from '../modules/accounts/users-repository';
import { ForbiddenError, UnauthorizedError } from '../lib/errors';
import type { VerifiedToken } from '../lib/tokens';

/** Who is calling: the verified token and the stored user it resolves to, when there is one. */
export interface Caller {
  readonly token?: VerifiedToken;
  readonly user?: StoredUser;
}

/** Finds the caller of a request (see identify.ts); only authenticated handlers carry one. */
export type Identify = (event: APIGatewayProxyEventV2) => Promise<Caller>;

export type CallerContext = Context & { caller?: () => Promise<Caller> };

/**
 * On AWS, the function's own route and its access level, written into its bundle from the
 * manifest when the CDK bundles it (`define` in infra/aws/constructs/app-function.ts); undefined
 * anywhere else. The manifest itself stays out of the bundles (~6 KB each).
 */
declare const HATCHWORKS_ROUTE_KEY: string | undefined;
declare const HATCHWORKS_ROUTE_ACCESS: Access | undefined;

let registered: ReadonlyMap<string, Access> | undefined;

/**
 * Gives the access level of every route, from the manifest, to a process that serves them all
 * (the local stack's gateway, the tests).
 */
export function registerRouteAccess(levels: ReadonlyMap<string, Access>): void {
  registered = levels;
}

/**
 * A route's access level from the manifest: the one compiled into the bundle, else the registered
 * ones. A route found in neither, or a request for another route than the bundle's, is a
 * deployment error and fails closed.
 */
export function accessOf(key: string): Access {
  if (
    typeof HATCHWORKS_ROUTE_ACCESS !== 'undefined' &&
    typeof HATCHWORKS_ROUTE_KEY !== 'undefined'
  ) {
    if (HATCHWORKS_ROUTE_KEY !== key) {
      throw new Error(`This function serves ${HATCHWORKS_ROUTE_KEY}, not ${key}`);
    }
    return HATCHWORKS_ROUTE_ACCESS;
  }
  const access = registered?.get(key);
  if (!access) throw new Error(`Route ${key} is not in the route manifest`);
  return access;
}

/**
 * Enforces the manifest's access level before anything else runs: 401 without a valid token of a
 * live user, 403 for non-admins on admin routes. On public routes the caller is identified only
 * if the handler asks. A protected route whose handler has no `identify` fails closed (500), so a
 * wrong handler factory can never open a route. `allowUnlinkedIdentity` lets a valid IdP token
 * through before its user exists (verify-user creates it).
 */
export const accessGuard = (
  identify: Identify | undefined,
  options: { allowUnlinkedIdentity?: boolean } = {},
): MiddlewareObj<
  APIGatewayProxyEventV2,
  APIGatewayProxyStructuredResultV2,
  Error,
  CallerContext
> => ({
  before: async (request) => {
    const key = request.event.routeKey;
    const access = accessOf(key);
    let identified: Promise<Caller> | undefined;
    request.context.caller = () =>
      (identified ??= identify ? identify(request.event) : Promise.resolve({}));
    if (access === 'public') return;
    if (!identify)
      throw new Error(`Route ${key} is ${access}-only but its handler cannot identify callers`);
    const caller = await request.context.caller();
    const allowed = caller.user ?? (options.allowUnlinkedIdentity && caller.token?.kind === 'idp');
    if (!caller.token || !allowed) throw new UnauthorizedError();
    if (access === 'admin' && caller.user?.role !== 'admin') {
      throw new ForbiddenError('Administrator access required.');
    }
  },
});
