import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { ROOT_API_PATHS } from '@hatchworks/shared/routes';
import type { RuntimeConfig } from '@hatchworks/shared/schemas/runtime-config';
import { cspOriginsFor } from '../../shared/csp-origins';
import { securityHeaders, type CspOrigins } from '../../shared/security-headers';
import { EMBED_HTML_FILE, embedKeyOf, frameAncestors } from '@hatchworks/shared/embed';
import { compressFor } from './compression';
import { invoke } from './gateway';
import { LocalStackError } from './local-error';
import {
  isProjectBuildPath,
  resolveProjectBuild,
  resolveStatic,
  type ProjectBuilds,
} from './static-files';

/** Requests larger than this are refused before reaching a handler (API Gateway allows 10 MB). */
const MAX_REQUEST_BYTES = 10 * 1024 * 1024;

export interface LocalServerOptions {
  readonly port: number;
  /** Interface to bind; 127.0.0.1 keeps the local stack off the network. */
  readonly host?: string;
  /** The built SPA (`web/dist`). */
  readonly webRoot: string;
  /** The projects' static builds, served under `/apps/<slug>/`. */
  readonly projectBuilds?: ProjectBuilds;
  /** Each handler's time limit; the functions' own on AWS when absent (tests set a short one). */
  readonly functionTimeoutMs?: number;
}

/** A handler of every request under one path prefix, e.g. the identity provider at `/idp`. */
export interface MountedHandler {
  readonly prefix: string;
  handle(request: IncomingMessage, response: ServerResponse): Promise<void>;
}

/** What the server serves once its URL is known: the runtime config and the mounted handlers. */
export interface ServerContent {
  readonly config: RuntimeConfig;
  readonly mounts?: readonly MountedHandler[];
  /**
   * The origins that may frame the feedback panel of a project key (`/embed/<key>`), besides the
   * site's own; none when absent.
   */
  readonly embedOrigins?: (key: string) => Promise<readonly string[]>;
}

