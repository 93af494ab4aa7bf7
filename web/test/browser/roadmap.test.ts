import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Project } from '@hatchworks/shared/schemas/projects';
import type { TrackerFeatureRequest } from '@hatchworks/shared/schemas/tracker';
import type { Feature } from '@hatchworks/shared/schemas/features';
import type { AuthResult } from '@hatchworks/shared/schemas/users';
import {
  seriousAccessibilityViolations,
  skipBrowserTests,
  useBrowser,
  VIEWPORTS,
  screenshot,
} from './support/browser';
import {
  apiData,
  approveFeature,
  createFeature,
  createProject,
  loginAdmin,
  openSignedIn,
} from './support/features';
import { registerUser } from './support/accounts';
import { submitTrackerRequest } from './support/tracker';

interface Box {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

const column = (page: Page, name: string) =>
  page.getByRole('region', { name: new RegExp(`^${name} \\d+$`) });

let admin: AuthResult;
let project: Project;
let planned: TrackerFeatureRequest;
let completed: TrackerFeatureRequest;
let feature: Feature;

const setTrackerStatus = (id: string, status: string) =>
  apiData(`/api/tracker/feature-requests/${id}/status`, {
    method: 'PUT',
    token: admin.token,
    body: { status },
  });

beforeAll(async () => {
  admin = await loginAdmin();
  project = await createProject(admin.token);
  planned = await submitTrackerRequest({ project_id: project.id, title: 'Dark mode everywhere' });
  completed = await submitTrackerRequest({ project_id: project.id, title: 'Faster search' });
  await setTrackerStatus(planned.id, 'planned');
  await setTrackerStatus(completed.id, 'completed');
  const author = await registerUser();
  feature = await createFeature(author.token, project.id, { title: 'Export to CSV' });
  await approveFeature(admin.token, feature.id);
  await apiData(`/api/admin/features/${feature.id}/status`, {
    method: 'PUT',
    token: admin.token,
    body: { status: 'in_progress' },
  });
});

describe.skipIf(skipBrowserTests)('Roadmap (/roadmap)', () => {
  const browser = useBrowser();

  it('is in the header navigation and shows the three columns of a project', async () => {
    // Prepare
    const page = await browser.openPage('/about');

    // Act
    await page
      .getByRole('navigation', { name: 'Main', exact: true })
      .getByRole('link', { name: 'Roadmap' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Roadmap' }).waitFor();
    await page.getByLabel('Project').selectOption(project.id);
    await column(page, 'Planned').getByRole('link', { name: 'Dark mode everywhere' }).waitFor();

    // Assess
    expect(new URL(page.url()).searchParams.get('project')).toBe(project.id);
    expect(
      await column(page, 'Planned')
        .getByRole('link', { name: 'Dark mode everywhere' })
        .getAttribute('href'),
    ).toBe(`/tracker/requests/${planned.id}`);
    const inProgress = column(page, 'In Progress');
    expect(await inProgress.getByRole('link', { name: 'Export to CSV' }).getAttribute('href')).toBe(
      `/features/${feature.id}`,
    );
    expect(await inProgress.getByRole('article').innerText()).toContain('Feature request');
    expect(await inProgress.getByRole('article').innerText()).toMatch(/\d+ eggs/);
    const done = column(page, 'Recently Completed');
    expect(await done.getByRole('article').innerText()).toContain('Faster search');
    expect(await done.getByRole('article').innerText()).toContain('0 votes');
    expect(await done.getByRole('article').innerText()).toContain('Completed');
  });

  it('reads the project from the URL, and All Projects clears it', async () => {
    // Prepare
    const page = await browser.openPage(`/roadmap?project=${project.id}`);
    await column(page, 'Planned').getByRole('link', { name: 'Dark mode everywhere' }).waitFor();

    // Act
    await page.getByLabel('Project').selectOption('');
    await page.waitForURL((url) => !url.searchParams.has('project'));

    // Assess (the select follows the URL on the next render: wait for it)
    await expect.poll(() => page.getByLabel('Project').inputValue()).toBe('');
    await column(page, 'Planned').waitFor();
  });

  it('says so when a column is empty, and offers Try Again when loading fails', async () => {
    // Prepare
    const empty = await createProject(admin.token);
    let fail = true;
    const page = await browser.openPage(`/roadmap?project=${empty.id}`, {
      prepare: (each) =>
        each.route('**/api/roadmap*', (route) =>
          fail
            ? route.fulfill({
                status: 500,
                contentType: 'application/json',
                body: JSON.stringify({ success: false, error: 'Boom', code: 'SERVER_ERROR' }),
              })
            : route.continue(),
        ),
    });

    // Act
    const alert = page.getByRole('alert');
    await alert.waitFor();
    const failure = await alert.innerText();
    fail = false;
    await alert.getByRole('button', { name: 'Try Again' }).click();
    await column(page, 'Planned').waitFor();

    // Assess
    expect(failure).toContain('Error loading the roadmap');
    expect(await column(page, 'Planned').innerText()).toContain('Nothing planned yet.');
    expect(await column(page, 'In Progress').innerText()).toContain(
      'Nothing in progress right now.',
    );
    expect(await column(page, 'Recently Completed').innerText()).toContain(
      'Nothing completed in the last 90 days.',
    );
  });

  it('stacks the columns on a phone and puts them side by side on a desktop, axe clean', async () => {
    for (const [name, viewport] of [
      ['390', VIEWPORTS.phone],
      ['1024', { width: 1024, height: 800 }],
      ['1280', VIEWPORTS.desktop],
    ] as const) {
      // Prepare
      const page = await openSignedIn(browser, admin, `/roadmap?project=${project.id}`, {
        viewport,
        bypassCSP: true,
      });
      await column(page, 'Planned').getByRole('link', { name: 'Dark mode everywhere' }).waitFor();

      // Act
      const boxes = await Promise.all(
        ['Planned', 'In Progress', 'Recently Completed'].map(async (each) => {
          const box = await column(page, each).boundingBox();
          if (!box) throw new Error(`${each} is not shown`);
          return box;
        }),
      );
      const violations = await seriousAccessibilityViolations(page);
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      await screenshot(page, `roadmap-${name}`);

      // Assess
      expect(violations).toEqual([]);
      expect(scrollWidth).toBeLessThanOrEqual(viewport.width);
      const [first, second, third] = boxes as [Box, Box, Box];
      const stacked =
        second.y >= first.y + first.height - 1 && third.y >= second.y + second.height - 1;
      const sideBySide =
        Math.abs(second.y - first.y) < 1 &&
        second.x >= first.x + first.width - 1 &&
        third.x >= second.x + second.width - 1;
      expect({ stacked, sideBySide }).toEqual(
        viewport.width < 600
          ? { stacked: true, sideBySide: false }
          : { stacked: false, sideBySide: true },
      );
    }
  });
});
