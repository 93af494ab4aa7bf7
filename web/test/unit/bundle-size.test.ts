import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_SHELLS, pageShellFile, ROUTE_SHELL_NAME } from '@hatchworks/shared/page-shells';
import { buildFloor } from '../../../bench/floor/build';

/**
 * The weight of the Home page's first load, from the built `index.html` (`npm test` builds
 * first): the entry chunk and its CSS, plus the Home page's chunks and CSS that the HTML preloads
 * (web/vite.config.ts), in gzip as a CDN sends it.
 * The sign-in client is not part of it: it loads only for a stored session or a sign-in
 * (web/src/lib/hosted-login.ts).
 *
 * Budget: no more than 25 KB over the floor (bench/floor/: the same packages, React, React DOM,
 * React Router's data router and TanStack Query, with one route that lists Home's data), built
 * here in the same run with the same Vite, so a package update moves both alike. The floor is
 * about 108 KB; Home about 129 (zod/mini and the schemas ~10, the app ~18, CSS ~6, less what it
 * does not use of the router).
 */
const OVER_FLOOR_KB = 25;

const DIST = fileURLToPath(new URL('../../dist/', import.meta.url));

const html = (file: string) => readFileSync(join(DIST, file), 'utf8');

/**
 * The JS and CSS the first load of Home fetches: what `index.html` loads (the entry chunk, its
 * CSS) and what it preloads (the Home page's chunks and their CSS).
 */
function initialFiles(): Set<string> {
  const index = html('index.html');
  const assets = [
    ...index.matchAll(/<script type="module" crossorigin src="\/(assets\/[^"]+)"/g),
    ...index.matchAll(
      /<link rel="(?:stylesheet|modulepreload|preload)"[^>]*href="\/(assets\/[^"]+)"/g,
    ),
  ].map((match) => match[1]!);
  return new Set(assets);
}

const gzipKb = (path: string) => gzipSync(readFileSync(path), { level: 9 }).byteLength / 1024;

/** The bare packages' page, built once for the budgets below. */
let floorDir: string;
let floorKb: number;
beforeAll(async () => {
  floorDir = mkdtempSync(join(tmpdir(), 'hatchworks-floor-'));
  floorKb = await buildFloor(floorDir);
}, 120_000);
afterAll(() => rmSync(floorDir, { recursive: true, force: true }));

describe('the weight of the Home page', () => {
  it(`loads at most ${OVER_FLOOR_KB} KB of JS and CSS (gzip) more than the bare packages' page`, () => {
    // Prepare
    if (!existsSync(join(DIST, 'index.html'))) {
      throw new Error(`${DIST} has no build: run "npm run build -w web" first (npm test does).`);
    }

    // Act
    const sizes = [...initialFiles()].map((file) => ({
      file,
      gzipKb: gzipKb(join(DIST, file)),
    }));
    const total = sizes.reduce((sum, { gzipKb }) => sum + gzipKb, 0);

    // Assess
    const breakdown = sizes
      .sort((a, b) => b.gzipKb - a.gzipKb)
      .map(({ file, gzipKb }) => `${file} ${gzipKb.toFixed(1)} KB`)
      .join(', ');
    expect(sizes.some(({ file }) => file.endsWith('.js'))).toBe(true);
    expect(sizes.some(({ file }) => file.endsWith('.css'))).toBe(true);
    expect(floorKb).toBeGreaterThan(50);
    expect(
      total,
      `Home loads ${total.toFixed(1)} KB gzip, the floor ${floorKb.toFixed(1)}: ${breakdown}`,
    ).toBeLessThanOrEqual(floorKb + OVER_FLOOR_KB);
  });
});

describe('the feedback panel (embed.html)', () => {
  it("loads none of the app's chunks, and no more than the bare packages' page", () => {
    // Prepare
    const manifest = (name: string) =>
      JSON.parse(readFileSync(join(DIST, '.vite', name), 'utf8')) as Record<
        string,
        { file: string; css?: string[] }
      >;
    const appFiles = new Set(
      Object.values(manifest('manifest.json')).flatMap((chunk) => [
        chunk.file,
        ...(chunk.css ?? []),
      ]),
    );
    const embed = html('embed.html');

    // Act: what the panel's HTML loads before anything runs (the sign-in client loads on use).
    const loaded = [
      ...embed.matchAll(/<(?:script|link)[^>]*(?:src|href)="\/(assets\/[^"]+)"/g),
    ].map((match) => match[1]!);
    const total = loaded.reduce((sum, file) => sum + gzipKb(join(DIST, file)), 0);

    // Assess
    expect(loaded.some((file) => file.endsWith('.js'))).toBe(true);
    expect(loaded.filter((file) => appFiles.has(file))).toEqual([]);
    expect(embed).not.toContain('/src/app/');
    expect(total, `the panel loads ${total.toFixed(1)} KB gzip`).toBeLessThanOrEqual(floorKb);
  });
});

/** The chunks a page's HTML preloads. */
const preloads = (page: string) =>
  new Set(
    [...page.matchAll(/<link rel="modulepreload" crossorigin href="\/([^"]+)">/g)].map((m) => m[1]),
  );

/** A page's HTML without its preloads, its spacing normalised. */
const withoutPreloads = (page: string) =>
  page
    .replace(/\s+/g, ' ')
    .replace(/ ?<link rel="(module)?preload"[^>]*crossorigin href="\/(assets|api)\/[^>]*>/g, '');

describe('the page shells', () => {
  it.each(PAGE_SHELLS)("$path preloads chunks of its own instead of Home's", ({ name }) => {
    const shell = html(pageShellFile(name));
    expect(preloads(shell).size).toBeGreaterThan(0);
    expect(preloads(shell)).not.toEqual(preloads(html('index.html')));
    expect(withoutPreloads(shell)).toBe(withoutPreloads(html('index.html')));
  });

  it("preloads no page on the routes' shell, and Home's data only where it is shown", () => {
    const route = html(pageShellFile(ROUTE_SHELL_NAME));
    expect(preloads(route).size).toBe(0);
    expect(route).not.toContain('/api/');
    expect(withoutPreloads(route)).toBe(withoutPreloads(html('index.html')));
    expect(html('index.html')).toContain('as="fetch" crossorigin href="/api/projects/homepage"');
    for (const shell of PAGE_SHELLS) {
      expect(html(pageShellFile(shell.name)).includes('/api/projects/homepage')).toBe(
        shell.path === '/about',
      );
    }
  });
});
