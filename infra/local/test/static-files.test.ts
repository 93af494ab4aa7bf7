import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressFor } from '../src/compression';
import { resolveStatic } from '../src/static-files';

describe('the built SPA as the local server serves it', () => {
  let root: string;
  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'hatchworks-spa-'));
    mkdirSync(join(root, 'assets'));
    writeFileSync(join(root, 'index.html'), '<title>First build</title>');
    writeFileSync(join(root, 'assets', 'index-AbC123.js'), 'console.log("first");');
    writeFileSync(join(root, 'robots.txt'), 'User-agent: *');
    mkdirSync(join(root, 'pages'));
    writeFileSync(join(root, 'pages', 'tracker-requests.html'), '<title>Requests shell</title>');
    writeFileSync(join(root, 'pages', 'route.html'), '<title>Route shell</title>');
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("serves a page with a shell its shell, other routes the routes' shell, index.html where one is missing", async () => {
    for (const path of ['/tracker/requests', '/tracker/requests/']) {
      const shell = await resolveStatic(root, path);
      expect(shell.status).toBe(200);
      expect(shell.cacheControl).toBe('no-cache');
      expect(shell.body.toString()).toBe('<title>Requests shell</title>');
    }
    expect((await resolveStatic(root, '/tracker/requests/r-1')).body.toString()).toBe(
      '<title>Route shell</title>',
    );
    for (const path of ['/', '/tracker']) {
      expect((await resolveStatic(root, path)).body.toString()).toMatch(
        /<title>(First|Second) build/,
      );
    }
  });

  it('reads a hashed asset once and serves it from memory, cached for a year', async () => {
    // Prepare
    const first = await resolveStatic(root, '/assets/index-AbC123.js');
    // Act: a rebuild removes the old name; a page still holding it gets what the name held
    rmSync(join(root, 'assets', 'index-AbC123.js'));
    const again = await resolveStatic(root, '/assets/index-AbC123.js');
    // Assess
    expect(again.status).toBe(200);
    expect(again.body.toString()).toBe('console.log("first");');
    expect(again.body).toBe(first.body);
    expect(again.cacheControl).toBe('public, max-age=31536000, immutable');
  });

  it('reads index.html and other unhashed files afresh on every request', async () => {
    // Prepare
    await resolveStatic(root, '/tracker');
    // Act
    writeFileSync(join(root, 'index.html'), '<title>Second build</title>');
    const page = await resolveStatic(root, '/tracker');
    const robots = await resolveStatic(root, '/robots.txt');
    // Assess
    expect(page.body.toString()).toBe('<title>Second build</title>');
    expect(page.cacheControl).toBe('no-cache');
    expect(robots.status).toBe(200);
  });

  it('answers 404 for a missing asset and for a path outside the build', async () => {
    // Act
    const missing = await resolveStatic(root, '/assets/gone-Zz9.js');
    const outside = await resolveStatic(root, '/assets/../../etc/passwd.txt');
    // Assess
    expect(missing.status).toBe(404);
    expect(outside.status).toBe(404);
  });

  it('compresses a served asset once per encoding, the same bytes every time', async () => {
    // Prepare
    const body = Buffer.from('const answer = 42;\n'.repeat(200));
    const type = 'text/javascript; charset=utf-8';
    // Act
    const first = compressFor(body, type, 'br, gzip', { cacheable: true });
    const second = compressFor(body, type, 'gzip, br', { cacheable: true });
    const gzip = compressFor(body, type, 'gzip', { cacheable: true });
    // Assess
    expect(first.encoding).toBe('br');
    expect(second.body).toBe(first.body);
    expect(gzip.encoding).toBe('gzip');
    expect(gzip.body).not.toBe(first.body);
  });
});
