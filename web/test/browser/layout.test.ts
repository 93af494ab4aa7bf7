import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO, loginUser, registerUser } from './support/accounts';
import { openSignedIn } from './support/features';
import { skipBrowserTests, useBrowser } from './support/browser';

/** Every route of the SPA's router (the sign-in callback only passes through). */
const ROUTES = [
  '/',
  '/tracker',
  '/tracker/requests',
  '/tracker/suggestions',
  '/features',
  '/about',
  '/profile',
  '/projects',
  '/feature-requests',
  '/verify-email',
  '/reset-password',
  '/no-such-page',
];

const WIDTHS = [320, 390, 1024, 1100, 1150, 1280, 1920];
const HEIGHT = 800;

type Role = 'visitor' | 'user' | 'admin';

const USER_NAME = 'Pocket Hen';

type BrowserHandle = ReturnType<typeof useBrowser>;

/** One page per role, signed in as that role (the visitor stays signed out). */
async function openAs(browser: BrowserHandle, role: Role, width = 1280): Promise<Page> {
  const viewport = { width, height: HEIGHT };
  const auth =
    role === 'user'
      ? await registerUser({ display_name: USER_NAME })
      : role === 'admin'
        ? await loginUser(DEMO.admin.email, DEMO.admin.password)
        : null;
  const page = auth
    ? await openSignedIn(browser, auth, '/about', { viewport })
    : await browser.openPage('/about', { viewport });
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  return page;
}

/**
 * Opens `path` inside the running app (the router follows `popstate`, as after a link), so each
 * route costs its own render and data, not a fresh start of the app, and waits until its heading
 * is there and nothing says 'Loading' any more.
 */
async function settle(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await page.waitForURL((url) => url.pathname === path);
  await page.locator('h1').first().waitFor();
  await expect.poll(() => page.getByText(/^Loading\b/).count()).toBe(0);
}

/** How far the page reaches past the viewport's right edge (0 when nothing scrolls sideways). */
const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** True when the element's box lies inside the viewport horizontally and is not collapsed. */
async function withinViewport(page: Page, selector: ReturnType<Page['locator']>) {
  const box = await selector.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  return box !== null && box.width > 0 && box.x >= 0 && box.x + box.width <= width;
}

