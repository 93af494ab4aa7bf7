import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createContext, Script } from 'node:vm';
import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { WIDGET_SCRIPT_FILE } from '@hatchworks/shared/embed';

/**
 * `widget.js` as built (`npm test` builds first; web/vite.widget.config.ts): every page of a
 * project that adds the feedback button loads it, so it stays small, a classic script (the
 * snippet has no `type="module"`) and free of the app's framework.
 */
const BUDGET_KB = 5;

const WIDGET = fileURLToPath(new URL(`../../dist/${WIDGET_SCRIPT_FILE}`, import.meta.url));

/** What the code of a framework or of the app's packages leaves in a bundle, minified or not. */
const FRAMEWORK_MARKERS = [/react/i, /preact/i, /__vue/i, /svelte/i, /\bzod\b/i, /jsx/i];

describe(`the feedback widget's ${WIDGET_SCRIPT_FILE}`, () => {
  let code: string;
  beforeAll(() => {
    if (!existsSync(WIDGET)) {
      throw new Error(`${WIDGET} is not built: run "npm run build -w web" first (npm test does).`);
    }
    code = readFileSync(WIDGET, 'utf8');
  });

  it(`weighs at most ${BUDGET_KB} KB gzip`, () => {
    // Act
    const gzipKb = gzipSync(code, { level: 9 }).byteLength / 1024;
    // Assess
    expect(gzipKb, `${WIDGET_SCRIPT_FILE} is ${gzipKb.toFixed(2)} KB gzip`).toBeLessThanOrEqual(
      BUDGET_KB,
    );
  });

  it('is a classic script: no import or export, and it compiles as a script', () => {
    // Act
    const compile = () => new Script(code, { filename: WIDGET_SCRIPT_FILE });
    // Assess
    expect(compile).not.toThrow();
    expect(code).not.toMatch(/\bimport\s*\(|\bimport\.meta\b/);
  });

  it('defines no global', () => {
    // Prepare: a page where the script finds no `<script>` of its own, so it adds nothing.
    const page = createContext({ document: { currentScript: null } });
    // Act
    new Script(code).runInContext(page);
    // Assess
    expect(Object.keys(page)).toEqual(['document']);
  });

  it('holds no framework code', () => {
    // Assess
    for (const marker of FRAMEWORK_MARKERS) expect(code).not.toMatch(marker);
  });
});