export interface RunningServer {
  readonly server: Server;
  readonly url: string;
  /**
   * Starts answering with this content. Until then every request gets 503: the issuer URL in the
   * config depends on the port, known only once the server listens (port 0 in tests).
   */
  serve(content: ServerContent): void;
  close(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    const buffer = chunk as Buffer;
    size += buffer.byteLength;
    if (size > MAX_REQUEST_BYTES) return undefined;
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

/** The answer's headers with `Accept-Encoding` added to its `Vary` (kept when already there). */
function withVary(extra: Record<string, string | string[]>): Record<string, string | string[]> {
  const name = Object.keys(extra).find((key) => key.toLowerCase() === 'vary');
  const current = name === undefined ? [] : [extra[name] ?? []].flat();
  if (current.some((value) => /(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(value))) return extra;
  const rest = { ...extra };
  if (name !== undefined) delete rest[name];
  return { ...rest, vary: [...current, 'Accept-Encoding'].join(', ') };
}

function headersOf(request: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(',') : value;
  }
  return headers;
}

/**
 * The one local port: `/api/*` goes through the local gateway to the real handlers, mounted
 * handlers (the identity provider) answer under their prefix, `/config.json` is the runtime
 * config, `/apps/<slug>/` the projects' static builds, everything else is the SPA with
 * CloudFront's fallback. Every answer carries the same
 * security headers as the CloudFront response-headers policy.
 */
export function startServer(options: LocalServerOptions): Promise<RunningServer> {
  let content:
    | {
        headers: Record<string, string>;
        configBody: Buffer;
        mounts: readonly MountedHandler[];
        cspOrigins: CspOrigins;
        embedOrigins: (key: string) => Promise<readonly string[]>;
      }
    | undefined;

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const method = request.method ?? 'GET';
    if (!content) {
      response.writeHead(503, { 'retry-after': '1', 'content-type': 'text/plain' });
      response.end('Starting');
      return;
    }
    const { headers, configBody, mounts, cspOrigins, embedOrigins } = content;
    // Compressed like CloudFront does (br or gzip for text types); static files compress once.
    const send = (
      status: number,
      extra: Record<string, string | string[]>,
      body: Buffer,
      {
        cacheable = false,
        security = headers,
      }: { cacheable?: boolean; security?: Record<string, string> } = {},
    ) => {
      const contentType = Object.entries(extra).find(
        ([name]) => name.toLowerCase() === 'content-type',
      )?.[1];
      const alreadyEncoded = Object.keys(extra).some(
        (name) => name.toLowerCase() === 'content-encoding',
      );
      const out = alreadyEncoded
        ? { body, vary: false }
        : compressFor(
            body,
            Array.isArray(contentType) ? contentType[0] : contentType,
            request.headers['accept-encoding'],
            { cacheable },
          );
      const varyHeaders = out.vary ? withVary(extra) : extra;
      response.writeHead(status, {
        ...security,
        ...varyHeaders,
        ...(out.encoding ? { 'content-encoding': out.encoding } : {}),
        'content-length': out.body.byteLength,
      });
      response.end(method === 'HEAD' ? undefined : out.body);
    };

    const mount = mounts.find(
      ({ prefix }) => url.pathname === prefix || url.pathname.startsWith(`${prefix}/`),
    );
    if (mount) {
      for (const [name, value] of Object.entries(headers)) response.setHeader(name, value);
      await mount.handle(request, response);
      return;
    }
    // Exactly CloudFront's `/api/*` behaviour (plus the API's root paths, e.g. `/changelog.xml`,
    // each a behaviour of its own there): anything else (even `/api` itself) is the SPA.
    if (url.pathname.startsWith('/api/') || ROOT_API_PATHS.includes(url.pathname)) {
      const body = await readBody(request);
      if (!body) {
        send(
          413,
          { 'content-type': 'application/json' },
          Buffer.from('{"message":"Request Entity Too Large"}'),
        );
        return;
      }
      const answer = await invoke(
        {
          method,
          url,
          headers: headersOf(request),
          body,
          sourceIp: request.socket.remoteAddress ?? '127.0.0.1',
        },
        options.functionTimeoutMs,
      );
      send(answer.status, answer.headers, answer.body);
      return;
    }
    if (method !== 'GET' && method !== 'HEAD') {
      send(
        405,
        { allow: 'GET, HEAD', 'content-type': 'text/plain' },
        Buffer.from('Method Not Allowed'),
      );
      return;
    }
    if (url.pathname === '/config.json') {
      send(
        200,
        { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-cache' },
        configBody,
      );
      return;
    }
    const embedKey = embedKeyOf(url.pathname);
    if (embedKey !== undefined) {
      // The panel's page, framed only by the site and the project's own origins (an unknown key,
      // or a failed read, leaves the site alone): CloudFront's `/embed/*` behaviour does the same.
      const origins = await embedOrigins(embedKey).catch((error: unknown) => {
        console.error('[server] the embed origins could not be read:', error);
        return [];
      });
      const file = await resolveStatic(options.webRoot, `/${EMBED_HTML_FILE}`);
      send(
        file.status,
        { 'content-type': file.contentType, 'cache-control': 'no-cache' },
        file.body,
        {
          cacheable: file.status === 200,
          security: securityHeaders(cspOrigins, {
            https: false,
            frameAncestors: frameAncestors(origins),
          }),
        },
      );
      return;
    }
    const file =
      options.projectBuilds && isProjectBuildPath(url.pathname)
        ? await resolveProjectBuild(options.projectBuilds, url.pathname)
        : await resolveStatic(options.webRoot, url.pathname);
    send(
      file.status,
      {
        'content-type': file.contentType,
        'cache-control': file.cacheControl,
        ...(file.location ? { location: `${file.location}${url.search}` } : {}),
      },
      file.body,
      { cacheable: file.status === 200 },
    );
  };

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      console.error('[server] request failed:', error);
      if (!response.headersSent) response.writeHead(500, { 'content-type': 'text/plain' });
      response.end('Internal Server Error');
    });
  });

  return new Promise((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'EADDRINUSE'
          ? new LocalStackError(
              `Port ${options.port} is already in use: stop what is using it or choose another, e.g. PORT=${options.port + 1} npm start.`,
            )
          : error,
      );
    });
    server.listen(options.port, options.host ?? '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : options.port;
      resolve({
        server,
        url: `http://localhost:${port}`,
        serve: ({ config, mounts = [], embedOrigins = () => Promise.resolve([]) }) => {
          const cspOrigins = cspOriginsFor(config);
          content = {
            headers: securityHeaders(cspOrigins),
            configBody: Buffer.from(JSON.stringify(config)),
            mounts,
            cspOrigins,
            embedOrigins,
          };
        },
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}
