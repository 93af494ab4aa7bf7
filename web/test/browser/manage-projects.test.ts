import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { skipBrowserTests, useBrowser } from './support/browser';
import { DEMO, loginUser, registerUser } from './support/accounts';
import { openSignedIn } from './support/features';

/** A group of its own per test, so counts are exact whatever else the table holds. */
const uniqueGroup = () => `Test Group ${randomUUID().slice(0, 8)}`;

async function openAsAdmin(browser: ReturnType<typeof useBrowser>): Promise<Page> {
  const page = await openSignedIn(
    browser,
    await loginUser(DEMO.admin.email, DEMO.admin.password),
    '/projects',
  );
  await page.getByRole('heading', { name: /^Existing Projects \(\d+\)$/ }).waitFor();
  return page;
}

const groupSection = (page: Page, group: string) =>
  page.getByRole('region', { name: `${group} group` });

describe.skipIf(skipBrowserTests)('Manage Projects (/projects)', () => {
  const browser = useBrowser();

  it('asks visitors to log in', async () => {
    // Prepare / Act
    const page = await browser.openPage('/projects');
    await page.getByRole('heading', { name: 'Authentication Required' }).waitFor();

    // Assess
    expect(
      await page.getByText('You must be logged in to access project management.').isVisible(),
    ).toBe(true);
    expect(await page.getByRole('button', { name: 'Log In' }).isEnabled()).toBe(true);
    expect(await page.getByRole('link', { name: '← Back to Home' }).getAttribute('href')).toBe('/');
  });

  it('starts the hosted login from "Log In"', async () => {
    // Prepare
    const page = await browser.openPage('/projects');

    // Act
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.waitForURL(/\/idp\//);

    // Assess
    expect(await page.getByRole('heading', { name: 'Sign in' }).isVisible()).toBe(true);
  });

  it('tells signed-in non-admins they need to be an administrator', async () => {
    // Prepare
    const page = await openSignedIn(browser, await registerUser(), '/');

    // Act
    await page.goto('/projects');
    await page.getByRole('heading', { name: 'Admin Access Required' }).waitFor();

    // Assess
    expect(
      await page.getByText('You must be an administrator to manage projects.').isVisible(),
    ).toBe(true);
    expect(await page.getByRole('link', { name: 'Return to Home' }).getAttribute('href')).toBe('/');
    expect(await page.getByRole('link', { name: 'Manage Projects' }).count()).toBe(0);
  });

  it('creates a project that appears in its group with a count, and resets the form', async () => {
    // Prepare
    const page = await openAsAdmin(browser);
    const group = uniqueGroup();
    const title = `Nest Egg ${randomUUID().slice(0, 6)}`;
    const before = await page.getByRole('heading', { name: /^Existing Projects/ }).innerText();
    const form = page.getByRole('form', { name: 'Create Project' });

    // Act
    await form.getByLabel(/^Title/).fill(title);
    await form.getByLabel('Group Name').fill(group);
    await form.getByLabel('Description').fill('Saves small amounts every day.');
    await form.getByLabel('Show on Homepage').uncheck();
    await form.getByRole('button', { name: 'Create Project' }).click();
    const section = groupSection(page, group);
    await section.waitFor();

    // Assess
    expect(await page.getByTestId('toast').innerText()).toContain(`Project “${title}” created.`);
    expect(await section.getByRole('heading', { level: 3 }).innerText()).toBe(`${group} (1)`);
    expect(await section.getByRole('heading', { level: 4 }).innerText()).toBe(title);
    expect(await section.getByText('Not on Homepage').isVisible()).toBe(true);
    expect(await section.getByText('No feature requests yet').isVisible()).toBe(true);
    const link = section.getByRole('link', { name: 'View Features →' });
    expect(await link.getAttribute('href')).toMatch(/^\/feature-requests\?project=[0-9A-Z]{26}$/);
    const count = (text: string) => Number(/\((\d+)\)/.exec(text)?.[1]);
    const after = await page.getByRole('heading', { name: /^Existing Projects/ }).innerText();
    expect(count(after)).toBe(count(before) + 1);
    expect(await form.getByLabel(/^Title/).inputValue()).toBe('');
    expect(await form.getByLabel('Group Name').inputValue()).toBe('other');
  });

  it('edits a project inline with Update, one at a time', async () => {
    // Prepare
    const page = await openAsAdmin(browser);
    const group = uniqueGroup();
    const form = page.getByRole('form', { name: 'Create Project' });
    await form.getByLabel(/^Title/).fill('Draft Title');
    await form.getByLabel('Group Name').fill(group);
    await form.getByRole('button', { name: 'Create Project' }).click();
    const section = groupSection(page, group);
    await section.waitFor();

    // Act
    await section.getByRole('button', { name: 'Edit Draft Title' }).click();
    const edit = page.getByRole('form', { name: 'Edit Draft Title' });
    await edit.getByLabel(/^Title/).fill('Final Title');
    await edit.getByLabel('Version').fill('1.2.0');
    await edit.getByRole('button', { name: 'Update' }).click();
    await section.getByRole('heading', { level: 4, name: 'Final Title' }).waitFor();

    // Assess
    expect(await page.getByRole('form', { name: /^Edit / }).count()).toBe(0);
    const stored = (await (await fetch(new URL('/api/projects?limit=100', page.url()))).json()) as {
      data: { projects: { title: string; version?: string; group_name: string }[] };
    };
    expect(stored.data.projects.find((p) => p.group_name === group)).toMatchObject({
      title: 'Final Title',
      version: '1.2.0',
    });
  });

  it('cancels an edit without saving', async () => {
    // Prepare
    const page = await openAsAdmin(browser);
    const first = page.getByRole('button', { name: /^Edit / }).first();
    const name = (await first.getAttribute('aria-label')) ?? '';
    await first.click();

    // Act
    await page.getByRole('form', { name }).getByRole('button', { name: 'Cancel' }).click();

    // Assess
    expect(await page.getByRole('form', { name }).count()).toBe(0);
  });

  it('deletes a project after confirmation', async () => {
    // Prepare
    const page = await openAsAdmin(browser);
    const group = uniqueGroup();
    const form = page.getByRole('form', { name: 'Create Project' });
    await form.getByLabel(/^Title/).fill('Short Lived');
    await form.getByLabel('Group Name').fill(group);
    await form.getByRole('button', { name: 'Create Project' }).click();
    const section = groupSection(page, group);
    await section.waitFor();

    // Act
    await section.getByRole('button', { name: 'Delete Short Lived' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Project' });
    await dialog.getByRole('button', { name: 'Delete Project' }).click();
    await section.waitFor({ state: 'detached' });

    // Assess
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await page.getByRole('main').getByText('Short Lived').count()).toBe(0);
    await page.getByTestId('toast').filter({ hasText: 'Project “Short Lived” deleted.' }).waitFor();
  });

  it('shows the server message when a save is refused', async () => {
    // Prepare
    const page = await openAsAdmin(browser);
    const form = page.getByRole('form', { name: 'Create Project' });

    // Act
    await form.getByLabel(/^Title/).fill('Bad Link');
    await form.getByLabel('Repository URL').fill('ftp://example.test/repo');
    await form.getByRole('button', { name: 'Create Project' }).click();

    // Assess
    const alert = form.getByRole('alert');
    await alert.waitFor();
    expect(await alert.innerText()).not.toBe('');
    expect(await form.getByLabel(/^Title/).inputValue()).toBe('Bad Link');
  });

  it('sets the origins that may embed the feedback widget, naming the field of a refused one, and shows the snippet', async () => {
    // Prepare
    const page = await openAsAdmin(browser);
    const group = uniqueGroup();
    const slug = `widget-${randomUUID().slice(0, 6)}`;
    const form = page.getByRole('form', { name: 'Create Project' });
    await form.getByLabel(/^Title/).fill('Widget Home');
    await form.getByLabel('Path').fill(`/apps/${slug}/`);
    await form.getByLabel('Group Name').fill(group);
    const origins = form.getByLabel('Feedback widget origins');

    // Act: one entry with a path is refused and named by its label; the corrected list saves.
    await origins.fill('https://studio.example\nhttps://shop.example/feedback');
    await form.getByRole('button', { name: 'Create Project' }).click();
    const alert = form.getByRole('alert');
    await alert.waitFor();
    const refusal = await alert.innerText();
    await origins.fill('https://studio.example\nhttps://Shop.example/');
    await form.getByRole('button', { name: 'Create Project' }).click();
    const section = groupSection(page, group);
    await section.waitFor();
    await section.getByRole('button', { name: 'Edit Widget Home' }).click();
    const edit = page.getByRole('form', { name: 'Edit Widget Home' });

    // Assess
    expect(refusal).toContain(
      'Feedback widget origins: "https://shop.example/feedback" is not an origin',
    );
    expect(await edit.getByLabel('Feedback widget origins').inputValue()).toBe(
      'https://studio.example\nhttps://shop.example',
    );
    expect(await edit.locator('code').innerText()).toBe(
      `<script src="${new URL(page.url()).origin}/widget.js" data-project="${slug}" async></script>`,
    );
  });
});
