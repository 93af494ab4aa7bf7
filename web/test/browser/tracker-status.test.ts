import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Project } from '@hatchworks/shared/schemas/projects';
import type { AuthResult } from '@hatchworks/shared/schemas/users';
import {
  seriousAccessibilityViolations,
  skipBrowserTests,
  useBrowser,
  VIEWPORTS,
  screenshot,
} from './support/browser';
import { registerUser } from './support/accounts';
import { loginAdmin, openSignedIn } from './support/features';
import { submitTrackerRequest, submitTrackerSuggestion, trackerProject } from './support/tracker';

const cardOf = (page: Page, title: string) =>
  page.getByRole('article', { name: title, exact: true });

async function openStatusDialog(card: Locator): Promise<Locator> {
  await card.getByRole('button', { name: 'Change status' }).click();
  const dialog = card.page().getByRole('dialog', { name: 'Change status' });
  await dialog.waitFor();
  return dialog;
}

let admin: AuthResult;
let project: Project;

beforeAll(async () => {
  admin = await loginAdmin();
  project = await trackerProject();
});

const requestsOf = (projectId: string) => `/tracker/requests?project=${projectId}&sort=date`;

describe.skipIf(skipBrowserTests)('Tracker statuses (admins)', () => {
  const browser = useBrowser();

  it('closes a request only with a note, then shows the Closed badge and the note', async () => {
    // Prepare
    const request = await submitTrackerRequest({ project_id: project.id });
    const page = await openSignedIn(browser, admin, requestsOf(project.id), { bypassCSP: true });
    const card = cardOf(page, request.title);
    const dialog = await openStatusDialog(card);
    const note = dialog.getByLabel(/^Note/);

    // Act
    await dialog.getByLabel('New status').selectOption('closed');
    await dialog.getByRole('button', { name: 'Save status' }).click();
    const problem = await dialog.getByRole('alert').innerText();
    const invalid = await note.getAttribute('aria-invalid');
    const focused = await note.evaluate((element) => element === document.activeElement);
    const violations = await seriousAccessibilityViolations(page);
    await note.fill('Duplicate of an older request');
    await dialog.getByRole('button', { name: 'Save status' }).click();
    await page.getByTestId('toast').filter({ hasText: 'Status changed to Closed.' }).waitFor();

    // Assess
    expect(problem).toBe('A note is required when closing');
    expect(invalid).toBe('true');
    expect(focused).toBe(true);
    expect(violations).toEqual([]);
    expect(await dialog.isVisible()).toBe(false);
    await card.getByText('Status: Closed').waitFor();
    expect(await card.innerText()).toContain('Closed: Duplicate of an older request');
    expect(await card.getByRole('link', { name: 'Announce in changelog' }).count()).toBe(0);
  });

  it('moves a request to completed and offers to announce it in the changelog', async () => {
    // Prepare
    const request = await submitTrackerRequest({ project_id: project.id });
    const page = await openSignedIn(browser, admin, requestsOf(project.id));
    const card = cardOf(page, request.title);

    // Act
    const dialog = await openStatusDialog(card);
    const proposed = await dialog.getByLabel('New status').inputValue();
    await dialog.getByLabel('New status').selectOption('completed');
    await dialog.getByRole('button', { name: 'Save status' }).click();
    const announce = card.getByRole('link', { name: 'Announce in changelog' });
    await announce.waitFor();
    await screenshot(page, 'status-control-completed-1280');

    // Assess
    expect(proposed).toBe('planned');
    expect(await announce.getAttribute('href')).toBe(
      `/changelog?announce=tracker_request%3A${request.id}`,
    );
    await card.getByText('Status: Completed').waitFor();
    // The list reloaded from the server: the filter follows.
    await page.getByLabel('Status').selectOption('Completed');
    await cardOf(page, request.title).waitFor();
  });

  it('moves a suggestion too', async () => {
    // Prepare
    const suggestion = await submitTrackerSuggestion();
    const page = await openSignedIn(browser, admin, '/tracker/suggestions?sort=date');
    const card = cardOf(page, suggestion.name);

    // Act
    const dialog = await openStatusDialog(card);
    await dialog.getByLabel('New status').selectOption('planned');
    await dialog.getByLabel(/^Note/).fill('On the list for next season');
    await dialog.getByRole('button', { name: 'Save status' }).click();
    await page.getByTestId('toast').filter({ hasText: 'Status changed to Planned.' }).waitFor();

    // Assess: the toast is the one announcement
    expect(await page.getByRole('status').filter({ hasText: 'Status changed' }).count()).toBe(0);
    await card.getByText('Status: Planned').waitFor();
    expect(await card.innerText()).toContain('Team note: On the list for next season');
  });

  it('is not offered to visitors nor to signed-in users', async () => {
    // Prepare
    const request = await submitTrackerRequest({ project_id: project.id });
    const user = await registerUser();

    // Act
    const anonymous = await browser.openPage(requestsOf(project.id));
    await cardOf(anonymous, request.title).waitFor();
    const signedIn = await openSignedIn(browser, user, requestsOf(project.id));
    await cardOf(signedIn, request.title).waitFor();

    // Assess
    expect(await anonymous.getByRole('button', { name: 'Change status' }).count()).toBe(0);
    expect(await signedIn.getByRole('button', { name: 'Change status' }).count()).toBe(0);
  });

  it('looks right at 390, 1024 and 1280 px, axe clean with the dialog open', async () => {
    const request = await submitTrackerRequest({ project_id: project.id });
    for (const [name, viewport] of [
      ['390', VIEWPORTS.phone],
      ['1024', { width: 1024, height: 800 }],
      ['1280', VIEWPORTS.desktop],
    ] as const) {
      // Prepare
      const page = await openSignedIn(browser, admin, requestsOf(project.id), {
        viewport,
        bypassCSP: true,
      });
      const card = cardOf(page, request.title);
      await card.waitFor();
      await screenshot(page, `status-control-card-${name}`);

      // Act
      const dialog = await openStatusDialog(card);
      await dialog.getByLabel('New status').selectOption('closed');
      await dialog.getByRole('button', { name: 'Save status' }).click();
      await dialog.getByRole('alert').waitFor();
      const violations = await seriousAccessibilityViolations(page);
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      await screenshot(page, `status-control-dialog-${name}`);

      // Assess
      expect(violations).toEqual([]);
      expect(scrollWidth).toBeLessThanOrEqual(viewport.width);
    }
  });
});
