import type * as z from './zod';

/** `ANY` is used only by the catch-all that answers unknown `/api/*` paths. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'ANY';

/** Who may call a route: anyone, any signed-in user, or admins only. */
export type Access = 'public' | 'user' | 'admin';

/**
 * One API operation as both sides see it: where it is, who may call it, what it takes and what it
 * answers. The server validates with these schemas (functions/src/http/http-handler.ts), the
 * web client builds the URL and checks the answer with them (web/src/lib/api-client.ts), and the
 * route manifest (routes.ts) adds what only the deployment needs.
 *
 * Entries are plain objects exported one by one from `contracts/<domain>.ts`, so a bundle keeps
 * only the entries (and schema modules) it imports.
 */
export interface RouteContract {
  /** Unique, stable name of the operation; names the Lambda function. */
  readonly id: string;
  readonly method: HttpMethod;
  /** API Gateway path template, e.g. `/api/projects/{key}`. */
  readonly path: string;
  readonly access: Access;
  /** The path variables (`{id}`), as strings. */
  readonly params?: z.ZodMiniType;
  /** The query string's parameters, as strings. */
  readonly query?: z.ZodMiniType;
  /** The JSON body. */
  readonly body?: z.ZodMiniType;
  /**
   * The body's rules carry user-facing messages: a refused body answers 400 with the first
   * problem's message (every problem stays in `details`), and a missing body is checked as `{}`.
   * Without it a refused body answers the generic validation message.
   */
  readonly bodyMessages?: true;
  /** The `data` of the success envelope `{success: true, data}`. */
  readonly data?: z.ZodMiniType;
  /** A page of a list: the envelope carries `next_cursor` beside `data`. */
  readonly page?: true;
}

/** The names of a path template's variables: `'/a/{id}/b/{key}'` gives `'id' | 'key'`. */
export type PathVariables<Path extends string> =
  Path extends `${string}{${infer Name}}${infer Rest}`
    ? (Name extends `${infer Greedy}+` ? Greedy : Name) | PathVariables<Rest>
    : never;

/** The path of a route with its variables filled in, each URI-encoded. */
export function routePath(
  route: Pick<RouteContract, 'path'>,
  params: Readonly<Record<string, string>> = {},
): string {
  return route.path.replace(/\{(\w+)\+?\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${route.path} needs the path variable "${name}"`);
    return encodeURIComponent(value);
  });
}
