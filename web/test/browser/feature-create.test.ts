import { randomUUID } from 'node:crypto';
import type { Project } from '@hatchworks/shared/schemas/projects';
import type { Feature, FeatureList } from '@hatchworks/shared/schemas/features';
import type { AuthResult } from '@hatchworks/shared/schemas/users';
import type { Locator } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { eggBalance, registerUser } from './support/accounts';
import {
  VIEWPORTS,
  seriousAccessibilityViolations,
  skipBrowserTests,
  useBrowser,
} from './support/browser';
import { apiData, createProject, featureInput, loginAdmin, profileOf } from './support/features';
import {
  alertText,
  createFields,
  fitsWidth,
  openCreateModal,
  openFeaturesAs,
  setBalance,
} from './support/feature-modals';

/** The message a field is described by, once it is marked invalid. */
async function fieldMessage(field: Locator): Promise<string> {
  await field.and(field.page().locator('[aria-invalid="true"]')).waitFor();
  const ids = (await field.getAttribute('aria-describedby')) ?? '';
  const [own] = ids.split(' ');
  return (await field.page().locator(`[id="${own}"]`).innerText()).trim();
}

const uniqueTitle = () => `Nest feature ${randomUUID().slice(0, 8)}`;

/** The requests `auth`'s user has made, pending ones included (the author sees them). */
const ownFeatures = (auth: AuthResult) =>
  apiData<FeatureList>(`/api/users/${encodeURIComponent(auth.user.id)}/features`, {
    token: auth.token,
  });

