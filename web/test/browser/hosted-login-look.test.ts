import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  seriousAccessibilityViolations,
  siteUrl,
  skipBrowserTests,
  resizeTo,
  useBrowser,
  VIEWPORTS,
} from './support/browser';

/** The site's origin on the other loopback name, 127.0.0.1, with the same port. */
const onLoopbackAddress = (path: string) => siteUrl(path).replace('//localhost:', '//127.0.0.1:');

/** An authorization request the provider must refuse itself: its redirect URI is not registered. */
const invalidAuthorization = (origin: string) =>
  `${siteUrl('/idp/auth')}?${new URLSearchParams({
    client_id: 'hatchworks-web',
    response_type: 'code',
    scope: 'openid',
    redirect_uri: `${origin}/not-a-callback`,
  }).toString()}`;

const backLink = (page: Page) =>
  page.getByRole('banner').getByRole('link', { name: 'Back to Hatchworks', exact: true });

const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

/** Opens the hosted login from the site's Login or Sign Up button. */
async function openHostedLogin(
  open: (path: string) => Promise<Page>,
  path: string,
  button: string,
): Promise<Page> {
  const page = await open(path);
  await page.getByRole('button', { name: button }).click();
  await page.waitForURL(/\/idp\/interaction\//);
  await page.getByRole('heading', { level: 1 }).waitFor();
  return page;
}

describe.skipIf(skipBrowserTests)('Hosted login pages in the site look', () => {
  const browser = useBrowser();

  it('shows the sign-in page with the egg mark and a link back that leads to the site', async () => {
    // Prepare
    const page = await openHostedLogin((path) => browser.openPage(path), '/about', 'Login');

    // Act
    const back = backLink(page);
    await back.waitFor();
    await back.click();
    await page.waitForURL((url) => !url.pathname.startsWith('/idp'));

    // Assess
    expect(page.url()).toBe(siteUrl('/'));
    await page.getByRole('button', { name: 'Login' }).waitFor();
  });

  it('links back to 127.0.0.1 when the sign-in started there', async () => {
    // Prepare
    const page = await openHostedLogin(
      (path) => browser.openPage(path),
      onLoopbackAddress('/about'),
      'Login',
    );

    // Act
    const href = await backLink(page).getAttribute('href');

    // Assess
    expect(href).toBe(onLoopbackAddress('/'));
  });

  it('draws the brand, rounded buttons and the site colours on the sign-in page', async () => {
    // Prepare
    const page = await openHostedLogin((path) => browser.openPage(path), '/', 'Login');

    // Act
    const look = await page.evaluate(() => {
      const button = document.querySelector('button[type=submit]');
      const mark = document.querySelector('header svg');
      if (!button || !mark) return undefined;
      const style = getComputedStyle(button);
      return {
        radius: parseFloat(style.borderTopLeftRadius),
        background: style.backgroundColor,
        body: getComputedStyle(document.body).backgroundColor,
      };
    });

    // Assess
    expect(
      await page.getByRole('banner').getByRole('link', { name: 'Hatchworks', exact: true }).count(),
    ).toBe(1);
    expect(look).toEqual({
      radius: expect.any(Number) as number,
      background: 'rgb(35, 28, 20)',
      body: 'rgb(251, 247, 240)',
    });
    expect(look?.radius).toBeGreaterThan(20);
  });

  it('shows an invalid authorization request as a human message with the link back to the site it came from', async () => {
    // Prepare
    const origin = new URL(onLoopbackAddress('/')).origin;

    // Act
    const page = await browser.openPage(invalidAuthorization(origin));

    // Assess
    await page.getByRole('heading', { name: "We couldn't sign you in" }).waitFor();
    const alert = await page.getByRole('alert').innerText();
    expect(alert).toBe(
      'This sign-in link is incomplete or out of date, so the sign-in cannot go on.',
    );
    expect(await backLink(page).getAttribute('href')).toBe(`${origin}/`);
    const action = page.getByRole('main').getByRole('link', { name: 'Back to Hatchworks' });
    await action.click();
    await page.waitForURL(`${origin}/`);
    await page.getByRole('button', { name: 'Login' }).waitFor();
  });

  it('shows an expired sign-in page as a human message with the link back', async () => {
    // Prepare
    const expired = siteUrl('/idp/interaction/no-such-sign-in');

    // Act
    const page = await browser.openPage(expired);

    // Assess
    await page.getByRole('heading', { name: "We couldn't sign you in" }).waitFor();
    expect(await page.getByRole('alert').innerText()).toBe('This sign-in page has expired.');
    expect(await backLink(page).getAttribute('href')).toBe(siteUrl('/'));
  });

  it('keeps the site CSP without a violation on the sign-in and error pages', async () => {
    // Prepare
    const violations: string[] = [];
    const watch = (page: Page) =>
      page.on('console', (message) => {
        if (message.text().includes('Content Security Policy')) violations.push(message.text());
      });

    // Act
    const signIn = await openHostedLogin(
      (path) => browser.openPage(path, { prepare: async (page) => watch(page) }),
      '/',
      'Login',
    );
    const error = await browser.openPage(invalidAuthorization(new URL(siteUrl('/')).origin), {
      prepare: async (page) => watch(page),
    });
    await error.getByRole('heading', { name: "We couldn't sign you in" }).waitFor();

    // Assess
    expect(await signIn.getByRole('button', { name: 'Sign in' }).isVisible()).toBe(true);
    expect(violations).toEqual([]);
  });

  it('answers /favicon.ico with an image on both loopback names, and every icon the provider pages name', async () => {
    // Prepare
    const page = await openHostedLogin((path) => browser.openPage(path), '/', 'Login');
    const icons = await page
      .locator('link[rel=icon]')
      .evaluateAll((links) => links.map((link) => (link as HTMLLinkElement).href));

    // Act
    const urls = [siteUrl('/favicon.ico'), onLoopbackAddress('/favicon.ico'), ...icons];
    const answers = await Promise.all(
      urls.map(async (url) => {
        const answer = await page.request.get(url);
        return { url, status: answer.status(), type: answer.headers()['content-type'] ?? '' };
      }),
    );

    // Assess
    expect(icons.length).toBeGreaterThan(0);
    for (const answer of answers) {
      expect(answer).toEqual({
        url: answer.url,
        status: 200,
        type: expect.stringMatching(/^image\//) as string,
      });
    }
  });

  const WIDTHS = [
    { label: 'desktop', viewport: VIEWPORTS.desktop },
    { label: 'phone', viewport: VIEWPORTS.phone },
    { label: 'narrow phone', viewport: { width: 320, height: 640 } },
  ];
  /** Resizes one open page through the widths: its axe violations and sideways scroll at each. */
  const lookAtWidths = async (page: Page) => {
    const found: Record<string, { violations: unknown[]; scrollsSideways: boolean }> = {};
    for (const { label, viewport } of WIDTHS) {
      await resizeTo(page, viewport);
      found[label] = {
        violations: await seriousAccessibilityViolations(page),
        scrollsSideways: await scrollsSideways(page),
      };
    }
    return found;
  };
  const CLEAN_AT_EVERY_WIDTH = Object.fromEntries(
    WIDTHS.map(({ label }) => [label, { violations: [], scrollsSideways: false }]),
  );
  const PAGES = [
    { name: 'sign-in', button: 'Login' },
    { name: 'sign-up', button: 'Sign Up (Get 500 eggs!)' },
  ];

  it.each(PAGES)(
    'finds no serious or critical axe violations and no sideways scroll on the $name page at any width',
    async ({ button }) => {
      // Prepare
      const page = await openHostedLogin(
        (path) => browser.openPage(path, { bypassCSP: true }),
        '/',
        button,
      );

      // Act: the site's Login and Sign Up buttons sit in the phone menu, so the page is resized
      // on the provider.
      const found = await lookAtWidths(page);

      // Assess
      expect(found).toEqual(CLEAN_AT_EVERY_WIDTH);
    },
  );

  it('finds no serious or critical axe violations and no sideways scroll on the error page at any width', async () => {
    // Prepare
    const page = await browser.openPage(invalidAuthorization(new URL(siteUrl('/')).origin), {
      bypassCSP: true,
    });
    await page.getByRole('heading', { name: "We couldn't sign you in" }).waitFor();

    // Act
    const found = await lookAtWidths(page);

    // Assess
    expect(found).toEqual(CLEAN_AT_EVERY_WIDTH);
  });
});
