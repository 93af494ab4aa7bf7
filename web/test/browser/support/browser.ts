import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import axe from 'axe-core';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { testStack } from '../../../../test/support/stack';

/**
 * Debian's headless shell (package chromium-headless-shell) when installed: the same Blink as
 * Chromium without the desktop browser around it, which is what Playwright runs headless by
 * default, at about a quarter less CPU per test here. Else Debian's Chromium.
 */
export const CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ??
  ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((path) => existsSync(path)) ??
  '/usr/bin/chromium';

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * Locally a missing browser skips the suites (`describe.skipIf(skipBrowserTests)`); in CI
 * (CI=true) it must fail instead, so the suites run and the launch fails.
 */
export const skipBrowserTests = !existsSync(CHROMIUM_PATH) && process.env.CI !== 'true';
if (skipBrowserTests) {
  console.warn(
    'Browser tests skipped: install Chromium (apt-get install -y --no-install-recommends chromium)',
  );
}

/** The longest one browser step (an action, a wait, a navigation) may take by default. */
export const STEP_TIMEOUT_MS = 20_000;

export const VIEWPORTS = {
  desktop: { width: 1280, height: 900 },
  phone: { width: 390, height: 844 },
  smallPhone: { width: 360, height: 740 },
} as const;

/** Any viewport size; the named ones above are the usual. */
export interface Viewport {
  readonly width: number;
  readonly height: number;
}

export interface OpenPageOptions {
  viewport?: Viewport;
  /** Runs before navigation: the place for `page.route(...)`. */
  prepare?: (page: Page) => Promise<unknown>;
  /** Lets `page.addScriptTag({content})` inject axe-core despite the site's CSP. */
  bypassCSP?: boolean;
}

/** The local stack's URL for a site path. */
export const siteUrl = (path: string): string => new URL(path, testStack().baseUrl).href;

/** The worker's Chromium, kept on the process (our modules are reloaded between files). */
const sharedBrowser = globalThis as { hatchworksChromium?: Promise<Browser> };

/**
 * One Chromium per test worker, launched by its first browser file and kept for the files after
 * it (a launch costs about a second of CPU); Playwright stops it when the worker exits. One that
 * has crashed or was closed is launched again.
 */
async function workerBrowser(): Promise<Browser> {
  const running = await sharedBrowser.hatchworksChromium?.catch(() => undefined);
  if (running?.isConnected()) return running;
  sharedBrowser.hatchworksChromium = chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
  });
  return sharedBrowser.hatchworksChromium;
}

/**
 * Gives each test of the calling file a fresh context of the worker's Chromium (no shared
 * cookies, storage, cache or routes), closed after the test.
 */
export function useBrowser() {
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    browser = await workerBrowser();
  });

  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
  });

  afterAll(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
  });

  return {
    async openPage(path: string, options: OpenPageOptions = {}): Promise<Page> {
      if (!browser) throw new Error('Chromium is not running');
      const context = await browser.newContext({
        viewport: options.viewport ?? VIEWPORTS.desktop,
        baseURL: testStack().baseUrl,
        bypassCSP: options.bypassCSP ?? false,
      });
      contexts.push(context);
      // A step that waits this long is stuck: it fails naming its locator, before the test's
      // own timeout ends the test without saying where. Longer waits pass their own timeout.
      context.setDefaultTimeout(STEP_TIMEOUT_MS);
      const page = await context.newPage();
      await options.prepare?.(page);
      await page.goto(path);
      return page;
    },
  };
}

export interface AxeViolation {
  readonly id: string;
  readonly impact: string | null | undefined;
  readonly help: string;
  readonly targets: readonly string[];
}

/**
 * Runs axe-core on the page and returns the violations rated serious or critical. It waits for
 * running transitions and finite animations first: text caught mid-fade (a panel going back from
 * its busy opacity) has a contrast it never keeps.
 */
export async function seriousAccessibilityViolations(page: Page): Promise<AxeViolation[]> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  // Once per document: parsing axe's half a megabyte again for every check costs CPU, not safety.
  if (!(await page.evaluate(() => 'axe' in window)))
    await page.addScriptTag({ content: axe.source });
  const violations = await page.evaluate(async () => {
    const { axe: runner } = window as unknown as { axe: typeof axe };
    const results = await runner.run(document);
    return results.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
  });
  return violations.filter(({ impact }) => impact === 'serious' || impact === 'critical');
}

/** The three widths every screen is checked at: a phone, a small laptop (or tablet), a desktop. */
export const SCREEN_WIDTHS = [
  { label: 'phone', viewport: VIEWPORTS.phone },
  { label: 'tablet', viewport: { width: 1024, height: 800 } },
  { label: 'desktop', viewport: VIEWPORTS.desktop },
] as const;

/**
 * The serious and critical axe violations of one open page at each width, by width label: the
 * page is resized rather than opened again for every width.
 */
export async function violationsAtWidths(
  page: Page,
  widths: readonly { label: string; viewport: Viewport }[] = SCREEN_WIDTHS,
): Promise<Record<string, AxeViolation[]>> {
  const found: Record<string, AxeViolation[]> = {};
  for (const { label, viewport } of widths) {
    await resizeTo(page, viewport);
    found[label] = await seriousAccessibilityViolations(page);
  }
  return found;
}

/** What `violationsAtWidths` answers for a page clean at every width. */
export const cleanAtWidths = (
  widths: readonly { label: string }[] = SCREEN_WIDTHS,
): Record<string, AxeViolation[]> => Object.fromEntries(widths.map(({ label }) => [label, []]));

/**
 * Resizes the page and waits two frames, so layout and the renders that follow a media query's
 * change (React state set by `matchMedia` listeners) are done before the test looks.
 */
export async function resizeTo(page: Page, viewport: Viewport): Promise<void> {
  await page.setViewportSize(viewport);
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
      ),
  );
}

/** Saves a full-page screenshot to `SHOTS_DIR` when set (looked at by hand, not compared). */
export async function screenshot(page: Page, name: string): Promise<void> {
  if (!process.env.SHOTS_DIR) return;
  await mkdir(process.env.SHOTS_DIR, { recursive: true });
  await page.screenshot({ path: `${process.env.SHOTS_DIR}/${name}.png`, fullPage: true });
}
