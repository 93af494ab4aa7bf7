/**
 * The public pages a visit most often starts on, each with an HTML shell of its own: the SPA's
 * `index.html` with that page's chunks preloaded instead of Home's, so the browser fetches them
 * beside the entry chunk rather than one round trip after it. The build writes each shell to
 * `pages/<name>.html`; CloudFront's viewer-request function and the local server serve it for the
 * page's exact path (a trailing slash allowed). Every other client route gets `index.html`, which
 * preloads Home.
 */
export const PAGE_SHELLS = [
  { path: '/about', name: 'about', module: 'src/app/routes/about.tsx' },
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
] as const;

/** The folder of the shells in the build and in the site bucket. */
export const PAGE_SHELLS_FOLDER = 'pages';

/** Where a page's shell is in the build (`pages/tracker-requests.html`), without a leading slash. */
export function pageShellFile(name: string): string {
  return `${PAGE_SHELLS_FOLDER}/${name}.html`;
}

/** Shell file by path (`/tracker/requests` → `/pages/tracker-requests.html`), for the rewrite. */
export function pageShellUris(): Record<string, string> {
  return Object.fromEntries(
    PAGE_SHELLS.map((shell) => [shell.path, `/${pageShellFile(shell.name)}`]),
  );
}

/**
 * The HTML a client route is served: its page's shell, or `/index.html`. The same rule as the
 * CloudFront function's (infra/aws/constructs/spa-fallback.ts).
 */
export function clientRouteHtml(uri: string): string {
  const path = uri.length > 1 && uri.endsWith('/') ? uri.slice(0, -1) : uri;
  const shell = PAGE_SHELLS.find((candidate) => candidate.path === path);
  return shell ? `/${pageShellFile(shell.name)}` : '/index.html';
}
