import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.woff2': 'font/woff2',
  '.map': 'application/json; charset=utf-8',
};

export interface StaticFile {
  readonly status: number;
  readonly contentType: string;
  readonly cacheControl: string;
  readonly body: Buffer;
}

async function readIfFile(path: string): Promise<Buffer | undefined> {
  try {
    return (await stat(path)).isFile() ? await readFile(path) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A file of the built SPA, resolved like CloudFront's viewer-request function: a path without a
 * file extension is a client route and gets `index.html`; a missing file with an extension is 404.
 */
export async function resolveStatic(root: string, urlPath: string): Promise<StaticFile> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    decoded = '/';
  }
  const isClientRoute = extname(decoded) === '';
  const relative = isClientRoute ? 'index.html' : normalize(decoded).replace(/^([/\\])+/, '');
  const path = join(root, relative);
  const inside = path.startsWith(root.endsWith(sep) ? root : `${root}${sep}`);
  const body = inside ? await readIfFile(path) : undefined;
  if (!body) {
    return {
      status: 404,
      contentType: 'text/plain; charset=utf-8',
      cacheControl: 'no-store',
      body: Buffer.from('Not found'),
    };
  }
  const hashedAsset = relative.startsWith(`assets${sep}`);
  return {
    status: 200,
    contentType: CONTENT_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream',
    cacheControl: hashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache',
    body,
  };
}
