import { TIMING } from '@hatchworks/shared/constants';
import { routePath, type PathVariables, type RouteContract } from '@hatchworks/shared/contract';
import {
  ErrorEnvelopeSchema,
  pageEnvelope,
  successEnvelope,
} from '@hatchworks/shared/schemas/envelope';
import * as z from '@hatchworks/shared/zod';
import {
  ApiError,
  mapHttpError,
  networkError,
  timeoutError,
  unexpectedResponseError,
} from './api-error';
import { KEYED_RETRY, isUndecided, pause, retryAfterMs } from './keyed-retry';

/** Anything with zod's `safeParse`, so callers pass the shared schemas directly. */
export interface ResponseSchema<T> {
  safeParse(input: unknown): { success: true; data: T } | { success: false; error: unknown };
}

/**
 * Supplies the bearer token of the signed-in user: the app registers one at start-up with
 * {@link setAccessTokenProvider}; until then every call goes out without a token.
 */
export type AccessTokenProvider = () => Promise<string | null | undefined>;

interface ApiClientSettings {
  /** Prefix of every API path, from `/config.json` (`apiBaseUrl`). */
  baseUrl: string;
  timeoutMs: number;
}

let settings: ApiClientSettings = { baseUrl: '/api', timeoutMs: TIMING.apiTimeoutMs };
let accessTokenProvider: AccessTokenProvider | undefined;

/** Called once at start-up with the runtime config. */
export function configureApiClient(next: Partial<ApiClientSettings>): void {
  settings = { ...settings, ...next };
}

let authRejected: (() => void) | undefined;

/**
 * Hook point for auth: told when the API refused the token the session still holds (401), so
 * the session ended elsewhere (a password change, "sign out everywhere" in another tab).
 */
export function setAuthRejectedHandler(handler: (() => void) | undefined): void {
  authRejected = handler;
}

/** Hook point for auth: the provider is asked for a token before every call. */
export function setAccessTokenProvider(provider: AccessTokenProvider | undefined): void {
  accessTokenProvider = provider;
}

export interface ApiRequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Readonly<Record<string, string | number | boolean | undefined>>;
  body?: unknown;
  /** Schema of the whole success envelope, e.g. `successEnvelope(HomepageSchema)`. */
  schema: ResponseSchema<T>;
  /** Shown when a 2xx answer does not match `schema` (the screen's fallback message). */
  fallbackMessage: string;
  /** Cancels the call, e.g. TanStack Query's signal when a query is dropped. */
  signal?: AbortSignal;
  /** Overrides the 10 s default, e.g. verify-user's 15 s per attempt. */
  timeoutMs?: number;
  /** Extra request headers, e.g. `Idempotency-Key` on money-moving POSTs. */
  headers?: Readonly<Record<string, string>>;
}

/** A failing token fetch does not stop the call: it goes out anonymously. */
async function bearerToken(): Promise<string | undefined> {
  if (!accessTokenProvider) return undefined;
  try {
    return (await accessTokenProvider()) ?? undefined;
  } catch {
    return undefined;
  }
}

function buildUrl(path: string, query: ApiRequestOptions<unknown>['query']): string {
  const base = settings.baseUrl.replace(/\/+$/, '');
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) search.set(key, String(value));
  }
  const qs = search.toString();
  return `${base}/${path.replace(/^\/+/, '')}${qs ? `?${qs}` : ''}`;
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return JSON.parse(await response.text()) as unknown;
  } catch {
    return undefined;
  }
}

/** What one attempt got: an HTTP answer and its JSON body (undefined when not JSON). */
interface Answered {
  readonly response: Response;
  readonly body: unknown;
  /** The bearer token the attempt carried. */
  readonly token: string | undefined;
}