describe.skipIf(skipBrowserTests)('Create feature modal (/features)', () => {
  const browser = useBrowser();
  let adminToken: string;
  let project: Project;

  beforeAll(async () => {
    adminToken = (await loginAdmin()).token;
    project = await createProject(adminToken);
  });

  it('shows the cost, the balance, the five feature types and the create button', async () => {
    // Prepare
    const page = await openFeaturesAs(browser, await registerUser());

    // Act
    const dialog = await openCreateModal(page);

    // Assess
    expect(await dialog.getByText('Creating a feature request costs 100 eggs.').isVisible()).toBe(
      true,
    );
    expect(await dialog.getByText('Your balance: 500 eggs').isVisible()).toBe(true);
    const fields = createFields(dialog);
    expect(await fields.type.locator('option').allInnerTexts()).toEqual([
      'Enhancement',
      'New Feature',
      'Bug Fix',
      'UI Improvement',
      'Performance',
    ]);
    expect(await fields.title.getAttribute('maxlength')).toBe('255');
    expect(await fields.submit.innerText()).toBe('Create Feature (100 eggs)');
  });

  it('creates a pending request for 100 eggs, closes and lowers the balance', async () => {
    // Prepare
    const auth = await registerUser();
    const page = await openFeaturesAs(browser, auth);
    const dialog = await openCreateModal(page);
    const fields = createFields(dialog);
    const title = uniqueTitle();

    // Act
    await fields.title.fill(title);
    await fields.project.selectOption({ label: project.title });
    await fields.type.selectOption({ label: 'Performance' });
    await fields.description.fill('Cache the portfolio so it opens faster.');
    await fields.tags.fill('speed');
    await fields.tags.press('Enter');
    await fields.submit.click();
    await dialog.waitFor({ state: 'detached' });

    // Assess
    await page.locator('.account--bar .egg-balance', { hasText: '400' }).waitFor();
    expect(await eggBalance(page)).toBe(400);
    expect((await profileOf(auth.token)).egg_balance).toBe(400);
    const [created] = (await ownFeatures(auth)).features;
    expect(created).toMatchObject({
      title,
      status: 'pending',
      feature_type: 'performance',
      project_id: project.id,
      tags: ['speed'],
      description: 'Cache the portfolio so it opens faster.',
    });
  });

  it('confirms the payment and shows the author, and nobody else, the pending request on All', async () => {
    // Prepare
    const auth = await registerUser();
    const page = await openFeaturesAs(browser, auth);
    const dialog = await openCreateModal(page);
    const fields = createFields(dialog);
    const title = uniqueTitle();
    await fields.title.fill(title);
    await fields.project.selectOption({ label: project.title });
    await fields.description.fill('Waiting for an admin to look at it.');

    // Act
    await fields.submit.click();
    await dialog.waitFor({ state: 'detached' });

    // Assess: the confirmation, announced, and the card marked as waiting
    const status = page.getByRole('status').filter({ hasText: 'waiting for review' });
    await status.waitFor();
    expect(await status.innerText()).toContain(
      'Your request is waiting for review — 100 eggs spent, balance 400.',
    );
    expect(new URL(page.url()).searchParams.get('status')).toBe('all');
    const card = page.getByRole('article', { name: title });
    await card.waitFor();
    expect(await card.innerText()).toContain('Waiting for review');
    expect(
      await page.getByRole('button', { name: 'All', exact: true }).getAttribute('aria-pressed'),
    ).toBe('true');

    // Act: someone else opens All
    const other = await openFeaturesAs(browser, await registerUser());
    await other.goto('/features?status=all');
    await other.locator('.feature-list, .feature-list__empty').first().waitFor();

    // Assess
    expect(await other.getByRole('article', { name: title }).count()).toBe(0);
  });

  it('shows the author their rejected request on All, marked Rejected', async () => {
    // Prepare
    const auth = await registerUser();
    const rejected = await apiData<Feature>('/api/features', {
      method: 'POST',
      token: auth.token,
      body: featureInput(project.id, { title: uniqueTitle() }),
    });
    await apiData(`/api/admin/features/${encodeURIComponent(rejected.id)}/reject`, {
      method: 'POST',
      token: adminToken,
      body: { notes: 'Out of scope' },
    });

    // Act
    const page = await openFeaturesAs(browser, auth);
    await page.goto('/features?status=all');
    const card = page.getByRole('article', { name: rejected.title });
    await card.waitFor();

    // Assess
    expect(await card.innerText()).toContain('Rejected');
    expect(await card.innerText()).toContain('only you can see it');
    await page.goto('/features');
    await page.locator('.feature-list, .feature-list__empty').first().waitFor();
    expect(await page.getByRole('article', { name: rejected.title }).count()).toBe(0);
  });

  it("preselects the project on a project's own feature screen", async () => {
    // Prepare
    const auth = await registerUser();
    const page = await openFeaturesAs(browser, auth);
    await page.goto(`/feature-requests?project=${encodeURIComponent(project.id)}`);

    // Act
    const dialog = await openCreateModal(page);
    const fields = createFields(dialog);
    const title = uniqueTitle();
    await fields.title.fill(title);
    await fields.description.fill('Asked from the project screen');
    await fields.submit.click();
    await dialog.waitFor({ state: 'detached' });

    // Assess
    const [created] = (await ownFeatures(auth)).features;
    expect(created).toMatchObject({ title, project_id: project.id });
  });

  it("says 'Title and description are required' only when both are empty, with each field's own message", async () => {
    // Prepare
    const page = await openFeaturesAs(browser, await registerUser());
    const dialog = await openCreateModal(page);
    const fields = createFields(dialog);
    await fields.project.selectOption({ label: project.title });

    // Act
    await fields.submit.click();

    // Assess: the summary, and each field named next to it; focus on the first
    expect(await alertText(dialog)).toBe('Title and description are required');
    expect(await fieldMessage(fields.title)).toBe('Add a title');
    expect(await fieldMessage(fields.description)).toBe('Add a description');
    expect(await fields.title.evaluate((node) => node === document.activeElement)).toBe(true);

    // Act: only the title stays empty
    await fields.description.fill('Only a description');

    // Assess: no summary, the title alone is marked, nothing typed is lost
    await dialog.getByRole('alert').waitFor({ state: 'detached' });
    expect(await fieldMessage(fields.title)).toBe('Add a title');
    expect(await fields.description.getAttribute('aria-invalid')).toBeNull();
    expect(await fields.description.inputValue()).toBe('Only a description');
    expect(await fields.project.inputValue()).toBe(project.id);
  });

  it('names the missing project and description at their fields, focused and in view at 390, 1024 and 1280', async () => {
    // Prepare
    const page = await openFeaturesAs(browser, await registerUser());
    const dialog = await openCreateModal(page);
    const fields = createFields(dialog);
    await fields.title.fill(uniqueTitle());

    for (const width of [390, 1024, 1280]) {
      // Act
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await fields.title.focus();
      await fields.submit.click();

      // Assess
      expect(await fieldMessage(fields.project)).toBe(
        'Please select a project for this feature request',
      );
      expect(await fieldMessage(fields.description)).toBe('Add a description');
      expect(await fields.title.getAttribute('aria-invalid')).toBeNull();
      expect(await dialog.getByText('Title and description are required').count()).toBe(0);
      expect(await fields.project.evaluate((node) => node === document.activeElement)).toBe(true);
      expect(
        await fields.project.evaluate((node) => {
          const box = node.getBoundingClientRect();
          return box.top >= 0 && box.bottom <= window.innerHeight;
        }),
      ).toBe(true);
    }
  });

  it('clears the project error and its red border as soon as a project is picked', async () => {
    // Prepare
    const page = await openFeaturesAs(browser, await registerUser());
    const dialog = await openCreateModal(page);
    const fields = createFields(dialog);
    await fields.title.fill(uniqueTitle());
    await fields.description.fill('No project chosen yet');
    await fields.submit.click();
    expect(await fieldMessage(fields.project)).toBe(
      'Please select a project for this feature request',
    );
    const red = await fields.project.evaluate((node) => getComputedStyle(node).borderColor);

    // Act
    await fields.project.selectOption({ label: project.title });

    // Assess
    await dialog.getByText('Please select a project for this feature request').waitFor({
      state: 'detached',
    });
    expect(await fields.project.getAttribute('aria-invalid')).toBeNull();
    expect(await fields.project.evaluate((node) => getComputedStyle(node).borderColor)).not.toBe(
      red,
    );
  });

  it("says 'No projects available. Contact an admin to create projects first.' when there are none", async () => {
    // Prepare
    const page = await openFeaturesAs(browser, await registerUser(), {
      prepare: (target) =>
        target.route(
          (url) => url.pathname === '/api/projects',
          (route) =>
            route.fulfill({
              json: { success: true, data: { projects: [] }, next_cursor: null },
            }),
        ),
    });
    const dialog = await openCreateModal(page);
    const fields = createFields(dialog);
    await fields.title.fill(uniqueTitle());
    await fields.description.fill('Nothing to attach it to');

    // Act
    await fields.submit.click();

    // Assess
    expect(await alertText(dialog)).toBe(
      'No projects available. Contact an admin to create projects first.',
    );
    expect(await fields.project.locator('option').allInnerTexts()).toEqual([
      'No projects available',
    ]);
  });

  it("refuses with 'You need at least 100 eggs to create a feature request' below 100 eggs", async () => {
    // Prepare
    const auth = await registerUser();
    await setBalance(adminToken, auth, 60);
    const page = await openFeaturesAs(browser, auth);
    const dialog = await openCreateModal(page);
    const fields = createFields(dialog);
    await fields.title.fill(uniqueTitle());
    await fields.description.fill('Too poor for this');
    await fields.project.selectOption({ label: project.title });

    // Act
    await fields.submit.click();

    // Assess
    expect(await dialog.getByText('Your balance: 60 eggs').isVisible()).toBe(true);
    expect(await alertText(dialog)).toBe('You need at least 100 eggs to create a feature request');
    expect((await ownFeatures(auth)).features).toEqual([]);
  });

  it("shows the server's refusal when the balance fell after the page loaded, keeping the form", async () => {
    // Prepare
    const auth = await registerUser();
    const page = await openFeaturesAs(browser, auth);
    const dialog = await openCreateModal(page);
    const fields = createFields(dialog);
    const title = uniqueTitle();
    await fields.title.fill(title);
    await fields.description.fill('Spent elsewhere meanwhile');
    await fields.project.selectOption({ label: project.title });
    await setBalance(adminToken, auth, 20);

    // Act
    await fields.submit.click();

    // Assess
    expect(await alertText(dialog)).toBe('You need at least 100 eggs to create a feature request');
    expect(await fields.title.inputValue()).toBe(title);
    expect((await profileOf(auth.token)).egg_balance).toBe(20);
  });

  it('repeats a creation whose answer was lost with the same Idempotency-Key: one click, charged once', async () => {
    // Prepare
    const keys: (string | null)[] = [];
    const auth = await registerUser();
    const page = await openFeaturesAs(browser, auth, {
      prepare: (target) =>
        target.route(
          (url) => url.pathname === '/api/features',
          async (route) => {
            if (route.request().method() !== 'POST') return route.continue();
            keys.push(await route.request().headerValue('idempotency-key'));
            if (keys.length > 1) return route.continue();
            // The server creates the request, but its answer never reaches the browser.
            await route.fetch();
            return route.abort('connectionreset');
          },
        ),
    });
    const dialog = await openCreateModal(page);
    const fields = createFields(dialog);
    const title = uniqueTitle();
    await fields.title.fill(title);
    await fields.description.fill('Sent twice, charged once');
    await fields.project.selectOption({ label: project.title });

    // Act
    await fields.submit.click();
    await dialog.waitFor({ state: 'detached' });

    // Assess
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    expect((await profileOf(auth.token)).egg_balance).toBe(400);
    expect((await ownFeatures(auth)).features.map((feature) => feature.title)).toEqual([title]);
  });

  it("disables the button and says 'Creating...' while the request is sent", async () => {
    // Prepare
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const page = await openFeaturesAs(browser, await registerUser(), {
      prepare: (target) =>
        target.route(
          (url) => url.pathname === '/api/features',
          async (route) => {
            if (route.request().method() === 'POST') await held;
            await route.continue();
          },
        ),
    });
    const dialog = await openCreateModal(page);
    const fields = createFields(dialog);
    await fields.title.fill(uniqueTitle());
    await fields.description.fill('Slow network');
    await fields.project.selectOption({ label: project.title });

    // Act
    await fields.submit.click();
    const busy = dialog.getByRole('button', { name: 'Creating...' });
    await busy.waitFor();

    // Assess
    expect(await busy.isDisabled()).toBe(true);
    release();
    await dialog.waitFor({ state: 'detached' });
  });

  it('adds tags on Enter and comma, trims them, ignores duplicates and removes them with x', async () => {
    // Prepare
    const page = await openFeaturesAs(browser, await registerUser());
    const dialog = await openCreateModal(page);
    const { tags } = createFields(dialog);
    const tagList = dialog.locator('.tags-input__tag > span');

    // Act
    await tags.fill('  ui  ');
    await tags.press('Enter');
    await tags.pressSequentially('mobile,');
    await tags.fill('UI');
    await tags.press('Enter');
    await tags.fill('   ');
    await tags.press('Enter');

    // Assess
    expect(await tagList.allInnerTexts()).toEqual(['ui', 'mobile']);
    expect(await tags.inputValue()).toBe('');

    // Act
    await dialog.getByRole('button', { name: 'Remove tag ui' }).click();

    // Assess
    expect(await tagList.allInnerTexts()).toEqual(['mobile']);
    expect(await tags.evaluate((element) => element === document.activeElement)).toBe(true);
  });

  it('closes on Cancel without spending anything', async () => {
    // Prepare
    const auth = await registerUser();
    const page = await openFeaturesAs(browser, auth);
    const dialog = await openCreateModal(page);
    await createFields(dialog).title.fill(uniqueTitle());

    // Act
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // Assess
    await dialog.waitFor({ state: 'detached' });
    expect((await profileOf(auth.token)).egg_balance).toBe(500);
  });

  it('keeps the form and what was typed when a click lands beside the dialog', async () => {
    // Prepare
    const page = await openFeaturesAs(browser, await registerUser());
    const dialog = await openCreateModal(page);
    const title = uniqueTitle();
    await createFields(dialog).title.fill(title);

    // Act
    await page.mouse.click(4, 4);

    // Assess
    expect(await dialog.isVisible()).toBe(true);
    expect(await createFields(dialog).title.inputValue()).toBe(title);
  });

  it('has no serious accessibility violations with the modal open and an error shown', async () => {
    // Prepare
    const page = await openFeaturesAs(browser, await registerUser(), { bypassCSP: true });
    const dialog = await openCreateModal(page);
    await createFields(dialog).tags.fill('ui,');
    await createFields(dialog).submit.click();
    await alertText(dialog);

    // Act
    const violations = await seriousAccessibilityViolations(page);

    // Assess
    expect(violations).toEqual([]);
  });

  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    it(`keeps the submit button in view at ${viewport.width}×${viewport.height}, details open`, async () => {
      // Prepare
      const page = await openFeaturesAs(browser, await registerUser());
      await page.setViewportSize(viewport);
      const dialog = await openCreateModal(page);
      const { submit } = createFields(dialog);

      // Act: the longest form, with the optional details open and the top field in view
      await dialog.getByText('More details (optional)').click();
      await dialog.getByLabel('Expected Benefits').waitFor();
      await createFields(dialog).title.focus();

      // Assess
      const box = await submit.boundingBox();
      expect(box).not.toBeNull();
      expect(box!.y).toBeGreaterThanOrEqual(0);
      expect(box!.y + box!.height).toBeLessThanOrEqual(viewport.height);
      const hit = await submit.evaluate((node) => {
        const rect = node.getBoundingClientRect();
        const top = document.elementFromPoint(rect.x + rect.width / 2, rect.y + rect.height / 2);
        return top === node || node.contains(top);
      });
      expect(hit).toBe(true);
      expect(await fitsWidth(page, dialog)).toBe(true);
    });
  }

  it('fits a phone screen with every field reachable', async () => {
    // Prepare
    const page = await openFeaturesAs(browser, await registerUser(), {
      viewport: VIEWPORTS.phone,
    });

    // Act
    const dialog = await openCreateModal(page);
    const { submit } = createFields(dialog);
    await submit.scrollIntoViewIfNeeded();

    // Assess
    expect(await fitsWidth(page, dialog)).toBe(true);
    expect(await submit.isVisible()).toBe(true);
  });
});
