import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { skipBrowserTests, siteUrl, useBrowser } from './support/browser';

/** A same-origin stand-in for the tip service's overlay script (the CSP allows only 'self'). */
const SCRIPT_PATH = '/test-assets/tip-overlay.js';
const FAKE_OVERLAY = `window.kofiWidgetOverlay = {
  draw(account, options) {
    const button = document.createElement('button');
    button.textContent = options['floating-chat.donateButton.text'] + ' @' + account;
    button.dataset.type = options.type;
    document.body.append(button);
  },
};`;

const routeConfig = (donation: unknown) => async (page: Page) => {
  await page.route('**/config.json', (route) =>
    route.fulfill({ json: { apiBaseUrl: '/api', auth: null, donation } }),
  );
  await page.route(`**${SCRIPT_PATH}`, (route) =>
    route.fulfill({ contentType: 'text/javascript', body: FAKE_OVERLAY }),
  );
};

describe.skipIf(skipBrowserTests)('Donation widget', () => {
  const browser = useBrowser();
  const donation = {
    scriptUrl: siteUrl(SCRIPT_PATH),
    account: 'hatchworks',
    label: 'Tip the studio',
  };

  it('loads the tip script asynchronously on Home and draws the floating button', async () => {
    // Prepare
    const requests: string[] = [];
    const prepare = async (page: Page) => {
      page.on('request', (request: Request) => requests.push(request.url()));
      await routeConfig(donation)(page);
    };

    // Act
    const page = await browser.openPage('/', { prepare });
    const widget = page.getByRole('button', { name: 'Tip the studio @hatchworks' });
    await widget.waitFor();

    // Assess
    expect(requests).toContain(siteUrl(SCRIPT_PATH));
    expect(await widget.getAttribute('data-type')).toBe('floating-chat');
    const script = page.locator(`script[src="${siteUrl(SCRIPT_PATH)}"]`);
    expect(await script.evaluate((element: HTMLScriptElement) => element.async)).toBe(true);
  });

  it('takes the floating button away when leaving Home, whose tip button About mentions', async () => {
    // Prepare
    const page = await browser.openPage('/', { prepare: routeConfig(donation) });
    const widget = page.getByRole('button', { name: 'Tip the studio @hatchworks' });
    await widget.waitFor();

    // Act
    await page
      .getByRole('navigation', { name: 'Main', exact: true })
      .getByRole('link', { name: 'About' })
      .click();
    await page.getByRole('heading', { name: 'About Eggs' }).waitFor();

    // Assess
    expect(await widget.count()).toBe(0);
    expect(await page.getByRole('main').innerText()).toContain('the tip button on the home page');
  });

  it('is absent when /config.json has no donation entry, and About mentions no tip button', async () => {
    // Prepare
    const requests: string[] = [];
    const prepare = async (page: Page) => {
      page.on('request', (request: Request) => requests.push(request.url()));
      await routeConfig(null)(page);
    };

    // Act
    const page = await browser.openPage('/', { prepare });
    await page.getByText('Explore Project →').first().waitFor();

    // Assess
    expect(requests.some((url) => url.includes(SCRIPT_PATH))).toBe(false);
    expect(await page.locator('script[src*="tip-overlay"]').count()).toBe(0);
    await page
      .getByRole('navigation', { name: 'Main', exact: true })
      .getByRole('link', { name: 'About' })
      .click();
    const about = page.getByRole('main');
    await about.getByText('donations are entirely optional').waitFor();
    expect(await about.innerText()).not.toContain('tip button');
  });

  it('stays off the other pages', async () => {
    // Prepare
    const requests: string[] = [];
    const prepare = async (page: Page) => {
      page.on('request', (request: Request) => requests.push(request.url()));
      await routeConfig(donation)(page);
    };

    // Act
    const page = await browser.openPage('/about', { prepare });
    await page.getByRole('heading', { name: 'About Eggs' }).waitFor();

    // Assess
    expect(requests.some((url) => url.includes(SCRIPT_PATH))).toBe(false);
  });
});
