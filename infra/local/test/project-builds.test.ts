import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSlug, demoBuilds } from '../src/demo-builds';
import { DEMO_PROJECTS } from '../src/seed-data';
import { resolveProjectBuild, type ProjectBuilds } from '../src/static-files';

describe('the project builds under /apps/', () => {
  let dir: string;
  let builds: ProjectBuilds;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'hatchworks-builds-'));
    const root = join(dir, 'apps');
    mkdirSync(join(root, 'yolk-runner', 'levels'), { recursive: true });
    writeFileSync(join(root, 'yolk-runner', 'index.html'), '<title>Real build</title>');
    writeFileSync(join(root, 'yolk-runner', 'game.js'), 'run()');
    writeFileSync(join(root, 'yolk-runner', 'levels', 'index.html'), '<title>Levels</title>');
    writeFileSync(join(root, 'README.md'), '# not served');
    // A file beside the builds folder, which no URL may reach.
    writeFileSync(join(dir, 'secret.html'), 'secret');
    builds = {
      root,
      demo: new Map([
        ['yolk-runner', Buffer.from('demo yolk')],
        ['brood-board', Buffer.from('demo brood')],
      ]),
    };
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const text = async (path: string) => {
    const file = await resolveProjectBuild(builds, path);
    return { status: file.status, body: file.body.toString(), type: file.contentType, file };
  };

  it('serves a directory path its index.html, from the folder before the demo build', async () => {
    // Act
    const root = await text('/apps/yolk-runner/');
    const nested = await text('/apps/yolk-runner/levels/');
    // Assess
    expect(root).toMatchObject({ status: 200, body: '<title>Real build</title>' });
    expect(root.type).toBe('text/html; charset=utf-8');
    expect(nested).toMatchObject({ status: 200, body: '<title>Levels</title>' });
  });

  it('serves the files of a build with their content type', async () => {
    // Act
    const script = await text('/apps/yolk-runner/game.js');
    // Assess
    expect(script).toMatchObject({ status: 200, body: 'run()' });
    expect(script.type).toBe('text/javascript; charset=utf-8');
  });

  it('serves the built-in demo build of a seeded project without a folder', async () => {
    // Act
    const demo = await text('/apps/brood-board/');
    const explicit = await text('/apps/brood-board/index.html');
    // Assess
    expect(demo).toMatchObject({ status: 200, body: 'demo brood' });
    expect(explicit).toMatchObject({ status: 200, body: 'demo brood' });
  });

  it('redirects a path without a file extension to its directory', async () => {
    // Act
    const { file } = await text('/apps/yolk-runner');
    const nested = await text('/apps/yolk-runner/levels');
    // Assess
    expect(file).toMatchObject({ status: 301, location: '/apps/yolk-runner/' });
    expect(nested.file).toMatchObject({ status: 301, location: '/apps/yolk-runner/levels/' });
  });

  it.each([
    '/apps/../secret.html',
    '/apps/%2e%2e/secret.html',
    '/apps/yolk-runner/../../secret.html',
    '/apps/yolk-runner/%2E%2E/%2E%2E/secret.html',
    '/apps/yolk-runner/..%2F..%2Fsecret.html',
    '/apps/yolk-runner/..%5C..%5Csecret.html',
    '/apps//secret.html',
    '/apps/%2Fsecret.html',
    '/apps/yolk-runner/./index.html',
    '/apps/yolk-runner/%00.html',
    '/apps/yolk-runner/%E0%A4%A.html',
  ])('refuses %s with the missing-build page', async (path) => {
    // Act
    const answer = await text(path);
    // Assess
    expect(answer.status).toBe(404);
    expect(answer.body).not.toContain('secret');
    expect(answer.body).toContain('href="/"');
  });

  it.each([
    '/apps/',
    '/apps/README.md',
    '/apps/nestling-tales/',
    '/apps/yolk-runner/missing.js',
    '/apps/brood-board/other.html',
  ])('answers %s with a 404 page that leads back Home', async (path) => {
    // Act
    const answer = await text(path);
    // Assess
    expect(answer).toMatchObject({ status: 404, type: 'text/html; charset=utf-8' });
    expect(answer.body).toContain('<a class="back" href="/">');
  });
});

describe('the built-in demo builds', () => {
  it('give every seeded project shown on Home a page with its title, a link back and the widget', () => {
    // Prepare
    const onHome = DEMO_PROJECTS.filter((project) => project.show_on_homepage !== false);
    // Act
    const pages = demoBuilds(DEMO_PROJECTS);
    // Assess
    expect(pages.size).toBe(onHome.length);
    for (const project of onHome) {
      const slug = buildSlug(project.deployment?.deployAs);
      expect(project.deployment?.deployAs).toBe(`/apps/${slug}/`);
      expect(project.path).toBe(project.deployment?.deployAs);
      const html = pages.get(slug ?? '')?.toString() ?? '';
      expect(html).toContain(`<h1>${project.title.replace('&', '&amp;')}</h1>`);
      expect(html).toContain('href="/"');
      expect(html).toContain(
        `<script src="/widget.js" data-project="${slug}" async></script>\n</body>`,
      );
    }
  });

  it('give projects kept off Home no page', () => {
    // Act
    const pages = demoBuilds(DEMO_PROJECTS);
    // Assess
    for (const project of DEMO_PROJECTS.filter((p) => p.show_on_homepage === false)) {
      expect(pages.has(buildSlug(project.deployment?.deployAs) ?? '')).toBe(false);
    }
  });
});
