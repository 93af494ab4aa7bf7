import { EMBED_HTML_FILE, POPUP_CALLBACK_PATH } from './embed';

/**
 * What the HTML of a client route preloads. `index.html` is Home's: Home's chunks and data. The
 * public pages a visit most often starts on each get a copy that preloads their own chunks (and
 * the data every visitor's first screen reads) instead, so the browser fetches them beside the
 * entry chunk rather than one round trip after it. Every other client route (a request's page,
 * the profile…) gets a copy that preloads nothing of a page, as it cannot know which.
 *
 * The build writes them to `pages/<name>.html`; CloudFront's viewer-request function and the local
 * server serve each for its page's exact path (a trailing slash allowed).
 */
export interface PageShell {
  readonly path: string;
  readonly name: string;
  /** The page's route module, from `web/`. */
  readonly module: string;
  /** API paths the page's first screen reads whoever looks (no viewer-dependent answer). */
  readonly data?: readonly string[];
}

const HOMEPAGE_DATA = '/api/projects/homepage';

/** Home, served as `index.html`. */
export const HOME_SHELL: PageShell = {
  path: '/',
  name: 'index',
  module: 'src/app/routes/home.tsx',
  data: [HOMEPAGE_DATA],
};

export const PAGE_SHELLS: readonly PageShell[] = [
  { path: '/about', name: 'about', module: 'src/app/routes/about.tsx', data: [HOMEPAGE_DATA] },
  { path: '/tracker', name: 'tracker', module: 'src/app/routes/tracker/dashboard.tsx' },
  {
    path: '/tracker/requests',
    name: 'tracker-requests',
    module: 'src/app/routes/tracker/requests.tsx',
  },
  {
    path: '/tracker/suggestions',
    name: 'tracker-suggestions',
    module: 'src/app/routes/tracker/suggestions.tsx',
  },
  { path: '/features', name: 'features', module: 'src/app/routes/features.tsx' },
  { path: '/changelog', name: 'changelog', module: 'src/app/routes/changelog.tsx' },
  { path: '/roadmap', name: 'roadmap', module: 'src/app/routes/roadmap.tsx' },
];

/** The shell of every other client route: the app, no page preloaded. */
export const ROUTE_SHELL_NAME = 'route';

/** The folder of the shells in the build and in the site bucket. */
export const PAGE_SHELLS_FOLDER = 'pages';

/** Where a shell is in the build (`pages/tracker-requests.html`), without a leading slash. */
export function pageShellFile(name: string): string {
  return `${PAGE_SHELLS_FOLDER}/${name}.html`;
}

/** Every shell file besides `index.html`. */
export function pageShellFiles(): string[] {
  return [...PAGE_SHELLS.map((shell) => shell.name), ROUTE_SHELL_NAME].map(pageShellFile);
}

/** The shell of every client route without one of its own (`/pages/route.html`). */
export const ROUTE_SHELL_URI = `/${pageShellFile(ROUTE_SHELL_NAME)}`;

/**
 * Shell by path (`/tracker/requests` → `/pages/tracker-requests.html`), Home's included. The hosted
 * login's popup returns to the widget panel's page, not the app's: it only hands the answer back.
 */
export const PAGE_SHELL_URIS: Readonly<Record<string, string>> = Object.fromEntries([
  [HOME_SHELL.path, '/index.html'],
  [POPUP_CALLBACK_PATH, `/${EMBED_HTML_FILE}`],
  ...PAGE_SHELLS.map((shell) => [shell.path, `/${pageShellFile(shell.name)}`]),
]);

/**
 * The HTML a client route is served: Home's `index.html`, its page's shell, or the route shell.
 * The same rule as the CloudFront function's (infra/aws/constructs/spa-fallback.ts).
 */
export function clientRouteHtml(uri: string): string {
  const path = uri.length > 1 && uri.endsWith('/') ? uri.slice(0, -1) : uri;
  return Object.hasOwn(PAGE_SHELL_URIS, path) ? PAGE_SHELL_URIS[path]! : ROUTE_SHELL_URI;
}
