import { describe, expect, it } from 'vitest';
import { PAGE_SHELLS } from '@hatchworks/shared/page-shells';
import { paths } from '../../src/config/paths';
import { skipBrowserTests, useBrowser, VIEWPORTS } from './support/browser';

const SCREENS = [
  { path: '/tracker', screen: 'Tracker' },
  { path: '/tracker/requests', screen: 'Tracker Requests' },
  { path: '/tracker/suggestions', screen: 'Project Suggestions' },
  { path: '/features', screen: 'Feature Request System' },
];

describe.skipIf(skipBrowserTests)('Header navigation', () => {
  const browser = useBrowser();

  it('shows Home, Tracker, Features, Roadmap, Changelog and About to visitors, without Profile or Manage Projects', async () => {
    // Prepare
    const page = await browser.openPage('/about');

    // Act
    const nav = page.getByRole('navigation', { name: 'Main', exact: true });
    await nav.waitFor();
    const names = await nav.getByRole('link').allInnerTexts();

    // Assess
    expect(names.map((name) => name.replace(/\s+/g, ' ').trim())).toEqual([
      'Home',
      'Tracker',
      'Features',
      'Roadmap',
      'Changelog',
      'About',
    ]);
    expect(await page.getByRole('link', { name: 'Hatchworks' }).getAttribute('href')).toBe('/');
  });

  it('opens the mobile menu at 390 px, navigates and closes it', async () => {
    // Prepare
    const page = await browser.openPage('/about', { viewport: VIEWPORTS.phone });
    const toggle = page.getByRole('button', { name: 'Menu' });
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await page.getByRole('navigation', { name: 'Main', exact: true }).isVisible()).toBe(
      false,
    );

    // Act
    await toggle.click();
    const destinations = await menu.getByRole('link').allInnerTexts();
    await menu.getByRole('link', { name: 'Tracker' }).click();
    await page.getByRole('heading', { level: 1, name: 'Tracker' }).waitFor();

    // Assess
    expect(destinations.map((name) => name.replace(/\s+/g, ' ').trim())).toEqual([
      'Home',
      'Tracker',
      'Features',
      'Roadmap',
      'Changelog',
      'About',
    ]);
    expect(new URL(page.url()).pathname).toBe('/tracker');
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await menu.isVisible()).toBe(false);
  });

  it('closes the mobile menu on Escape and returns focus to the button', async () => {
    // Prepare
    const page = await browser.openPage('/', { viewport: VIEWPORTS.phone });
    const toggle = page.getByRole('button', { name: 'Menu' });
    await toggle.click();

    // Act
    await page.keyboard.press('Escape');

    // Assess
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await page.getByRole('navigation', { name: 'Main menu' }).isVisible()).toBe(false);
    expect(await toggle.evaluate((element) => element === document.activeElement)).toBe(true);
  });

  it('offers a skip link to the main content', async () => {
    // Prepare
    const page = await browser.openPage('/about');
    await page.getByRole('heading', { level: 1 }).waitFor();

    // Act
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => document.activeElement?.textContent);
    await page.keyboard.press('Enter');

    // Assess
    expect(focused).toBe('Skip to content');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main-content');
  });

  it.each(SCREENS)('heads and titles the page at $path "$screen"', async (route) => {
    // Prepare / Act
    const page = await browser.openPage(route.path);
    const heading = page.getByRole('heading', { level: 1, name: route.screen, exact: true });
    await heading.waitFor();

    // Assess
    expect(await page.getByText('Coming soon').count()).toBe(0);
    expect(await page.title()).toBe(`${route.screen} | Hatchworks`);
  });
});

describe.skipIf(skipBrowserTests)('Page shells', () => {
  const browser = useBrowser();

  it('load every script a page starts with from its HTML, none after the entry has run', async () => {
    // Prepare: a visitor's page, the scripts it asks for
    const scripts: string[] = [];
    const page = await browser.openPage('/favicon.svg', {
      prepare: (tab) => {
        tab.on('request', (request) => {
          if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
        });
        return Promise.resolve();
      },
    });

    for (const shell of PAGE_SHELLS) {
      // Act
      scripts.length = 0;
      const response = await page.goto(shell.path);
      const html = (await response?.text()) ?? '';
      const title = Object.values(paths).find((known) => known.path === shell.path)?.title;
      await page.waitForFunction(
        (expected) => document.title === expected,
        `${title} | Hatchworks`,
      );
      await page.waitForLoadState('networkidle');

      // Assess
      const fromHtml = [
        ...html.matchAll(/<(?:script|link)[^>]* (?:src|href)="(\/assets\/[^"]+\.js)"/g),
      ];
      const preloaded = new Set(fromHtml.map((match) => match[1]));
      expect({ page: shell.path, chunks: preloaded.size > 1 }).toEqual({
        page: shell.path,
        chunks: true,
      });
      expect({ page: shell.path, scripts: new Set(scripts) }).toEqual({
        page: shell.path,
        scripts: preloaded,
      });
    }
  });
});

describe.skipIf(skipBrowserTests)('Unknown client routes', () => {
  const browser = useBrowser();

  it('show the app\'s own "Page not found" page inside the site layout', async () => {
    // Prepare / Act
    const page = await browser.openPage('/no/such/page');
    await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();

    // Assess
    expect(await page.title()).toBe('Page not found | Hatchworks');
    expect(await page.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/');
    expect(await page.getByRole('banner').isVisible()).toBe(true);
  });
});
