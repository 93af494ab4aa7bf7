import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { clientRouteHtml } from '@hatchworks/shared/page-shells';
import { PROJECT_BUILDS_PREFIX } from '../../shared/project-builds';
import { missingBuildPage } from './demo-builds';

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
  /** Where a redirect (301) points. */
  readonly location?: string;
  readonly contentType: string;
  readonly cacheControl: string;
  readonly body: Buffer;
}

/**
 * The hashed assets already read, by path: a name under `assets/` always holds the same content
 * (a new build writes new names), so each is read from disk once, like a CDN's edge cache. Bounded,
 * in case builds come and go while the server runs.
 */
const hashedAssets = new Map<string, Buffer>();
const HASHED_ASSETS_KEPT = 300;

async function readHashedAsset(path: string): Promise<Buffer | undefined> {
  const kept = hashedAssets.get(path);
  if (kept) return kept;
  const body = await readIfFile(path);
  if (!body) return undefined;
  if (hashedAssets.size >= HASHED_ASSETS_KEPT) {
    hashedAssets.delete(hashedAssets.keys().next().value as string);
  }
  hashedAssets.set(path, body);
  return body;
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
 * file extension is a client route and gets `index.html` (or its page's shell, see
 * shared/src/page-shells.ts); a missing file with an extension is 404.
 */
export async function resolveStatic(root: string, urlPath: string): Promise<StaticFile> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    decoded = '/';
  }
  if (extname(decoded) === '') {
    // A client route: its HTML (a fixed file, whatever the path), or index.html in a build older
    // than the page shells (or a test's bare folder).
    const html =
      (await readIfFile(join(root, clientRouteHtml(decoded)))) ??
      (await readIfFile(join(root, 'index.html')));
    return html ? found(html, CONTENT_TYPES['.html']!, 'no-cache') : NOT_FOUND;
  }
  const relative = normalize(decoded).replace(/^([/\\])+/, '');
  const path = join(root, relative);
  const inside = path.startsWith(root.endsWith(sep) ? root : `${root}${sep}`);
  const hashedAsset = relative.startsWith(`assets${sep}`);
  const body = !inside
    ? undefined
    : hashedAsset
      ? await readHashedAsset(path)
      : await readIfFile(path);
  if (!body) return NOT_FOUND;
  return found(
    body,
    CONTENT_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream',
    hashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache',
  );
}

const NOT_FOUND: StaticFile = {
  status: 404,
  contentType: 'text/plain; charset=utf-8',
  cacheControl: 'no-store',
  body: Buffer.from('Not found'),
};

const found = (body: Buffer, contentType: string, cacheControl: string): StaticFile => ({
  status: 200,
  contentType,
  cacheControl,
  body,
});

export interface ProjectBuilds {
  /** The folder of published builds, one sub-folder per project (`apps/<slug>/`). */
  readonly root: string;
  /** Built-in pages by slug, served as `<slug>/index.html` when the folder has none. */
  readonly demo?: ReadonlyMap<string, Buffer>;
}

/** Whether a URL path is served from the project builds rather than the SPA. */
export const isProjectBuildPath = (urlPath: string): boolean =>
  urlPath.startsWith(PROJECT_BUILDS_PREFIX);

const missingBuild = (): StaticFile => ({
  status: 404,
  contentType: 'text/html; charset=utf-8',
  cacheControl: 'no-store',
  body: Buffer.from(missingBuildPage()),
});

/**
 * A file of a project's static build under `/apps/<slug>/`, resolved like CloudFront's
 * viewer-request function: a path ending in `/` is a directory and gets its `index.html`, a last
 * segment without a file extension is redirected to the directory (so relative links work).
 * `.` and `..` segments are refused; anything missing is the missing-build page, which links Home.
 */
export async function resolveProjectBuild(
  builds: ProjectBuilds,
  urlPath: string,
): Promise<StaticFile> {
  if (!isProjectBuildPath(urlPath)) return missingBuild();
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath.slice(PROJECT_BUILDS_PREFIX.length));
  } catch {
    return missingBuild();
  }
  const segments = decoded.split('/');
  const last = segments[segments.length - 1] ?? '';
  const refused = segments.some(
    (segment, index) =>
      segment === '.' ||
      segment === '..' ||
      segment.includes('\\') ||
      segment.includes('\0') ||
      (segment === '' && index < segments.length - 1),
  );
  if (refused) return missingBuild();
  if (last !== '' && last.lastIndexOf('.') <= 0) {
    return {
      status: 301,
      location: `${urlPath}/`,
      contentType: 'text/plain; charset=utf-8',
      cacheControl: 'no-cache',
      body: Buffer.from('Moved Permanently'),
    };
  }
  // Files beside the project folders (this README) are not part of any build.
  if (segments.length < 2) return missingBuild();
  const relative = last === '' ? `${decoded}index.html` : decoded;
  const root = resolve(builds.root);
  const path = resolve(root, relative);
  const body = path.startsWith(`${root}${sep}`) ? await readIfFile(path) : undefined;
  const slug = segments[0] ?? '';
  const demo = relative === `${slug}/index.html` ? builds.demo?.get(slug) : undefined;
  if (!body && !demo) return missingBuild();
  return found(
    body ?? demo ?? Buffer.alloc(0),
    CONTENT_TYPES[extname(relative).toLowerCase()] ?? 'application/octet-stream',
    'no-cache',
  );
}
