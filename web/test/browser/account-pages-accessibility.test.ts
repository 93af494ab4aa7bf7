import { describe, expect, it } from 'vitest';
import {
  cleanAtWidths,
  VIEWPORTS,
  seriousAccessibilityViolations,
  skipBrowserTests,
  useBrowser,
  violationsAtWidths,
} from './support/browser';
import { registerUser } from './support/accounts';
import { openSignedIn } from './support/features';

const PAGES = [
  { name: 'Verify Email (resend form)', path: '/verify-email', ready: 'Send link' },
  { name: 'Verify Email (refused link)', path: '/verify-email?token=used-up', ready: 'Send link' },
  { name: 'Reset Password (request)', path: '/reset-password', ready: 'Send reset link' },
  {
    name: 'Reset Password (new password)',
    path: '/reset-password?token=x',
    ready: 'Set new password',
  },
];

describe.skipIf(skipBrowserTests)('Accessibility of the account lifecycle pages', () => {
  const browser = useBrowser();

  it.each(PAGES)(
    'finds no serious or critical axe violations on $name at any width',
    async ({ path, ready }) => {
      // Prepare
      const page = await browser.openPage(path, { bypassCSP: true });
      await page.getByRole('button', { name: ready }).waitFor();

      // Act
      const violations = await violationsAtWidths(page);

      // Assess
      expect(violations).toEqual(cleanAtWidths());
    },
  );

  it('finds no serious or critical axe violations in a refused new password', async () => {
    // Prepare
    const page = await browser.openPage('/reset-password?token=x', { bypassCSP: true });
    await page.getByLabel('New password', { exact: true }).fill('short');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByRole('alert').waitFor();

    // Act
    const violations = await seriousAccessibilityViolations(page);

    // Assess
    expect(violations).toEqual([]);
  });

  it('finds no serious or critical axe violations on Profile with the unverified notice', async () => {
    // Prepare: the notice's markup, for a user the profile answer calls unverified
    const auth = await registerUser();
    const page = await openSignedIn(browser, auth, '/profile', {
      viewport: VIEWPORTS.phone,
      bypassCSP: true,
      prepare: (opened) =>
        opened.route('**/api/user/profile', async (route) => {
          const answer = await route.fetch();
          const body = (await answer.json()) as { data: Record<string, unknown> };
          await route.fulfill({
            response: answer,
            json: { ...body, data: { ...body.data, is_verified: false } },
          });
        }),
    });
    await page.getByRole('region', { name: 'Email verification' }).waitFor();
    await page.getByText('Danger Zone').waitFor();

    // Act
    const violations = await seriousAccessibilityViolations(page);

    // Assess
    expect(violations).toEqual([]);
  });
});
