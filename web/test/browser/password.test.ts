import { describe, expect, it } from 'vitest';
import { linkFromMail, waitForMail } from './support/mail';
import { siteUrl, skipBrowserTests, useBrowser, VIEWPORTS } from './support/browser';
import {
  eggBalance,
  loginUser,
  registerUser,
  signInAtIdp,
  TEST_PASSWORD,
} from './support/accounts';
import { openSignedIn } from './support/features';

const NEW_PASSWORD = 'a fresh password for the test';

/** The status code of the profile answer for `token`. */
const profileStatus = async (token: string) =>
  (await fetch(siteUrl('/api/user/profile'), { headers: { authorization: `Bearer ${token}` } }))
    .status;

describe.skipIf(skipBrowserTests)('Signing in with email and password', () => {
  const browser = useBrowser();

  it('signs a password account in through Login, in one step, and shows its balance', async () => {
    // Prepare
    const auth = await registerUser({ display_name: 'Pass Word' });
    const page = await browser.openPage('/tracker');

    // Act
    await page.getByRole('button', { name: 'Login' }).click();
    await signInAtIdp(page, auth.user.email, TEST_PASSWORD);
    await page.getByRole('button', { name: /Hi, Pass Word/ }).waitFor();

    // Assess
    expect(new URL(page.url()).pathname).toBe('/tracker');
    expect(await eggBalance(page)).toBe(500);
  });
});

describe.skipIf(skipBrowserTests)('Change password (Profile)', () => {
  const browser = useBrowser();

  it('changes it: the old own token answers 401, the page stays signed in, the new one works at Login', async () => {
    // Prepare
    const auth = await registerUser();
    const old = await loginUser(auth.user.email, TEST_PASSWORD);
    const page = await openSignedIn(browser, old, '/profile');
    const section = page.getByRole('region', { name: 'Change Password' });

    // Act
    await section.getByLabel('Current password').fill(TEST_PASSWORD);
    await section.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await section.getByLabel('Confirm new password').fill(NEW_PASSWORD);
    await section.getByRole('button', { name: 'Change Password' }).click();
    const toast = page.getByTestId('toast');
    await toast.waitFor();

    // Assess: the toast is the one announcement
    expect(await toast.innerText()).toContain('Your password was changed.');
    expect(await section.getByRole('status').count()).toBe(0);
    expect(await section.getByLabel('Current password').inputValue()).toBe('');
    expect(await profileStatus(old.token)).toBe(401);
    await page.reload();
    await page.getByText('Danger Zone').waitFor();
    expect(await page.getByRole('heading', { name: 'Access Denied' }).count()).toBe(0);
    const login = await browser.openPage('/');
    await login.getByRole('button', { name: 'Login' }).click();
    await signInAtIdp(login, auth.user.email, NEW_PASSWORD);
    expect(await eggBalance(login)).toBe(500);
  });

  it('shows the server message for a wrong current password and keeps what was typed', async () => {
    // Prepare
    const page = await openSignedIn(browser, await registerUser(), '/profile', {
      viewport: VIEWPORTS.phone,
    });
    const section = page.getByRole('region', { name: 'Change Password' });

    // Act
    await section.getByLabel('Current password').fill('not my password');
    await section.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await section.getByLabel('Confirm new password').fill(NEW_PASSWORD);
    await section.getByRole('button', { name: 'Change Password' }).click();
    const alert = section.getByRole('alert');
    await alert.waitFor();

    // Assess
    expect(await alert.innerText()).toBe('The current password is not correct');
    expect(await section.getByLabel('Current password').inputValue()).toBe('not my password');
    expect(await section.getByLabel('New password', { exact: true }).inputValue()).toBe(
      NEW_PASSWORD,
    );
  });

  it('checks the rules and the confirmation before asking the server', async () => {
    // Prepare
    const page = await openSignedIn(browser, await registerUser(), '/profile');
    const section = page.getByRole('region', { name: 'Change Password' });
    let asked = false;
    await page.route('**/api/user/password', async (route) => {
      asked = true;
      await route.continue();
    });

    // Act
    await section.getByLabel('Current password').fill(TEST_PASSWORD);
    await section.getByLabel('New password', { exact: true }).fill('too short');
    await section.getByRole('button', { name: 'Change Password' }).click();
    const short = await section.getByRole('alert').innerText();
    await section.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await section.getByLabel('Confirm new password').fill(`${NEW_PASSWORD}!`);
    await section.getByRole('button', { name: 'Change Password' }).click();
    const differ = await section.getByRole('alert').innerText();

    // Assess
    expect(short).toBe('Password must be at least 10 characters');
    expect(differ).toBe('The two new passwords do not match.');
    expect(asked).toBe(false);
    expect(await section.getByText(/^10 to 128 characters\./).isVisible()).toBe(true);
  });
});

describe.skipIf(skipBrowserTests)('Forgot password', () => {
  const browser = useBrowser();

  it('goes from the login page to the mail, the reset page and a sign-in with the new password', async () => {
    // Prepare
    const auth = await registerUser();
    const page = await browser.openPage('/');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(/\/idp\//);

    // Act
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
    const asked = new Date();
    await page.getByLabel('Email').fill(auth.user.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    const sent = await page.getByRole('status').innerText();
    const link = linkFromMail(
      await waitForMail(auth.user.email, { after: asked }),
      '/reset-password',
    );
    await page.goto(`${link.pathname}${link.search}`);
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByRole('heading', { name: 'Your password was changed.' }).waitFor();
    const done = await page.getByRole('main').innerText();
    await page.getByRole('main').getByRole('button', { name: 'Log in' }).click();
    await signInAtIdp(page, auth.user.email, NEW_PASSWORD);

    // Assess
    expect(sent).toBe(
      'If an account exists for that address, we sent a link to reset the password. It is valid for one hour.',
    );
    expect(done).toContain('Log in with your new password.');
    expect(await eggBalance(page)).toBe(500);
    await expect(loginUser(auth.user.email, TEST_PASSWORD)).rejects.toThrow(/401/);
  });

  it('keeps the new password typed when the link is refused, and offers a new link', async () => {
    // Prepare
    const page = await browser.openPage('/reset-password?token=not-a-real-token', {
      viewport: VIEWPORTS.phone,
    });

    // Act
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Set new password' }).click();
    const alert = page.getByRole('main').getByRole('alert');
    await alert.waitFor();

    // Assess
    expect(await alert.innerText()).toBe('This password reset link is invalid or has expired.');
    expect(await page.getByLabel('New password', { exact: true }).inputValue()).toBe(NEW_PASSWORD);
    await page.getByRole('link', { name: 'Ask for a new link' }).click();
    await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
  });
});