describe.skipIf(skipBrowserTests)('Layout at every width', () => {
  const browser = useBrowser();

  it.each<Role>(['visitor', 'user', 'admin'])(
    'never scrolls sideways from 320 to 1920 px on any route (%s)',
    async (role) => {
      // Prepare
      const page = await openAs(browser, role);
      const overflowing: string[] = [];

      // Act
      for (const path of ROUTES) {
        await page.setViewportSize({ width: 1280, height: HEIGHT });
        await settle(page, path);
        for (const width of WIDTHS) {
          await page.setViewportSize({ width, height: HEIGHT });
          const overflow = await sidewaysOverflow(page);
          if (overflow > 0) overflowing.push(`${path} at ${width} px: ${overflow} px too wide`);
        }
      }

      // Assess
      expect(overflowing).toEqual([]);
    },
    120_000,
  );

  it('keeps Logout within reach for the admin in the avatar menu from 1024 to 1280 px', async () => {
    // Prepare
    const page = await openAs(browser, 'admin', 1024);
    const bar = page.locator('.account--bar');
    const reachable: Record<number, boolean> = {};

    // Act
    for (const width of [1024, 1100, 1150, 1280]) {
      await page.setViewportSize({ width, height: HEIGHT });
      await bar.getByRole('button', { name: /Hi, Demo Admin/ }).click();
      const logout = bar.getByRole('button', { name: 'Logout' });
      await logout.waitFor();
      reachable[width] = await withinViewport(page, logout);
      await page.keyboard.press('Escape');
      await logout.waitFor({ state: 'hidden' });
    }

    // Assess
    expect(reachable).toEqual({ 1024: true, 1100: true, 1150: true, 1280: true });
  });

  it.each<Role>(['visitor', 'user', 'admin'])(
    'keeps the wordmark, one row without a menu button from 1024 px, and the header in the page column (%s)',
    async (role) => {
      // Prepare
      const page = await openAs(browser, role, 390);
      const seen: Record<number, unknown> = {};

      // Act
      for (const width of [390, 1024, 1280]) {
        await page.setViewportSize({ width, height: HEIGHT });
        seen[width] = await page.evaluate(() => {
          const box = (selector: string) =>
            document.querySelector(selector)!.getBoundingClientRect();
          const header = box('.site-header__inner');
          const column = box('main .container');
          const name = box('.brand__name');
          // The last control (avatar, Sign Up or the menu button) ends where the column's text does.
          const columnEnd =
            column.right -
            parseFloat(getComputedStyle(document.querySelector('main .container')!).paddingRight);
          const controlsEnd = Math.max(
            ...[...document.querySelectorAll('.site-header__end *')]
              .map((element) => element.getBoundingClientRect())
              .filter((rect) => rect.width > 0)
              .map((rect) => rect.right),
          );
          return {
            wordmark: name.width > 1,
            column: header.left === column.left && header.width === column.width,
            endsAtColumn: Math.round(controlsEnd) === Math.round(columnEnd),
            oneRow: header.height <= 65,
            sideways: document.documentElement.scrollWidth > window.innerWidth,
          };
        });
        seen[width] = {
          ...(seen[width] as object),
          menuButton: await page.getByRole('button', { name: 'Menu' }).isVisible(),
          changelogInNav: await page
            .getByRole('navigation', { name: 'Main' })
            .getByRole('link', { name: 'Changelog' })
            .isVisible(),
        };
      }

      // Assess
      const row = {
        wordmark: true,
        column: true,
        endsAtColumn: true,
        oneRow: true,
        sideways: false,
      };
      expect(seen).toEqual({
        390: { ...row, menuButton: true, changelogInNav: false },
        1024: { ...row, menuButton: false, changelogInNav: true },
        1280: { ...row, menuButton: false, changelogInNav: true },
      });
    },
  );

  it('lists Changelog in the phone menu and ends it with Logout', async () => {
    // Prepare
    const page = await openAs(browser, 'user', 390);

    // Act
    await page.getByRole('button', { name: 'Menu' }).click();
    const panel = page.locator('#mobile-menu');
    await panel.waitFor();
    const controls = await panel
      .locator('a, button')
      .evaluateAll((nodes) => nodes.map((node) => node.textContent?.trim()));

    // Assess
    expect(controls).toContain('Changelog');
    expect(controls.at(-1)).toBe('Logout');
  });

  it.each([
    { role: 'user' as const, greeting: `Hi, ${USER_NAME}` },
    { role: 'admin' as const, greeting: `Hi, ${DEMO.admin.name}` },
  ])(
    'names the avatar by the greeting and shows it whole in its panel ($role)',
    async ({ role, greeting }) => {
      // Prepare
      const page = await openAs(browser, role);

      // Act
      await page.getByRole('button', { name: greeting, exact: true }).click();
      const text = page.locator('.account-menu__who').getByText(greeting, { exact: true });
      await text.waitFor();
      const truncated = await text.evaluate((element) => element.scrollWidth > element.clientWidth);

      // Assess
      expect(truncated).toBe(false);
      expect(await withinViewport(page, text)).toBe(true);
    },
  );

  it('lists Profile once in the phone menu', async () => {
    // Prepare
    const page = await openAs(browser, 'user', 390);
    await page.locator('.account--bar .egg-balance').waitFor();

    // Act
    await page.getByRole('button', { name: 'Menu' }).click();
    const panel = page.locator('#mobile-menu');
    await panel.getByRole('button', { name: 'Logout' }).waitFor();

    // Assess
    expect(await panel.getByRole('link', { name: 'Profile' }).count()).toBe(1);
    expect(await panel.getByRole('button', { name: 'Profile' }).count()).toBe(0);
  });

  it.each([390, 1280])(
    'keeps the project title and its label below the sticky header after an empty submit (%i px)',
    async (width) => {
      // Prepare
      const page = await openAs(browser, 'admin', width);
      await settle(page, '/projects');
      const form = page.getByRole('form', { name: 'Create Project' });
      const title = form.getByLabel('Title');
      const submit = form.getByRole('button', { name: 'Create Project' });
      // The submit button at the top of the viewport: the title field is scrolled out above it.
      await submit.evaluate((element) => element.scrollIntoView({ block: 'start' }));

      // Act
      await submit.click();
      await expect
        .poll(() => title.evaluate((element) => element === document.activeElement))
        .toBe(true);

      // Assess
      const header = await page.locator('.site-header').boundingBox();
      const headerBottom = header!.y + header!.height;
      await expect
        .poll(async () => (await title.boundingBox())!.y)
        .toBeGreaterThanOrEqual(headerBottom);
      const label = await form.locator('label', { hasText: 'Title' }).boundingBox();
      expect(label!.y).toBeGreaterThanOrEqual(headerBottom);
    },
  );
});
