import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { skipBrowserTests, siteUrl, useBrowser, VIEWPORTS } from './support/browser';
import {
  DEMO,
  eggBalance,
  registerUser,
  seedSession,
  signInAtIdp,
  TEST_PASSWORD,
} from './support/accounts';
import { openSignedIn } from './support/features';

const storedKeys = (page: Page) => page.evaluate(() => Object.keys(localStorage).sort());

describe.skipIf(skipBrowserTests)('Hosted login through the identity provider', () => {
  const browser = useBrowser();

  it('signs in with PKCE from the Login button and returns to the page it started on', async () => {
    // Prepare
    const page = await browser.openPage('/about');

    // Act
    await page.getByRole('button', { name: 'Login' }).click();
    await signInAtIdp(page, DEMO.user.email, DEMO.user.password);
    await page.getByRole('button', { name: /Hi, Demo User/ }).waitFor();

    // Assess
    expect(new URL(page.url()).pathname).toBe('/about');
    expect(await eggBalance(page)).toBeGreaterThanOrEqual(0);
    const nav = page.getByRole('navigation', { name: 'Main', exact: true });
    // On the wide bar Profile is in the avatar menu, not among the destinations.
    await page.getByRole('button', { name: /Hi, Demo User/ }).click();
    expect(
      await page.locator('.account-menu__panel').getByRole('link', { name: 'Profile' }).isVisible(),
    ).toBe(true);
    expect(await nav.getByRole('link', { name: 'Manage Projects' }).count()).toBe(0);
    const stored = await page.evaluate(() => ({
      state: JSON.parse(localStorage.getItem('featureRequestAuth') ?? 'null') as {
        authenticated: boolean;
        token: string;
        user: { email: string };
      },
      token: localStorage.getItem('token'),
    }));
    expect(stored.state.authenticated).toBe(true);
    expect(stored.state.user.email).toBe(DEMO.user.email);
    expect(stored.token).toBe(stored.state.token);
  });

  it('signs in on the other loopback name, 127.0.0.1, and returns there signed in', async () => {
    // Prepare
    const onLoopbackAddress = siteUrl('/about').replace('//localhost:', '//127.0.0.1:');
    const page = await browser.openPage(onLoopbackAddress);

    // Act
    await page.getByRole('button', { name: 'Login' }).click();
    await signInAtIdp(page, DEMO.user.email, DEMO.user.password);
    await page.getByRole('button', { name: /Hi, Demo User/ }).waitFor();

    // Assess
    expect(page.url()).toBe(onLoopbackAddress);
    expect(await eggBalance(page)).toBeGreaterThanOrEqual(0);
  });

  it('keeps the session across a reload', async () => {
    // Prepare
    const page = await browser.openPage('/');
    await page.getByRole('button', { name: 'Login' }).click();
    await signInAtIdp(page, DEMO.user.email, DEMO.user.password);
    await page.getByRole('button', { name: /Hi, Demo User/ }).waitFor();

    // Act
    await page.reload();

    // Assess
    await page.getByRole('button', { name: /Hi, Demo User/ }).waitFor();
    expect(await page.getByRole('button', { name: 'Login' }).count()).toBe(0);
  });

  it('signs out everywhere from Profile: this browser says so, another is signed out on its next call', async () => {
    // Prepare: one account signed in at the hosted login here, and on the site elsewhere.
    const account = await registerUser();
    const page = await browser.openPage('/profile');
    await page.getByRole('button', { name: 'Login' }).first().click();
    await signInAtIdp(page, account.user.email, TEST_PASSWORD);
    await page.getByRole('heading', { name: 'Sessions' }).waitFor();
    const other = await browser.openPage('/about');
    // The other browser's own first calls are answered before the sessions end, so that its
    // next call is the one this test makes (a late one would sign it out on /about instead).
    const answered = Promise.all(
      ['**/api/user/profile', '**/api/notifications/unread-count'].map((url) =>
        other.waitForResponse(url),
      ),
    );
    await seedSession(other, account);
    await other.getByRole('button', { name: /^Hi, / }).waitFor();
    expect((await answered).map((response) => response.status())).toEqual([200, 200]);

    // Act
    await page.getByRole('button', { name: 'Sign out everywhere' }).click();
    await page.getByRole('status').filter({ hasText: 'signed out everywhere' }).waitFor();
    await other.goto('/profile');

    // Assess
    await other.getByRole('status').filter({ hasText: 'You were signed out' }).waitFor();
    expect(await other.getByRole('button', { name: 'Login' }).first().isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Login' }).first().isVisible()).toBe(true);
  });

  it('logs out at the provider without a second question and says so on the site origin', async () => {
    // Prepare
    const page = await browser.openPage('/about');
    await page.getByRole('button', { name: 'Login' }).click();
    await signInAtIdp(page, DEMO.user.email, DEMO.user.password);
    const menu = page.getByRole('button', { name: /Hi, Demo User/ });
    await menu.click();

    // Act
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(siteUrl('/'));
    await page.getByRole('button', { name: 'Login' }).waitFor();

    // Assess
    expect(await page.getByRole('status').filter({ hasText: 'signed out' }).innerText()).toBe(
      'You are signed out.',
    );
    expect(await storedKeys(page)).toEqual([]);
    expect(
      await page
        .getByRole('navigation', { name: 'Main', exact: true })
        .getByRole('link')
        .allInnerTexts(),
    ).not.toContain('Profile');
  });

  it('deletes a hosted-login account and ends on the site, signed out, saying so', async () => {
    // Prepare
    const account = await registerUser();
    const page = await browser.openPage('/profile');
    await page.getByRole('button', { name: 'Login' }).click();
    await signInAtIdp(page, account.user.email, TEST_PASSWORD);
    await page.getByRole('button', { name: 'Delete Account' }).click();
    await page.getByLabel(/Type your username/).fill(account.user.username);

    // Act
    await page.getByRole('dialog').getByRole('button', { name: 'Delete Account' }).click();
    await page.waitForURL(siteUrl('/'));

    // Assess
    await page.getByRole('button', { name: 'Login' }).waitFor();
    expect(await page.getByRole('status').filter({ hasText: 'deleted' }).innerText()).toBe(
      'Your account was deleted.',
    );
    expect(await storedKeys(page)).toEqual([]);
    await page.reload();
    await page.getByRole('button', { name: 'Login' }).waitFor();
    expect(await page.getByText('Your account was deleted.').count()).toBe(0);
  });

  it('says why when the server cannot verify the signed-in user', async () => {
    // Prepare
    const page = await browser.openPage('/', {
      prepare: (p) =>
        p.route('**/api/auth0/verify-user', (route) =>
          route.fulfill({
            status: 409,
            contentType: 'application/json',
            body: JSON.stringify({
              success: false,
              error: 'An account with this email already exists',
              code: 'CONFLICT',
            }),
          }),
        ),
    });

    // Act
    await page.getByRole('button', { name: 'Login' }).click();
    await signInAtIdp(page, DEMO.user.email, DEMO.user.password);

    // Assess
    const alert = page.locator('.account--bar').getByRole('alert');
    await alert.waitFor();
    expect(await alert.innerText()).toBe('An account with this email already exists');
    expect(
      await page.locator('.account--bar').getByRole('button', { name: 'Try again' }).isVisible(),
    ).toBe(true);
  });
});

describe.skipIf(skipBrowserTests)('Account widget', () => {
  const browser = useBrowser();

  it('shows Login and Sign Up to visitors', async () => {
    // Prepare / Act
    const page = await browser.openPage('/');
    const widget = page.locator('.account--bar');
    await widget.getByRole('button', { name: 'Login' }).waitFor();

    // Assess
    expect(await widget.getByRole('button').allInnerTexts()).toEqual([
      'Login',
      'Sign Up (Get 500 eggs!)',
    ]);
  });

  it('disables Login and Sign Up with "Sign-in is not configured" when there is no identity provider', async () => {
    // Prepare
    const page = await browser.openPage('/', {
      prepare: (p) =>
        p.route('**/config.json', (route) =>
          route.fulfill({
            contentType: 'application/json',
            body: JSON.stringify({ apiBaseUrl: '/api', auth: null, donation: null }),
          }),
        ),
    });
    const login = page.locator('.account--bar').getByRole('button', { name: 'Login' });
    await login.waitFor();

    // Act (Playwright will not click an aria-disabled button; a user still can)
    await login.dispatchEvent('click');

    // Assess
    expect(await login.getAttribute('aria-disabled')).toBe('true');
    expect(await login.getAttribute('title')).toBe('Sign-in is not configured');
    expect(new URL(page.url()).pathname).toBe('/');
  });

  it('shows a spinner and "Loading..." while the sign-in is being verified', async () => {
    // Prepare
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const page = await browser.openPage('/', {
      prepare: (p) =>
        p.route('**/api/auth0/verify-user', async (route) => {
          await held;
          await route.continue();
        }),
    });
    await page.getByRole('button', { name: 'Login' }).click();
    await signInAtIdp(page, DEMO.user.email, DEMO.user.password);

    // Act
    const loading = page.locator('.account--bar').getByRole('status');
    await loading.waitFor();
    const text = await loading.innerText();
    release();

    // Assess
    expect(text).toBe('Loading...');
    await page.getByRole('button', { name: /Hi, Demo User/ }).waitFor();
  });

  it('shows eggs, Claim Daily, greeting, Admin badge, Profile and Logout to a signed-in admin', async () => {
    // Prepare
    const page = await browser.openPage('/');
    await page.getByRole('button', { name: 'Login' }).click();
    await signInAtIdp(page, DEMO.admin.email, DEMO.admin.password);
    const account = page.getByRole('button', { name: /Hi, Demo Admin/ });
    await account.waitFor();

    // Act
    await account.click();

    // Assess
    expect(await page.locator('.account-menu__panel').innerText()).toContain('Admin');
    expect(await page.locator('.account--bar .egg-balance').textContent()).toMatch(
      /^ [\d,]+ eggs$/,
    );
    expect(await page.locator('.account--bar .egg-balance svg.icon--egg').count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Profile' }).last().isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Logout' }).isVisible()).toBe(true);
    const nav = page.getByRole('navigation', { name: 'Main', exact: true });
    expect(await nav.getByRole('link', { name: 'Manage Projects' }).isVisible()).toBe(true);
  });

  it('claims the daily eggs once: one notice, the new balance, then "Next claim in N h" until the claim opens', async () => {
    // Prepare: the page's clock is Playwright's, so the wait passes without waiting
    const page = await openSignedIn(browser, await registerUser(), '/', {
      prepare: (opened) => opened.clock.install(),
    });
    const bar = page.locator('.account--bar');
    const claim = bar.getByRole('button', { name: 'Claim Daily' });
    await claim.waitFor();
    expect(await bar.locator('.egg-balance').textContent()).toBe(' 500 eggs');
    expect(await bar.locator('.egg-balance svg.icon--egg').count()).toBe(1);
    const answered = page.waitForResponse('**/api/user/claim-daily-eggs');

    // Act
    await claim.click();
    const { data } = (await (await answered).json()) as { data: { next_claim_at: string } };
    const opensAt = Date.parse(data.next_claim_at);
    const next = bar.locator('.account__claim .claim-daily__next');
    await next.waitFor();
    const toasts = await page.getByTestId('toast').allInnerTexts();
    const statusesInBar = await bar.getByRole('status').count();
    /** The page's clock `before` the opening, then one tick of the per-minute timer. */
    const minuteBefore = async (before: number) => {
      await page.clock.setSystemTime(opensAt - before - 20_000);
      await page.clock.runFor(60_000);
    };
    await minuteBefore(13 * 3_600_000);
    const hoursLeft = await next.textContent();
    await minuteBefore(30 * 60_000);
    const minutesLeft = await next.textContent();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Menu' }).click();
    const inMenu = await page.locator('.account--menu .claim-daily__next').innerText();
    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 1280, height: 900 });
    await minuteBefore(0);

    // Assess: the toast is the one announcement; the wait stands where the button was
    expect(toasts).toEqual([
      expect.stringContaining('Claimed 100 eggs! Balance: 600 eggs.') as string,
    ]);
    expect(statusesInBar).toBe(0);
    await bar.locator('.egg-balance', { hasText: '600' }).waitFor();
    expect({ hoursLeft, minutesLeft, inMenu }).toEqual({
      hoursLeft: 'Next claim in 13 h',
      minutesLeft: 'Next claim in 30 min',
      inMenu: 'Next claim in 30 min',
    });
    await bar.getByRole('button', { name: 'Claim Daily' }).waitFor();
    expect(await next.count()).toBe(0);
  });

  it('tells the user when the daily claim fails', async () => {
    // Prepare
    const page = await openSignedIn(browser, await registerUser(), '/');
    await page.route('**/api/user/claim-daily-eggs', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ success: false, error: 'boom', code: 'SERVER_ERROR' }),
      }),
    );
    const claim = page.locator('.account--bar').getByRole('button', { name: 'Claim Daily' });
    await claim.waitFor();

    // Act
    await claim.click();

    // Assess
    const alert = page.locator('.account--bar').getByRole('alert');
    await alert.waitFor();
    expect(await alert.innerText()).toContain('Failed to claim daily eggs. Please try again.');
    expect(await page.locator('.account--bar .egg-balance').textContent()).toBe(' 500 eggs');
  });

  it('moves the account into the mobile menu on a phone', async () => {
    // Prepare
    const page = await openSignedIn(
      browser,
      await registerUser({ display_name: 'Pocket Hen' }),
      '/',
      { viewport: VIEWPORTS.phone },
    );
    await page.locator('.account--bar .egg-balance').waitFor();

    // Act
    await page.getByRole('button', { name: 'Menu' }).click();
    const menu = page.locator('.account--menu');

    // Assess
    expect(await menu.getByText('Hi, Pocket Hen').isVisible()).toBe(true);
    expect(await menu.getByRole('button', { name: 'Claim Daily' }).isVisible()).toBe(true);
    expect(await menu.getByRole('button', { name: 'Logout' }).isVisible()).toBe(true);
    const panel = page.locator('#mobile-menu');
    expect(await panel.getByRole('link', { name: 'Profile' }).count()).toBe(1);
    const nav = page.getByRole('navigation', { name: 'Main menu' });
    expect(await nav.getByRole('link', { name: 'Profile' }).isVisible()).toBe(true);
  });

  it('signs an own-token session out to the origin without visiting the provider', async () => {
    // Prepare
    const page = await openSignedIn(browser, await registerUser(), '/about', {
      viewport: VIEWPORTS.phone,
    });
    await page.getByRole('button', { name: 'Menu' }).click();

    // Act
    await page.locator('.account--menu').getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(siteUrl('/'));
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.locator('.account--menu').getByRole('button', { name: 'Login' }).waitFor();

    // Assess
    expect(await storedKeys(page)).toEqual([]);
  });

  it('logs out when the stored token is no longer accepted', async () => {
    // Prepare
    const page = await browser.openPage('/');
    const auth = await registerUser();

    // Act
    await seedSession(page, { ...auth, token: `${auth.token}x` });
    await page.waitForURL(siteUrl('/'));
    await page.locator('.account--bar').getByRole('button', { name: 'Login' }).waitFor();

    // Assess
    expect(await storedKeys(page)).toEqual([]);
  });
});
