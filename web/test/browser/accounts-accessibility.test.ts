import { describe, expect, it } from 'vitest';
import {
  cleanAtWidths,
  seriousAccessibilityViolations,
  skipBrowserTests,
  useBrowser,
  violationsAtWidths,
} from './support/browser';
import { DEMO, loginUser } from './support/accounts';
import { openSignedIn } from './support/features';

const CASES = [
  { name: 'Profile', path: '/profile', ready: 'Danger Zone' },
  { name: 'Manage Projects', path: '/projects', ready: 'View Features →' },
];

describe.skipIf(skipBrowserTests)('Accessibility of the account screens', () => {
  const browser = useBrowser();

  it.each(CASES)(
    'finds no serious or critical axe violations on $name at any width, signed in as admin',
    async ({ path, ready }) => {
      // Prepare
      const page = await openSignedIn(
        browser,
        await loginUser(DEMO.admin.email, DEMO.admin.password),
        path,
        { bypassCSP: true },
      );
      await page.getByText(ready).first().waitFor();

      // Act
      const violations = await violationsAtWidths(page);

      // Assess
      expect(violations).toEqual(cleanAtWidths());
    },
  );

  it('finds no serious or critical axe violations in the open delete-account dialog', async () => {
    // Prepare
    const page = await openSignedIn(
      browser,
      await loginUser(DEMO.user.email, DEMO.user.password),
      '/profile',
      { bypassCSP: true },
    );
    await page.getByRole('button', { name: 'Delete Account' }).click();
    await page.getByRole('dialog', { name: 'Delete Account' }).waitFor();

    // Act
    const violations = await seriousAccessibilityViolations(page);

    // Assess
    expect(violations).toEqual([]);
  });

  it.each([
    { name: 'Profile (denied)', path: '/profile', ready: 'Access Denied' },
    { name: 'Manage Projects (denied)', path: '/projects', ready: 'Authentication Required' },
  ])(
    'finds no serious or critical axe violations on $name for visitors',
    async ({ path, ready }) => {
      // Prepare
      const page = await browser.openPage(path, { bypassCSP: true });
      await page.getByText(ready).first().waitFor();

      // Act
      const violations = await seriousAccessibilityViolations(page);

      // Assess
      expect(violations).toEqual([]);
    },
  );
});
