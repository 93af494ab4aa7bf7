import { projectSlug, WIDGET_SCRIPT_FILE } from '@hatchworks/shared/embed';
import type { ProjectInput } from '@hatchworks/shared/schemas/projects';
import { PROJECT_BUILDS_PREFIX } from '../../shared/project-builds';

const escapeHtml = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (char) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  );

/** The site's colours (web/src/styles/tokens.css), inline: a project build has no site CSS. */
const STYLE = `
:root { color-scheme: light; }
* { box-sizing: border-box; }
body {
  margin: 0; min-height: 100vh; display: grid; place-items: center; padding: 1.5rem;
  font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; line-height: 1.5;
  color: #231c14; background: radial-gradient(circle at 20% 0%, #fde9bf 0, #fbf7f0 55%);
}
main {
  width: 100%; max-width: 34rem; padding: 2.5rem 2rem; text-align: center;
  background: #fff; border: 1px solid #e8dccb; border-radius: 18px;
  box-shadow: 0 4px 12px rgb(60 40 10 / 0.08), 0 2px 4px rgb(60 40 10 / 0.05);
}
.kicker {
  margin: 0 0 0.75rem; font-size: 0.75rem; font-weight: 600; letter-spacing: 0.08em;
  text-transform: uppercase; color: #7a4306;
}
h1 { margin: 0 0 0.75rem; font-size: clamp(1.75rem, 1.3rem + 2vw, 2.5rem); line-height: 1.15; }
.line { margin: 0 0 2rem; color: #5e5244; }
a.back {
  display: inline-block; padding: 0.6rem 1.25rem; border-radius: 999px; font-weight: 600;
  color: #231c14; background: #f4b43c; text-decoration: none;
}
a.back:hover { background: #e9a52a; }
a.back:focus-visible { outline: 3px solid #1f5fbf; outline-offset: 3px; }
`;

interface PageContent {
  readonly kicker: string;
  readonly title: string;
  readonly line: string;
  /** The end of the body: the feedback widget's script tag, on a project's page. */
  readonly end?: string;
}

/** The one template of the built-in pages under `/apps/`: a title, one line, a way back. */
function page({ kicker, title, line, end = '' }: PageContent): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Hatchworks</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>${STYLE}</style>
</head>
<body>
<main>
<p class="kicker">${escapeHtml(kicker)}</p>
<h1>${escapeHtml(title)}</h1>
<p class="line">${escapeHtml(line)}</p>
<a class="back" href="/">← Back to Hatchworks</a>
</main>
${end}</body>
</html>
`;
}

/**
 * The feedback widget's one line, as a project's page adds it (docs/widget.md), the project by its
 * slug. The demo builds are served by the site itself, so the script's path is enough: it works on
 * whichever loopback name the site was opened (the site's CSP allows only its own scripts).
 */
function widgetScript(slug: string): string {
  return `<script src="/${WIDGET_SCRIPT_FILE}" data-project="${escapeHtml(slug)}" async></script>\n`;
}

/**
 * The demo build of a seeded project: its title and description, with a link back to Home and the
 * project's feedback widget.
 */
export function demoBuildPage(
  project: Pick<ProjectInput, 'title' | 'description' | 'version'>,
  slug: string,
): string {
  return page({
    kicker: `Hatchworks demo build${project.version ? ` · v${project.version}` : ''}`,
    title: project.title,
    line: project.description ?? 'A Hatchworks project.',
    end: widgetScript(slug),
  });
}

/** What a project path without a published build shows: a page that leads back Home. */
export function missingBuildPage(): string {
  return page({
    kicker: 'Hatchworks',
    title: 'This project is not published yet',
    line: 'There is no build at this address. Find the published projects on the Home page.',
  });
}

/** The slug of a deployment path under the project prefix (`/apps/<slug>/`), else undefined. */
export function buildSlug(deployAs: string | undefined): string | undefined {
  if (!deployAs?.startsWith(PROJECT_BUILDS_PREFIX)) return undefined;
  const match = /^([a-z0-9][a-z0-9-]*)\/?$/.exec(deployAs.slice(PROJECT_BUILDS_PREFIX.length));
  return match?.[1];
}

/**
 * The built-in demo builds: one page for each seeded project shown on Home, by slug, with the
 * project's feedback widget. Projects kept off Home get none, so their path shows the
 * missing-build page.
 */
export function demoBuilds(projects: readonly ProjectInput[]): ReadonlyMap<string, Buffer> {
  const builds = new Map<string, Buffer>();
  for (const project of projects) {
    const slug = buildSlug(project.deployment?.deployAs);
    if (!slug || project.show_on_homepage === false) continue;
    // The panel knows a project by the slug of its path (a seeded project's: its build's folder).
    const page = demoBuildPage(project, projectSlug(project) ?? slug);
    builds.set(slug, Buffer.from(page));
  }
  return builds;
}
