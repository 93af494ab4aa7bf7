import type * as z from 'zod/mini';
import type { RouteContract } from '@hatchworks/shared/contract';
import { httpHandler, type ContractSchema, type RouteSpec } from './http-handler';
import { identify } from './identify';

/**
 * The standard chain for routes that know their caller: every 'user' and 'admin' route, and
 * public routes that answer differently to signed-in users. It adds token verification and the
 * user lookup, which public routes without it leave out of their bundles.
 */
export function authHandler<
  Route extends RouteContract | undefined = undefined,
  BodySchema extends z.ZodMiniType | undefined = ContractSchema<Route, 'body'>,
  QuerySchema extends z.ZodMiniType | undefined = ContractSchema<Route, 'query'>,
  ParamsSchema extends z.ZodMiniType | undefined = ContractSchema<Route, 'params'>,
  Data = unknown,
>(spec: RouteSpec<Route, BodySchema, QuerySchema, ParamsSchema, Data>) {
  return httpHandler({ ...spec, identify });
}