/** One attempt: throws an `ApiError` when no answer came, or the caller's own cancellation. */
async function send(path: string, options: ApiRequestOptions<unknown>): Promise<Answered> {
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), options.timeoutMs ?? settings.timeoutMs);
  const signal = options.signal
    ? AbortSignal.any([options.signal, timeout.signal])
    : timeout.signal;
  const headers = new Headers({ ...options.headers, Accept: 'application/json' });
  const token = await bearerToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  if (options.body !== undefined) headers.set('Content-Type', 'application/json');

  try {
    const response = await fetch(buildUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal,
    });
    return { response, body: await readJson(response), token };
  } catch (error) {
    if (timeout.signal.aborted) throw timeoutError(error);
    // A caller's own cancellation is not a failure to report; pass it through untouched.
    if (options.signal?.aborted) throw error;
    throw networkError(error);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Tells auth when the API refused the token the session still holds (401): the session ended
 * elsewhere. A token replaced meanwhile (a new one after a password change) ends nothing.
 */
async function noticeRefusedToken({ response, token }: Answered): Promise<void> {
  if (response.status === 401 && token && token === (await bearerToken())) authRejected?.();
}

/** The checked envelope of an answer, or its failure as an `ApiError`. */
function read<T>({ response, body }: Answered, options: ApiRequestOptions<T>): T {
  if (!response.ok) {
    throw mapHttpError({ status: response.status, statusText: response.statusText, body });
  }
  const parsed = options.schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const failure = ErrorEnvelopeSchema.safeParse(body);
  throw unexpectedResponseError(
    response.status,
    failure.success ? failure.data.error : options.fallbackMessage,
    parsed.error,
  );
}

/**
 * One call to the product's API: JSON in and out, bearer token when there is one, a 10 s timeout,
 * and every failure thrown as an `ApiError` with the catalogue's message and code. A call with an
 * `Idempotency-Key` is repeated with the same key when no definite answer came (`KEYED_RETRY`),
 * after the pause the answer's `Retry-After` asks for.
 */
export async function apiRequest<T>(path: string, options: ApiRequestOptions<T>): Promise<T> {
  const keyed = new Headers(options.headers).has('Idempotency-Key');
  const attempts = keyed ? KEYED_RETRY.attempts : 1;
  for (let attempt = 1; ; attempt += 1) {
    const last = attempt >= attempts;
    let answered: Answered;
    try {
      answered = await send(path, options);
    } catch (error) {
      if (last || !(error instanceof ApiError)) throw error;
      await pause(KEYED_RETRY.defaultDelayMs, options.signal);
      continue;
    }
    if (last || !isUndecided(answered.response.status)) {
      await noticeRefusedToken(answered);
      return read(answered, options);
    }
    await pause(retryAfterMs(answered.response.headers.get('Retry-After')), options.signal);
  }
}

type Output<S> = S extends z.ZodMiniType ? z.output<S> : unknown;

/** The success envelope of a route: its `data`, and `next_cursor` on a page. */
export type Answer<R extends RouteContract> = R extends { readonly page: true }
  ? { success: true; data: Output<R['data']>; next_cursor: string | null }
  : { success: true; data: Output<R['data']> };

/** The path variables of a route, required when its path has any. */
type ParamsOf<R extends RouteContract> = [PathVariables<R['path']>] extends [never]
  ? { params?: undefined }
  : { params: Readonly<Record<PathVariables<R['path']>, string>> };

/** The body of a route as its schema takes it, required unless the schema allows none. */
type BodyOf<R extends RouteContract> = R extends { readonly body: infer S extends z.ZodMiniType }
  ? undefined extends z.input<S>
    ? { body?: z.input<S> }
    : { body: z.input<S> }
  : { body?: undefined };

/** The query parameters a route reads. */
type QueryOf<R extends RouteContract> = R extends { readonly query: infer S extends z.ZodMiniType }
  ? { query?: { readonly [K in keyof z.input<S>]?: string | number | boolean | undefined } }
  : { query?: undefined };

/** One call of a route: its path variables, query and body, and how to call it. */
export type ApiCall<R extends RouteContract, T> = ParamsOf<R> &
  BodyOf<R> &
  QueryOf<R> &
  Omit<ApiRequestOptions<T>, 'method' | 'query' | 'body' | 'schema'> & {
    /** A schema of the envelope in place of the route's own (e.g. a lenient one for a picker). */
    schema?: ResponseSchema<T>;
  };

const answerSchemas = new WeakMap<RouteContract, ResponseSchema<unknown>>();

/** The envelope schema of a route's answer, built once per route. */
function answerSchema(route: RouteContract): ResponseSchema<unknown> {
  let schema = answerSchemas.get(route);
  if (!schema) {
    const data = route.data ?? z.unknown();
    schema = route.page ? pageEnvelope(data) : successEnvelope(data);
    answerSchemas.set(route, schema);
  }
  return schema;
}

/**
 * Calls one API operation by its contract (`@hatchworks/shared/contracts/<domain>`): the path
 * comes from the route with its variables filled in and encoded, and the answer is checked
 * against the route's data schema, e.g. `api(voteFeature, { body, fallbackMessage })`.
 */
export function api<R extends RouteContract, T = Answer<R>>(
  route: R,
  call: ApiCall<R, T>,
): Promise<T> {
  const { params, body, query, schema, ...options } = call as ApiCall<RouteContract, T> & {
    params?: Readonly<Record<string, string>>;
    body?: unknown;
    query?: ApiRequestOptions<T>['query'];
  };
  // Paths in the contract carry the API's own prefix; the configured base URL stands for it.
  const path = routePath(route, params).replace(/^\/api(?=\/)/, '');
  return apiRequest(path, {
    ...options,
    method: route.method as ApiRequestOptions<T>['method'],
    query,
    body,
    schema: schema ?? (answerSchema(route) as ResponseSchema<T>),
  });
}
