import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { skipBrowserTests, siteUrl, useBrowser } from './support/browser';
import { loginUser, registerUser } from './support/accounts';
import { openSignedIn } from './support/features';

const shortId = () => randomUUID().slice(0, 8);

describe.skipIf(skipBrowserTests)('Profile (/profile)', () => {
  const browser = useBrowser();

  it('denies visitors with "Please log in to access your profile."', async () => {
    // Prepare / Act
    const page = await browser.openPage('/profile');
    await page.getByRole('heading', { name: 'Access Denied' }).waitFor();

    // Assess
    expect(await page.getByText('Please log in to access your profile.').isVisible()).toBe(true);
    expect(await page.title()).toBe('Profile | Hatchworks');
  });

  it('shows the avatar initial, names, role, stats and member-since date', async () => {
    // Prepare
    const auth = await registerUser({ display_name: 'Quail Quill', username: `qq_${shortId()}` });

    // Act
    const page = await openSignedIn(browser, auth, '/profile');
    await page.getByRole('heading', { level: 1, name: 'Quail Quill' }).waitFor();

    // Assess
    const main = page.getByRole('main');
    expect(await main.locator('.profile-header .avatar').innerText()).toBe('Q');
    expect(await main.getByText(`@${auth.user.username}`).isVisible()).toBe(true);
    expect(await main.locator('.profile-header .badge').first().innerText()).toBe('User');
    expect(await main.getByText('Egg Balance', { exact: true }).isVisible()).toBe(true);
    expect(await main.getByText('Daily eggs available to claim!').isVisible()).toBe(true);
    expect(await main.getByText('Features Created', { exact: true }).isVisible()).toBe(true);
    expect(await main.getByText('Votes Cast', { exact: true }).isVisible()).toBe(true);
    const stats = main.getByRole('region', { name: 'Your stats' });
    const since = await stats.locator('time').getAttribute('datetime');
    expect(since).toBe(auth.user.member_since);
  });

  it('edits display name and username, and keeps them after a reload', async () => {
    // Prepare
    const auth = await registerUser();
    const page = await openSignedIn(browser, auth, '/profile');
    const username = `hen_${shortId()}`;

    // Act
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    expect(await page.getByLabel('Email').isEditable()).toBe(false);
    expect(await page.getByText('Email cannot be changed').isVisible()).toBe(true);
    await page.getByLabel('Display Name').fill('Henrietta Hatch');
    await page.getByLabel('Username').fill(username);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('heading', { level: 1, name: 'Henrietta Hatch' }).waitFor();
    const toast = await page.getByTestId('toast').innerText();
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Henrietta Hatch' }).waitFor();

    // Assess
    expect(await page.getByText(`@${username}`).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: /Hi, Henrietta Hatch/ }).isVisible()).toBe(true);
    expect(toast).toContain(`Profile saved: Henrietta Hatch (@${username}).`);
  });

  it('shows the server message when the username is taken', async () => {
    // Prepare
    const other = await registerUser({ username: `taken_${shortId()}` });
    const page = await openSignedIn(browser, await registerUser(), '/profile');

    // Act
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await page.getByLabel('Username').fill(other.user.username);
    await page.getByRole('button', { name: 'Save' }).click();

    // Assess
    const alert = page.getByRole('main').getByRole('alert');
    await alert.waitFor();
    expect(await alert.innerText()).toBe('Username is already taken');
  });

  it('refuses deletion until the username is typed, then deletes and signs out', async () => {
    // Prepare
    const auth = await registerUser();
    const page = await openSignedIn(browser, auth, '/profile');
    await page.getByRole('button', { name: 'Delete Account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Account' });
    await dialog.waitFor();

    // Act: wrong confirmation
    await dialog.getByLabel(/Type your username/).fill(`${auth.user.username}x`);
    await dialog.getByRole('button', { name: 'Delete Account' }).click();

    // Assess
    expect(await dialog.getByRole('alert').innerText()).toBe(
      'Username confirmation does not match',
    );

    // Act: right confirmation
    await dialog.getByLabel(/Type your username/).fill(auth.user.username);
    await dialog.getByRole('button', { name: 'Delete Account' }).click();
    await page.waitForURL(siteUrl('/'));
    await page.locator('.account--bar').getByRole('button', { name: 'Login' }).waitFor();

    // Assess
    await expect(loginUser(auth.user.email, 'correct horse battery')).rejects.toThrow(/401/);
  });

  it('closes the delete dialog on Escape and returns focus to its button', async () => {
    // Prepare
    const page = await openSignedIn(browser, await registerUser(), '/profile');
    const open = page.getByRole('button', { name: 'Delete Account' });
    await open.click();
    await page.getByRole('dialog', { name: 'Delete Account' }).waitFor();

    // Act
    await page.keyboard.press('Escape');

    // Assess
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await open.evaluate((element) => element === document.activeElement)).toBe(true);
  });
  it('closes the delete dialog on a click beside it', async () => {
    // Prepare
    const page = await openSignedIn(browser, await registerUser(), '/profile');
    await page.getByRole('button', { name: 'Delete Account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Account' });
    await dialog.waitFor();

    // Act
    await page.mouse.click(4, 4);

    // Assess
    await dialog.waitFor({ state: 'detached' });
    expect(await page.getByRole('dialog').count()).toBe(0);
  });
});
