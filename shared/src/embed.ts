/**
 * The feedback widget's contract, shared by `widget.js` (the script a project's page loads), the
 * embedded panel (`/embed/<project>`), the servers that answer the panel with its
 * `frame-ancestors` (the local server, CloudFront on AWS) and the projects' API. No zod here:
 * `widget.js` imports it and must stay tiny.
 */

/** Where the panel of a project is served: `/embed/<key>`, the key a slug or the project's id. */
export const EMBED_PATH_PREFIX = '/embed/';

/** The file of the built panel page, served for every `/embed/<key>` path. */
export const EMBED_HTML_FILE = 'embed.html';

/** The widget script, at the site's root with a stable name (its page loads it by URL). */
export const WIDGET_SCRIPT_FILE = 'widget.js';

/** Where the hosted login's popup returns to; it hands the answer back to the panel. */
export const POPUP_CALLBACK_PATH = '/auth/popup-callback';

/** The panel's path for a key (`/embed/yolk-runner`). */
export const embedPath = (key: string): string => `${EMBED_PATH_PREFIX}${encodeURIComponent(key)}`;

/**
 * A project's slug: the folder of its build (`/apps/<slug>/`), when its path is one. A project
 * without one is embedded by its id.
 */
const SLUG_PATH = /^\/apps\/([a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?)\/?$/;

export function projectSlug(project: { readonly path?: string | undefined }): string | undefined {
  return project.path ? SLUG_PATH.exec(project.path)?.[1] : undefined;
}

/** Every key the panel of a project answers to: its slug (when it has one) and its id. */
export function embedKeysOf(project: {
  readonly id: string;
  readonly path?: string | undefined;
}): string[] {
  const slug = projectSlug(project);
  return slug ? [slug, project.id] : [project.id];
}

/** The key in an `/embed/<key>` path, or undefined when the path is not a panel's. */
export function embedKeyOf(urlPath: string): string | undefined {
  if (!urlPath.startsWith(EMBED_PATH_PREFIX)) return undefined;
  const rest = urlPath.slice(EMBED_PATH_PREFIX.length).replace(/\/$/, '');
  if (rest === '' || rest.includes('/')) return undefined;
  try {
    const key = decodeURIComponent(rest);
    return EMBED_KEY.test(key) ? key : undefined;
  } catch {
    return undefined;
  }
}

/** What a key may be: a slug or an id (ULID), nothing a header or a store key could trip on. */
const EMBED_KEY = /^[A-Za-z0-9-]{1,64}$/;

/**
 * How many origins may embed one project, and how long each may be: the list must fit one
 * CloudFront KeyValueStore value (1 KB) with a space between origins.
 */
export const EMBED_LIMITS = { origins: 8, originLength: 120 } as const;

export const EMBED_MESSAGES = {
  originInvalid: (origin: string) =>
    `"${origin}" is not an origin: give the scheme and host only, e.g. https://example.com`,
  originInsecure: (origin: string) =>
    `"${origin}" must use https (http is allowed only for localhost)`,
  tooManyOrigins: `At most ${EMBED_LIMITS.origins} origins may embed a project`,
  originTooLong: `An origin is at most ${EMBED_LIMITS.originLength} characters`,
} as const;

const ORIGIN_HOST =
  /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*|\[[0-9a-f:.]+\])$/;

const LOOPBACK_HOSTS = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/;

/**
 * An origin as a browser sends it (`https://example.com`, `http://localhost:5173`), or an error
 * message. A trailing slash is dropped; a path, query, fragment, credentials or wildcard is
 * refused: the list is exactly the origins that may frame the panel.
 */
export function parseEmbedOrigin(
  input: string,
): { readonly origin: string } | { readonly error: string } {
  const value = input.trim().replace(/\/$/, '');
  if (value.length > EMBED_LIMITS.originLength) return { error: EMBED_MESSAGES.originTooLong };
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { error: EMBED_MESSAGES.originInvalid(input.trim()) };
  }
  const bare = url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
  // A host is a DNS name (IDN as punycode) or an IP address: anything else the URL parser lets
  // through (`;`, `,`, quotes) would be read as syntax inside the CSP header.
  if (
    url.origin === 'null' ||
    !bare ||
    value.includes('*') ||
    /[?#]$/.test(value) ||
    !ORIGIN_HOST.test(url.hostname)
  ) {
    return { error: EMBED_MESSAGES.originInvalid(input.trim()) };
  }
  if (url.protocol === 'http:' && !LOOPBACK_HOSTS.test(url.hostname)) {
    return { error: EMBED_MESSAGES.originInsecure(input.trim()) };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return { error: EMBED_MESSAGES.originInvalid(input.trim()) };
  }
  return { origin: url.origin };
}

/**
 * The `frame-ancestors` source list of a project's panel: the site itself and the project's
 * origins. Its value in CloudFront's KeyValueStore is the origins joined by spaces.
 */
export function frameAncestors(origins: readonly string[]): string {
  return ["'self'", ...origins].join(' ');
}

/** The messages between `widget.js` and the panel (`postMessage`, checked by origin and source). */
export const WIDGET_EVENTS = {
  /** Panel → page: the panel has rendered and can take focus. */
  ready: 'hatchworks:ready',
  /** Panel → page: close the panel (Esc or its Close button); focus returns to the button. */
  close: 'hatchworks:close',
  /** Page → panel: the panel was opened; move focus into it. */
  opened: 'hatchworks:opened',
} as const;

export type WidgetEvent = (typeof WIDGET_EVENTS)[keyof typeof WIDGET_EVENTS];
