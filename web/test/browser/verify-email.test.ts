import { describe, expect, it } from 'vitest';
import { linkFromMail, waitForMail } from './support/mail';
import { skipBrowserTests, useBrowser, VIEWPORTS } from './support/browser';
import {
  eggBalance,
  registerUnverified,
  signInAtIdp,
  signUpAtIdp,
  uniqueEmail,
} from './support/accounts';

/** The site path of the verification link in the newest mail to `email` since `after`. */
async function verificationLink(email: string, after: Date): Promise<string> {
  const link = linkFromMail(await waitForMail(email, { after }), '/verify-email');
  return `${link.pathname}${link.search}`;
}

describe.skipIf(skipBrowserTests)('Verify email (/verify-email)', () => {
  const browser = useBrowser();

  it('opens the link from the mail, shows the 500 welcome eggs, and logs in to them', async () => {
    // Prepare
    const account = await registerUnverified();
    const link = await verificationLink(account.email, account.since);

    // Act
    const page = await browser.openPage(link);
    await page.getByRole('heading', { name: 'Your email is verified.' }).waitFor();
    const welcome = await page.getByText('500 welcome eggs are in your balance.').isVisible();
    await page.getByRole('main').getByRole('button', { name: 'Log in' }).click();
    await signInAtIdp(page, account.email, account.password);

    // Assess
    expect(welcome).toBe(true);
    expect(await eggBalance(page)).toBe(500);
    expect(new URL(page.url()).pathname).toBe('/');
  });

  it('opens the same link again without a second welcome', async () => {
    // Prepare
    const account = await registerUnverified();
    const link = await verificationLink(account.email, account.since);
    const first = await browser.openPage(link);
    await first.getByText('500 welcome eggs are in your balance.').waitFor();

    // Act
    const page = await browser.openPage(link, { viewport: VIEWPORTS.phone });
    await page.getByRole('heading', { name: 'Your email is verified.' }).waitFor();

    // Assess
    expect(await page.getByRole('main').innerText()).toContain(
      'This address had its welcome eggs before, so there are none this time.',
    );
    expect(new URL(page.url()).search).toBe('');
  });

  it('says why a broken link fails and sends a new one from the same page', async () => {
    // Prepare
    const account = await registerUnverified();
    const link = await verificationLink(account.email, account.since);
    const asked = new Date();

    // Act
    const page = await browser.openPage(link.replace(/token=./, 'token=x'));
    const alert = page.getByRole('main').getByRole('alert');
    await alert.waitFor();
    const message = await alert.innerText();
    await page.getByLabel('Email').fill(account.email);
    await page.getByRole('button', { name: 'Send link' }).click();
    await page
      .getByText('If an account with that address is waiting for verification, we sent a new link.')
      .waitFor();
    const again = await verificationLink(account.email, asked);

    // Assess
    expect(message).toBe('This verification link is invalid or has expired.');
    expect(await page.getByLabel('Email').inputValue()).toBe(account.email);
    expect(again).not.toBe(link);
  });

  it('sends the link again without a token, the same answer for any address', async () => {
    // Prepare
    const account = await registerUnverified();
    const page = await browser.openPage('/verify-email', { viewport: VIEWPORTS.phone });
    await page.getByRole('heading', { name: 'Send the verification link again' }).waitFor();
    const asked = new Date();

    // Act
    await page.getByLabel('Email').fill(account.email);
    await page.getByRole('button', { name: 'Send link' }).click();
    const status = page.getByRole('status');
    await status.waitFor();
    const link = await verificationLink(account.email, asked);

    // Assess
    expect(await status.innerText()).toBe(
      'If an account with that address is waiting for verification, we sent a new link.',
    );
    expect(link).toMatch(/^\/verify-email\?token=/);
  });

  it('signs up at the hosted page, proves the address, signs in there; after a change on the site only the new password opens it', async () => {
    // Prepare: sign up on the hosted page, open the mailed link, sign in there.
    const account = { email: uniqueEmail('hosted'), password: 'a long enough secret' };
    const since = new Date();
    const page = await browser.openPage('/');
    await page.getByRole('button', { name: 'Sign Up (Get 500 eggs!)' }).click();
    await signUpAtIdp(page, { ...account, name: 'Nova Hatch' });
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();
    await page.goto(await verificationLink(account.email, since));
    await page.getByRole('heading', { name: 'Your email is verified.' }).waitFor();
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Login' }).first().click();
    await signInAtIdp(page, account.email, account.password);
    await page.getByRole('button', { name: /Hi, Nova Hatch/ }).waitFor();
    const balance = await eggBalance(page);

    // Act: change the password on the site, sign out, sign in at the hosted page again.
    const form = page.getByRole('region', { name: 'Change Password' });
    await form.getByLabel('Current password').fill(account.password);
    await form.getByLabel('New password', { exact: true }).fill('changed on the site');
    await form.getByLabel('Confirm new password').fill('changed on the site');
    await form.getByRole('button', { name: 'Change Password' }).click();
    await page.getByTestId('toast').filter({ hasText: 'Your password was changed.' }).waitFor();
    await page.reload();
    const stillSignedIn = page.getByRole('button', { name: /Hi, Nova Hatch/ });
    await stillSignedIn.waitFor();
    await stillSignedIn.click();
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('button', { name: 'Login' }).first().click();
    await signInAtIdp(page, account.email, account.password);
    const refused = await page.getByRole('alert').innerText();
    await page.getByLabel('Password').fill('changed on the site');
    await page.getByRole('button', { name: 'Sign in' }).click();

    // Assess
    await page.getByRole('button', { name: /Hi, Nova Hatch/ }).waitFor();
    expect(balance).toBe(500);
    expect(refused).toContain('Invalid email or password');
  });
});
