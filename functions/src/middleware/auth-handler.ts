import type * as z from 'zod/mini';
import { httpHandler, type RouteSpec } from './http-handler';
import { identify } from './identify';

/**
 * The standard chain for routes that know their caller: every 'user' and 'admin' route, and
 * public routes that answer differently to signed-in users. It adds token verification and the
 * user lookup, which public routes without it leave out of their bundles.
 */
export function authHandler<
  BodySchema extends z.ZodMiniType | undefined = undefined,
  QuerySchema extends z.ZodMiniType | undefined = undefined,
  ParamsSchema extends z.ZodMiniType | undefined = undefined,
  Data = unknown,
>(spec: RouteSpec<BodySchema, QuerySchema, ParamsSchema, Data>) {
  return httpHandler({ ...spec, identify });
}
