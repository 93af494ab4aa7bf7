import { TIMING } from '@hatchworks/shared/constants';
import { ErrorEnvelopeSchema } from '@hatchworks/shared/schemas/envelope';
import { mapHttpError, networkError, timeoutError, unexpectedResponseError } from './api-error';

/** Anything with zod's `safeParse`, so callers pass the shared schemas directly. */
export interface ResponseSchema<T> {
  safeParse(input: unknown): { success: true; data: T } | { success: false; error: unknown };
}

/**
 * Supplies the bearer token of the signed-in user. The auth provider registers one with
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
  /** Shown when a 2xx answer does not match `schema` (the operation's fallback message). */
  fallbackMessage: string;
  /** Cancels the call, e.g. TanStack Query's signal when a query is dropped. */
  signal?: AbortSignal;
  /** Overrides the 10 s default, e.g. verify-user's 15 s per attempt. */
  timeoutMs?: number;
  /** Extra request headers, e.g. `Idempotency-Key` on money-moving POSTs. */
  headers?: Readonly<Record<string, string>>;
}

/** A failing token fetch must not stop the call: it goes out anonymously. */
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

/**
 * One call to the product's API: JSON in and out, bearer token when there is one, a 10 s timeout,
 * and every failure thrown as an `ApiError` with the catalogue's message and code.
 */
export async function apiRequest<T>(path: string, options: ApiRequestOptions<T>): Promise<T> {
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), options.timeoutMs ?? settings.timeoutMs);
  const signal = options.signal
    ? AbortSignal.any([options.signal, timeout.signal])
    : timeout.signal;
  const headers = new Headers({ ...options.headers, Accept: 'application/json' });
  const token = await bearerToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  if (options.body !== undefined) headers.set('Content-Type', 'application/json');

  let response: Response;
  let body: unknown;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal,
    });
    body = await readJson(response);
  } catch (error) {
    if (timeout.signal.aborted) throw timeoutError(error);
    // A caller's own cancellation is not a failure to report; pass it through untouched.
    if (options.signal?.aborted) throw error;
    throw networkError(error);
  } finally {
    clearTimeout(timer);
  }

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
