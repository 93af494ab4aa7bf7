import { describe, expect, it } from 'vitest';
import { NAME_MESSAGES } from '@hatchworks/shared/schemas/user-names';
import { registerUser } from './support/accounts';
import { openSignedIn } from './support/features';
import { skipBrowserTests, useBrowser } from './support/browser';

describe.skipIf(skipBrowserTests)('Profile names that cannot impersonate (/profile)', () => {
  const browser = useBrowser();

  /** The profile of a fresh account with its edit form open. */
  async function editProfile() {
    const auth = await registerUser();
    const page = await openSignedIn(browser, auth, '/profile');
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    return { page, auth };
  }

  it('shows "This username is reserved" and keeps the form and the old name', async () => {
    // Prepare
    const { page, auth } = await editProfile();

    // Act
    await page.getByLabel('Username').fill('Admin-1');
    await page.getByRole('button', { name: 'Save' }).click();

    // Assess
    const alert = page.getByRole('main').getByRole('alert');
    await alert.waitFor();
    expect(await alert.innerText()).toBe(NAME_MESSAGES.usernameReserved);
    expect(await page.getByLabel('Username').inputValue()).toBe('Admin-1');
    await page.getByRole('button', { name: 'Cancel' }).click();
    expect(await page.getByText(`@${auth.user.username}`).isVisible()).toBe(true);
  });

  it('refuses a display name with a text-direction override, saying why', async () => {
    // Prepare
    const { page } = await editProfile();

    // Act
    await page.getByLabel('Display Name').fill('Mallory\u202Eexe.gnp');
    await page.getByRole('button', { name: 'Save' }).click();

    // Assess
    const alert = page.getByRole('main').getByRole('alert');
    await alert.waitFor();
    expect(await alert.innerText()).toBe(NAME_MESSAGES.displayNameHidden);
  });
});
