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

  it('shows a hosted sign-up that the welcome eggs wait for the email, resends it, and keeps no password of its own', async () => {
    // Prepare
    const account = { email: uniqueEmail('hosted'), password: 'a long enough secret' };
    const page = await browser.openPage('/');
    await page.getByRole('button', { name: 'Sign Up (Get 500 eggs!)' }).click();
    await signUpAtIdp(page, account);
    const notice = page.getByRole('region', { name: 'Email verification' });
    await notice.waitFor();
    const balance = await eggBalance(page);
    const noticeText = await notice.innerText();
    const asked = new Date();

    // Act
    await notice.getByRole('button', { name: 'Resend email' }).click();
    await notice.getByRole('status').waitFor();
    const link = await verificationLink(account.email, asked);
    await page.goto(link);
    await page.getByRole('heading', { name: 'Your email is verified.' }).waitFor();

    // Assess
    expect(balance).toBe(0);
    expect(noticeText).toContain('Verify your email to get your 500 welcome eggs.');
    await page.locator('.account--bar .egg-balance', { hasText: '500' }).waitFor();
    await page.goto('/profile');
    await page.getByText('Danger Zone').waitFor();
    expect(await page.getByRole('region', { name: 'Email verification' }).count()).toBe(0);
    expect(await page.getByRole('region', { name: 'Password', exact: true }).innerText()).toContain(
      'Your password is managed by your sign-in provider.',
    );
  });
});
