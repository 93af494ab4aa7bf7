import middy from '@middy/core';
import type { MiddlewareObj } from '@middy/core';
import type {
  APIGatewayProxyEventV2,
  APIGatewayProxyStructuredResultV2,
  Context,
} from 'aws-lambda';
import type * as z from 'zod/mini';
import { LIMITS } from '@hatchworks/shared/constants';
import type { RouteContract } from '@hatchworks/shared/contract';
import type { FieldError } from '@hatchworks/shared/schemas/envelope';
import { clientAddress } from '../lib/client-ip';
import { AppError, ServerBusyError, ValidationError } from '../lib/errors';
import { logger, withLogFields } from '../lib/logger';
import type { StoredUser } from '../modules/accounts/users-repository';
import { UnauthorizedError } from '../lib/errors';
import { accessGuard, type Caller, type CallerContext, type Identify } from './access';
import { errorHandler } from './error-handler';
import { originLock } from './origin-lock';
import { parseWithMessage } from './parse-with-message';
import {
  isHandlerResult,
  isRawResult,
  jsonResponse,
  type HandlerResult,
  type RawResult,
} from './response';

type Event = APIGatewayProxyEventV2;
type Result = APIGatewayProxyStructuredResultV2;
type SchemaOutput<S> = S extends z.ZodMiniType ? z.output<S> : undefined;

/** A contract's schema of one part of the request, or `undefined` where it has none. */
export type ContractSchema<R, Part extends 'body' | 'query' | 'params'> = R extends {
  readonly [P in Part]: infer S extends z.ZodMiniType;
}
  ? S
  : undefined;

/** What a route's handler receives: the validated body, query and path parameters. */
export interface RouteRequest<Body, Query, Params> {
  readonly body: Body;
  readonly query: Query;
  readonly params: Params;
  readonly event: Event;
  readonly context: Context;
  /** The verified caller, identified on first call (empty for anonymous callers). */
  readonly caller: () => Promise<Caller>;
  /** The signed-in user of a 'user' or 'admin' route (checked before the handler runs). */
  readonly user: () => Promise<StoredUser>;
}

export interface RouteSpec<
  Route extends RouteContract | undefined,
  BodySchema extends z.ZodMiniType | undefined,
  QuerySchema extends z.ZodMiniType | undefined,
  ParamsSchema extends z.ZodMiniType | undefined,
  Data,
> {
  /**
   * The operation's contract (shared/src/contracts): its body, query and path schemas validate
   * the request, and a refused body of a route with `bodyMessages` answers the first problem's
   * message.
   */
  readonly route?: Route;
  /** In place of the contract's schema: a body the handler reads itself (say why). */
  readonly body?: BodySchema;
  readonly query?: QuerySchema;
  readonly params?: ParamsSchema;
  /** Let a valid IdP token through before its user exists (verify-user only). */
  readonly allowUnlinkedIdentity?: boolean;
  /**
   * Also accept a form post (`application/x-www-form-urlencoded`), read as its fields: only the
   * one-click unsubscribe, which mail clients post as a form (RFC 8058). Every other route: 415.
   */
  readonly acceptsForm?: boolean;
  /** How to find the caller; set by `authHandler`, absent on anonymous-only routes. */
  readonly identify?: Identify;
  readonly handler: (
    request: RouteRequest<
      SchemaOutput<BodySchema>,
      SchemaOutput<QuerySchema>,
      SchemaOutput<ParamsSchema>
    >,
  ) => Promise<Data | HandlerResult<Data> | RawResult>;
}

/**
 * How long before the function's time limit a request still running answers 503 with
 * `Retry-After` instead: room to map the error, log it and return while Lambda (or the local
 * gateway) still waits, so a caller never sees the bare 500 of a timed-out function.
 */
const TIMEOUT_EARLY_MS = 1_000;

/** The request's client address; the socket's when the function's settings cannot be read. */
function loggedClient(event: Event): string {
  try {
    return clientAddress(event);
  } catch {
    // A function with broken settings answers 500; its log line must still be written.
    return event.requestContext.http.sourceIp;
  }
}

/**
 * Logs one structured line per request with its outcome, duration and the visitor's address
 * (`client`: CloudFront's viewer address behind the origin lock, which API Gateway's access log
 * cannot carry; a request the lock refused keeps only its connection's address).
 */
const accessLog = (): MiddlewareObj<Event, Result> => {
  let startedAt = 0;
  const log = (request: { event: Event; response: Result | null }) => {
    logger.info('request', {
      method: request.event.requestContext.http.method,
      route: request.event.routeKey,
      path: request.event.rawPath,
      client: loggedClient(request.event),
      status: request.response?.statusCode,
      durationMs: Date.now() - startedAt,
    });
  };
  return {
    before: async () => {
      startedAt = Date.now();
    },
    after: async (request) => log(request),
    onError: async (request) => log(request),
  };
};

/** Refuses bodies over the size limit before anything parses them. */
const bodySizeLimit = (maxBytes: number): MiddlewareObj<Event, Result> => ({
  before: async ({ event }) => {
    if (!event.body) return;
    const bytes = event.isBase64Encoded
      ? Buffer.from(event.body, 'base64').byteLength
      : Buffer.byteLength(event.body);
    if (bytes > maxBytes) {
      throw new AppError(
        413,
        'PAYLOAD_TOO_LARGE',
        `The request body is larger than ${maxBytes} bytes.`,
      );
    }
  },
});

/** A JSON media type, as `@middy/http-json-body-parser` tells them (`…+json` too). */
const JSON_TYPE = /^application\/(.+\+)?json($|;.+)/;

