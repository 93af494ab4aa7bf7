import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { registerUser } from './support/accounts';
import { openSignedIn } from './support/features';
import { skipBrowserTests, useBrowser, VIEWPORTS } from './support/browser';

/** The text nodes under `selector` that hold an emoji or dingbat (Chromium here has no emoji font). */
function emojiTextIn(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((root) => {
    const pattern = /[\u{1F300}-\u{1FAFF}\u{2600}-\u{27BF}]|\u{FE0F}/u;
    const found: string[] = [];
    for (const element of document.querySelectorAll(root)) {
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (pattern.test(node.textContent ?? '')) found.push(node.textContent ?? '');
      }
    }
    return found;
  }, selector);
}

const PAGES = [
  {
    path: '/',
    ready: (page: Page) => page.getByText('Explore Project →').first().waitFor(),
    egg: '.site-header',
  },
  {
    path: '/features',
    ready: (page: Page) =>
      page.getByRole('button', { name: 'Create Request (100 eggs)', exact: true }).waitFor(),
    egg: '.feature-board__toolbar',
  },
  {
    path: '/profile',
    ready: (page: Page) => page.getByText('Egg Balance', { exact: true }).waitFor(),
    egg: 'main',
  },
];

describe.skipIf(skipBrowserTests)('Icons are SVG, never emoji', () => {
  const browser = useBrowser();

  for (const [name, viewport] of [
    ['1280', VIEWPORTS.desktop],
    ['390', VIEWPORTS.phone],
  ] as const) {
    it(`shows no emoji in the header, Home, /features and /profile, and the egg icon, at ${name} px`, async () => {
      // Prepare
      const auth = await registerUser();
      const page = await openSignedIn(browser, auth, '/', { viewport });

      const seen: Record<string, unknown> = {};
      for (const { path, ready, egg } of PAGES) {
        // Act
        await page.goto(path);
        await ready(page);
        if (viewport === VIEWPORTS.phone) await page.getByRole('button', { name: 'Menu' }).click();
        const eggs = page.locator(`${egg} svg.icon--egg:visible`);
        const box = await eggs.first().boundingBox();
        seen[path] = {
          emoji: await emojiTextIn(page, '.site-header, main'),
          headerEgg: (await page.locator('.site-header svg.icon--egg').count()) > 0,
          eggShown: (await eggs.first().isVisible()) && (box?.width ?? 0) > 8,
        };
      }

      // Assess
      const clean = { emoji: [], headerEgg: true, eggShown: true };
      expect(seen).toEqual({ '/': clean, '/features': clean, '/profile': clean });
    }, 90_000);
  }

  it('names the Features link and the create button with words, the egg beside them', async () => {
    // Prepare
    const auth = await registerUser();
    const page = await openSignedIn(browser, auth, '/');

    // Act
    await page.goto('/features');
    const button = page.getByRole('button', { name: 'Create Request (100 eggs)', exact: true });
    await button.waitFor();
    const nav = page.getByRole('navigation', { name: 'Main', exact: true });

    // Assess
    expect(await nav.getByRole('link', { name: 'Features', exact: true }).count()).toBe(1);
    expect(await nav.locator('a[href="/features"] svg.icon--egg').getAttribute('aria-hidden')).toBe(
      'true',
    );
    expect(await button.locator('svg.icon--egg').getAttribute('aria-hidden')).toBe('true');
    expect(await emojiTextIn(page, 'body')).toEqual([]);
  });
});
