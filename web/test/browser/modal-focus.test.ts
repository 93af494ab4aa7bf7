import type { Locator, Page } from 'playwright-core';
import type { Project } from '@hatchworks/shared/schemas/projects';
import { beforeAll, describe, expect, it } from 'vitest';
import { registerUser } from './support/accounts';
import { skipBrowserTests, useBrowser } from './support/browser';
import {
  createApprovedFeature,
  createFeature,
  createProject,
  loginAdmin,
  openSignedIn,
} from './support/features';
import { openCreateModal, openFeaturesAs, openVoteModal } from './support/feature-modals';

/** True once the element has the keyboard focus. */
const focused = (locator: Locator) =>
  locator.evaluate((element) => element === element.ownerDocument.activeElement);

/** The accessible name of whatever has the focus now ('' when nothing does). */
const focusedName = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement;
    if (!(active instanceof HTMLElement)) return '';
    const labels = 'labels' in active ? (active as HTMLInputElement).labels : null;
    const label = labels?.[0]?.textContent ?? active.getAttribute('aria-label') ?? '';
    return (label || active.textContent || '').replace(/\s+/g, ' ').trim();
  });

describe.skipIf(skipBrowserTests)('Modal focus', () => {
  const browser = useBrowser();
  let adminToken: string;
  let project: Project;

  beforeAll(async () => {
    adminToken = (await loginAdmin()).token;
    project = await createProject(adminToken);
  });

  it('opens Create Feature Request on Title and returns focus to its button on Escape', async () => {
    // Prepare
    const page = await openFeaturesAs(browser, await registerUser());
    const opener = page.getByRole('button', { name: /^Create Request/ });

    // Act
    const dialog = await openCreateModal(page);
    await expect.poll(() => focused(dialog.getByLabel('Title', { exact: true }))).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // Assess
    await expect.poll(() => focused(opener)).toBe(true);
  });

  it('opens Vote with Eggs on the amount field', async () => {
    // Prepare
    const feature = await createApprovedFeature(
      (await registerUser()).token,
      adminToken,
      project.id,
    );
    const page = await openFeaturesAs(browser, await registerUser());
    await page.goto(`/feature-requests?project=${encodeURIComponent(project.id)}`);

    // Act
    const dialog = await openVoteModal(page, feature.title);

    // Assess
    await expect.poll(() => focused(dialog.getByLabel('Eggs to allocate'))).toBe(true);
  });

  it.each([
    ['Submit a tracker request', '/tracker/requests', 'Submit Request'],
    ['Suggest Project', '/tracker/suggestions', 'Suggest Project'],
  ])('opens %s on its first field', async (name, path, button) => {
    // Prepare
    const page = await browser.openPage(path);
    await page.getByRole('heading', { level: 1 }).waitFor();

    // Act
    await page.getByRole('button', { name: button }).first().click();
    const dialog = page.getByRole('dialog', { name });
    await dialog.waitFor();

    // Assess
    const first = dialog.locator('input, select, textarea').first();
    await expect.poll(() => focused(first)).toBe(true);
    expect(await focusedName(page)).not.toBe('Close');
  });

  it('opens Delete Account on the username confirmation', async () => {
    // Prepare
    const page = await openSignedIn(browser, await registerUser(), '/profile');

    // Act
    await page.getByRole('button', { name: 'Delete Account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Account' });
    await dialog.waitFor();

    // Assess
    await expect.poll(() => focused(dialog.getByLabel(/Type your username/))).toBe(true);
  });

  it('opens Approve Feature on its notes', async () => {
    // Prepare
    const feature = await createFeature((await registerUser()).token, project.id);
    const page = await openSignedIn(
      browser,
      await loginAdmin(),
      `/feature-requests?project=${encodeURIComponent(project.id)}`,
    );

    // Act
    await page.getByRole('button', { name: `Approve ${feature.title}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Approve Feature' });
    await dialog.waitFor();

    // Assess
    await expect.poll(() => focused(dialog.getByLabel('Notes (optional)'))).toBe(true);
  });

  it("opens a project's inline edit form on Title and returns to Edit on Cancel", async () => {
    // Prepare
    const edited = await createProject(adminToken, { title: `Edited ${project.id.slice(0, 6)}` });
    const page = await openSignedIn(browser, await loginAdmin(), '/projects');
    const edit = page.getByRole('button', { name: `Edit ${edited.title}` });

    // Act
    await edit.click();
    const form = page.getByRole('form', { name: `Edit ${edited.title}` });
    await expect.poll(() => focused(form.getByLabel('Title'))).toBe(true);
    await form.getByRole('button', { name: 'Cancel' }).click();

    // Assess
    await expect.poll(() => focused(edit)).toBe(true);
  });

  it('opens Delete Project, which has no field, on Cancel', async () => {
    // Prepare
    const doomed = await createProject(adminToken, { title: `Doomed ${project.id.slice(0, 6)}` });
    const page = await openSignedIn(browser, await loginAdmin(), '/projects');

    // Act
    await page.getByRole('button', { name: `Delete ${doomed.title}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Project' });
    await dialog.waitFor();

    // Assess
    await expect.poll(() => focused(dialog.getByRole('button', { name: 'Cancel' }))).toBe(true);
  });
});