/**
 * Parses JSON only when there is a body, so a missing body reaches validation as `undefined`.
 * (In place of `@middy/http-json-body-parser`: with its HTTP status table, ~2.9 KB of each bundle.)
 */
const jsonBody = (acceptsForm: boolean): MiddlewareObj<Event, Result> => ({
  before: async ({ event }) => {
    const target = event as { body?: unknown };
    if (!event.body) {
      target.body = undefined;
      return;
    }
    const text = event.isBase64Encoded
      ? Buffer.from(event.body, 'base64').toString('utf8')
      : event.body;
    const type = event.headers['content-type'] ?? '';
    // A form post (RFC 8058 one-click unsubscribe from a mail client) reads as its fields.
    if (acceptsForm && type.toLowerCase().startsWith('application/x-www-form-urlencoded')) {
      target.body = Object.fromEntries(new URLSearchParams(text));
      return;
    }
    if (!JSON_TYPE.test(type)) {
      throw new AppError(415, 'VALIDATION_ERROR', 'Content-Type must be application/json');
    }
    try {
      target.body = JSON.parse(text);
    } catch {
      throw new ValidationError([{ field: 'body', message: 'Malformed JSON body' }]);
    }
  },
});

function fieldErrors(location: string, error: z.core.$ZodError): FieldError[] {
  return error.issues.map((issue) => ({
    field: issue.path.length > 0 ? issue.path.join('.') : location,
    message: issue.message,
  }));
}

function parsePart(schema: z.ZodMiniType | undefined, value: unknown, location: string): unknown {
  if (!schema) return undefined;
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new ValidationError(fieldErrors(location, parsed.error));
  return parsed.data;
}

/**
 * The one standard middy chain of every route: access log, error envelope, the origin lock (only
 * requests through CloudFront, on AWS), the manifest's access check, body size limit, JSON body
 * parsing, zod validation of body, query and path parameters, and the success envelope
 * `{success: true, data}` (plus `next_cursor` for pages). A handler still running shortly before
 * the function's time limit answers 503 with `Retry-After`.
 */
export function httpHandler<
  Route extends RouteContract | undefined = undefined,
  BodySchema extends z.ZodMiniType | undefined = ContractSchema<Route, 'body'>,
  QuerySchema extends z.ZodMiniType | undefined = ContractSchema<Route, 'query'>,
  ParamsSchema extends z.ZodMiniType | undefined = ContractSchema<Route, 'params'>,
  Data = unknown,
>(spec: RouteSpec<Route, BodySchema, QuerySchema, ParamsSchema, Data>) {
  const bodySchema = spec.body ?? spec.route?.body;
  const querySchema = spec.query ?? spec.route?.query;
  const paramsSchema = spec.params ?? spec.route?.params;
  const bodyMessages = spec.body === undefined && spec.route?.bodyMessages === true;
  /**
   * Body, query and path parameters, in that order; a body with messages of its own is checked
   * last, as `{}` when there is none, and its first problem's message is the error message.
   */
  const parse = (event: Event) => {
    const body = bodyMessages ? undefined : parsePart(bodySchema, event.body, 'body');
    const query = parsePart(querySchema, event.queryStringParameters ?? {}, 'query');
    const params = parsePart(paramsSchema, event.pathParameters ?? {}, 'path');
    if (!bodyMessages || !bodySchema) return { body, query, params };
    return { body: parseWithMessage(bodySchema, event.body), query, params };
  };
  const base = async (event: Event, context: CallerContext): Promise<Result> => {
    const caller = context.caller ?? (async (): Promise<Caller> => ({}));
    const request = {
      caller,
      user: async () => {
        const { user } = await caller();
        if (!user) throw new UnauthorizedError();
        return user;
      },
      ...parse(event),
      event,
      context,
    } as RouteRequest<
      SchemaOutput<BodySchema>,
      SchemaOutput<QuerySchema>,
      SchemaOutput<ParamsSchema>
    >;
    const outcome = await spec.handler(request);
    if (isRawResult(outcome)) {
      return { statusCode: outcome.status, headers: outcome.headers, body: outcome.body };
    }
    if (isHandlerResult(outcome)) {
      const body = {
        success: true,
        data: outcome.data,
        ...(outcome.nextCursor === undefined ? {} : { next_cursor: outcome.nextCursor }),
        ...(outcome.message === undefined ? {} : { message: outcome.message }),
      };
      return jsonResponse(outcome.status, body, outcome.headers);
    }
    return jsonResponse(200, { success: true, data: outcome });
  };

  // The work a 503 cuts short may still land; the same Idempotency-Key answers its outcome.
  const chain = middy<Event, Result>(base, {
    timeoutEarlyInMillis: TIMEOUT_EARLY_MS,
    timeoutEarlyResponse: () => {
      throw new ServerBusyError();
    },
  })
    .use(accessLog())
    .use(errorHandler())
    .use(originLock())
    .use(accessGuard(spec.identify, { allowUnlinkedIdentity: spec.allowUnlinkedIdentity ?? false }))
    .use(bodySizeLimit(LIMITS.requestBodyMaxBytes))
    .use(jsonBody(spec.acceptsForm === true));
  // Every line logged while handling the request carries API Gateway's request id (and Lambda's),
  // and every answer, success or error, returns it as `x-request-id` for the caller to quote.
  return (event: Event, context: Context): Promise<Result> => {
    const id = event.requestContext.requestId;
    return withLogFields({ request_id: id, lambda_request_id: context.awsRequestId }, async () => {
      const result = await chain(event, context);
      result.headers = { ...result.headers, 'x-request-id': id };
      return result;
    });
  };
}
