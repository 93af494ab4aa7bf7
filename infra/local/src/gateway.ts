import { randomUUID } from 'node:crypto';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type {
  APIGatewayProxyEventV2,
  APIGatewayProxyResultV2,
  APIGatewayProxyStructuredResultV2,
  Context,
} from 'aws-lambda';
import { registerRouteAccess } from '@hatchworks/functions/http/access';
import {
  ROUTE_TIMEOUT_SECONDS,
  ROUTES,
  routeAccessLevels,
  routeKey,
  type RouteDefinition,
} from '@hatchworks/shared/routes';

// On Lambda each bundle carries its own route's access level; here one process serves every
// route, so the access guard gets them all from the manifest.
registerRouteAccess(routeAccessLevels());

const HANDLERS_DIR = fileURLToPath(new URL('../../../functions/src/handlers/', import.meta.url));

type LambdaHandler = (
  event: APIGatewayProxyEventV2,
  context: Context,
) => Promise<APIGatewayProxyResultV2>;

interface CompiledRoute {
  readonly route: RouteDefinition;
  readonly pattern: RegExp;
  readonly params: readonly string[];
  /** Higher is more specific: API Gateway prefers static segments, then variables, then greedy. */
  readonly rank: number[];
}

function compile(route: RouteDefinition): CompiledRoute {
  const params: string[] = [];
  const rank: number[] = [];
  const source = route.path
    .split('/')
    .slice(1)
    .map((segment) => {
      const greedy = /^\{(\w+)\+\}$/.exec(segment);
      if (greedy?.[1]) {
        params.push(greedy[1]);
        rank.push(0);
        return '(.+)';
      }
      const variable = /^\{(\w+)\}$/.exec(segment);
      if (variable?.[1]) {
        params.push(variable[1]);
        rank.push(1);
        return '([^/]+)';
      }
      rank.push(2);
      return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return { route, pattern: new RegExp(`^/${source}$`), params, rank };
}

const byRank = (a: CompiledRoute, b: CompiledRoute) => {
  for (let i = 0; i < Math.max(a.rank.length, b.rank.length); i += 1) {
    const diff = (b.rank[i] ?? -1) - (a.rank[i] ?? -1);
    if (diff !== 0) return diff;
  }
  return (a.route.method === 'ANY' ? 1 : 0) - (b.route.method === 'ANY' ? 1 : 0);
};

const COMPILED = ROUTES.map((route) => compile(route)).sort(byRank);

/** The route keys the local gateway serves: exactly the manifest's. */
export const localRouteKeys = (): string[] => COMPILED.map(({ route }) => routeKey(route));

/** The manifest route a request reaches, as API Gateway would pick it, with its path variables. */
export function matchRoute(
  method: string,
  path: string,
): { route: RouteDefinition; pathParameters: Record<string, string> } | undefined {
  for (const compiled of COMPILED) {
    if (compiled.route.method !== 'ANY' && compiled.route.method !== method) continue;
    const match = compiled.pattern.exec(path);
    if (!match) continue;
    const pathParameters: Record<string, string> = {};
    compiled.params.forEach((name, index) => {
      const raw = match[index + 1] ?? '';
      pathParameters[name] = safeDecode(raw);
    });
    return { route: compiled.route, pathParameters };
  }
  return undefined;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

const loaded = new Map<string, Promise<LambdaHandler>>();

/** Imports a handler module once, like a warm Lambda keeps its module scope. */
function loadHandler(route: RouteDefinition): Promise<LambdaHandler> {
  let handler = loaded.get(route.handler);
  if (!handler) {
    const url = pathToFileURL(`${HANDLERS_DIR}${route.handler}.ts`).href;
    handler = import(url).then((module: { handler?: LambdaHandler }) => {
      if (typeof module.handler !== 'function')
        throw new Error(`${route.handler} exports no handler`);
      return module.handler;
    });
    loaded.set(route.handler, handler);
  }
  return handler;
}

export interface GatewayRequest {
  readonly method: string;
  readonly url: URL;
  /** Header names in lower case; repeated headers joined with ',' as API Gateway does. */
  readonly headers: Record<string, string>;
  readonly body: Buffer;
  readonly sourceIp: string;
}

export interface GatewayResponse {
  readonly status: number;
  readonly headers: Record<string, string | string[]>;
  readonly body: Buffer;
}

function queryParameters(url: URL): Record<string, string> | undefined {
  const result: Record<string, string> = {};
  for (const [name, value] of url.searchParams) {
    result[name] = result[name] === undefined ? value : `${result[name]},${value}`;
  }
  return Object.keys(result).length > 0 ? result : undefined;
}

/**
 * Headers only CloudFront may set on AWS (the viewer's address, the origin secret). Nothing stands
 * in front of the local gateway, so a caller sending them would pose as another client: they are
 * dropped, so per-client limits key on the socket's address (`clientIp` believes the viewer
 * header only behind the origin lock).
 */
export const CLOUDFRONT_ONLY_HEADERS = ['cloudfront-viewer-address', 'x-origin-verify'] as const;

const TEXT_TYPES = /^(application\/(json|.*\+json|x-www-form-urlencoded|xml)|text\/)/;

function buildEvent(
  request: GatewayRequest,
  route: RouteDefinition,
  pathParameters: Record<string, string>,
  requestId: string,
): APIGatewayProxyEventV2 {
  const now = new Date();
  const isText = TEXT_TYPES.test(request.headers['content-type'] ?? 'application/json');
  const hasBody = request.body.byteLength > 0;
  const cookies = request.headers.cookie?.split(/;\s*/).filter(Boolean);
  const headers = { ...request.headers };
  delete headers.cookie;
  for (const name of CLOUDFRONT_ONLY_HEADERS) delete headers[name];
  return {
    version: '2.0',
    routeKey: routeKey(route),
    rawPath: request.url.pathname,
    rawQueryString: request.url.search.replace(/^\?/, ''),
    ...(cookies?.length ? { cookies } : {}),
    headers,
    queryStringParameters: queryParameters(request.url),
    pathParameters: Object.keys(pathParameters).length > 0 ? pathParameters : undefined,
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: request.headers.host ?? 'localhost',
      domainPrefix: (request.headers.host ?? 'localhost').split('.')[0] ?? 'localhost',
      http: {
        method: request.method,
        path: request.url.pathname,
        protocol: 'HTTP/1.1',
        sourceIp: request.sourceIp,
        userAgent: request.headers['user-agent'] ?? '',
      },
      requestId,
      routeKey: routeKey(route),
      stage: '$default',
      time: now.toUTCString(),
      timeEpoch: now.getTime(),
    },
    ...(hasBody
      ? {
          body: isText ? request.body.toString('utf8') : request.body.toString('base64'),
          isBase64Encoded: !isText,
        }
      : { isBase64Encoded: false }),
  };
}

/**
 * The handlers' time limit locally: API Gateway's 30-second integration limit rather than the
 * functions' own (`ROUTE_TIMEOUT_SECONDS`). On AWS each request has a Lambda to itself; here one
 * process serves every request at once, so a burst (an egg storm, a busy test run) stretches
 * each request far beyond what its function would take alone, and the functions' limit would
 * cut short requests that would finish on AWS. Tests of the limit set a short one.
 */
export const DEFAULT_FUNCTION_TIMEOUT_MS = Math.max(ROUTE_TIMEOUT_SECONDS, 30) * 1000;

function lambdaContext(route: RouteDefinition, deadline: number): Context {
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName: `local-${route.id}`,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:local-${route.id}`,
    memoryLimitInMB: '512',
    awsRequestId: randomUUID(),
    logGroupName: `/aws/lambda/local-${route.id}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

/** Turns a payload-2.0 result into an HTTP response the way API Gateway does. */
function toResponse(result: APIGatewayProxyResultV2): GatewayResponse {
  if (typeof result === 'string' || !('statusCode' in (result as object))) {
    const body = typeof result === 'string' ? result : JSON.stringify(result);
    return {
      status: 200,
      headers: { 'content-type': 'application/json' },
      body: Buffer.from(body),
    };
  }
  const structured = result as APIGatewayProxyStructuredResultV2;
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(structured.headers ?? {})) {
    headers[name.toLowerCase()] = String(value);
  }
  if (structured.cookies?.length) headers['set-cookie'] = structured.cookies;
  const body = structured.body ?? '';
  return {
    status: structured.statusCode ?? 200,
    headers,
    body: Buffer.from(body, structured.isBase64Encoded ? 'base64' : 'utf8'),
  };
}

const notFound = (): GatewayResponse => ({
  status: 404,
  headers: { 'content-type': 'application/json' },
  body: Buffer.from(JSON.stringify({ message: 'Not Found' })),
});

const internalServerError = (): GatewayResponse => ({
  status: 500,
  headers: { 'content-type': 'application/json' },
  body: Buffer.from(JSON.stringify({ message: 'Internal Server Error' })),
});

/** The function's time limit ran out before its handler answered. */
class FunctionTimedOut extends Error {}

/**
 * Serves one `/api/*` request like API Gateway's HTTP API: picks the manifest route, builds the
 * payload-2.0 event, invokes the real handler and converts its answer. The handler's context
 * counts down to the function's time limit (`timeoutMs`); a handler that throws or has not
 * answered by then is a 500, as a crashed or timed-out Lambda is to API Gateway. A timed-out
 * handler is not stopped, as Lambda's frozen work may also complete later.
 */
export async function invoke(
  request: GatewayRequest,
  timeoutMs: number = DEFAULT_FUNCTION_TIMEOUT_MS,
): Promise<GatewayResponse> {
  // API Gateway's id of the request: in the event and, on every answer, `apigw-requestid`.
  const requestId = randomUUID();
  const response = await dispatch(request, requestId, timeoutMs);
  return { ...response, headers: { ...response.headers, 'apigw-requestid': requestId } };
}

async function dispatch(
  request: GatewayRequest,
  requestId: string,
  timeoutMs: number,
): Promise<GatewayResponse> {
  const match = matchRoute(request.method, request.url.pathname);
  if (!match) return notFound();
  const handler = await loadHandler(match.route);
  const deadline = Date.now() + timeoutMs;
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new FunctionTimedOut()), timeoutMs);
  });
  try {
    const event = buildEvent(request, match.route, match.pathParameters, requestId);
    const invocation = handler(event, lambdaContext(match.route, deadline));
    return toResponse(await Promise.race([invocation, timedOut]));
  } catch (error) {
    const route = routeKey(match.route);
    if (error instanceof FunctionTimedOut) {
      console.error(`[gateway] ${route} timed out after ${timeoutMs} ms`);
    } else {
      console.error(`[gateway] ${route} crashed:`, error);
    }
    return internalServerError();
  } finally {
    clearTimeout(timer);
  }
}
