import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Project } from '@hatchworks/shared/schemas/projects';
import type { AuthResult } from '@hatchworks/shared/schemas/users';
import {
  cleanAtWidths,
  seriousAccessibilityViolations,
  skipBrowserTests,
  violationsAtWidths,
  useBrowser,
  VIEWPORTS,
} from './support/browser';
import { registerUser } from './support/accounts';
import {
  createApprovedFeature,
  createFeature,
  createProject,
  featureList,
  filterState,
  loginAdmin,
  openSignedIn,
} from './support/features';

const projectPath = (id: string) => `/feature-requests?project=${encodeURIComponent(id)}`;

/** Every `project_id` the page's `GET /api/features` calls asked for. */
function recordProjectQueries(page: Page): (string | null)[] {
  const asked: (string | null)[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/features') asked.push(url.searchParams.get('project_id'));
  });
  return asked;
}

/** Every `GET /api/features` call the page made, by its project and status filters. */
function recordStatusQueries(page: Page): { project: string | null; status: string | null }[] {
  const asked: { project: string | null; status: string | null }[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname !== '/api/features') return;
    asked.push({
      project: url.searchParams.get('project_id'),
      status: url.searchParams.get('status'),
    });
  });
  return asked;
}

const cardTitles = async (page: Page) =>
  (await featureList(page)).getByRole('heading', { level: 3 }).allInnerTexts();

describe.skipIf(skipBrowserTests)('Project feature requests (/feature-requests?project=)', () => {
  const browser = useBrowser();
  let admin: AuthResult;
  let project: Project;
  let other: Project;
  let titles: { approved: string; pending: string; elsewhere: string };

  beforeAll(async () => {
    admin = await loginAdmin();
    [project, other] = await Promise.all([
      createProject(admin.token, { title: `Lantern ${randomUUID().slice(0, 6)}` }),
      createProject(admin.token),
    ]);
    const author = await registerUser();
    const approved = await createApprovedFeature(author.token, admin.token, project.id);
    const pending = await createFeature(author.token, project.id);
    const elsewhere = await createApprovedFeature(author.token, admin.token, other.id);
    titles = { approved: approved.title, pending: pending.title, elsewhere: elsewhere.title };
  });

  it("shows the project's name and only its requests, every status for admins by default", async () => {
    // Prepare
    let asked: (string | null)[] = [];

    // Act
    const page = await openSignedIn(browser, admin, projectPath(project.id), {
      prepare: async (target) => {
        asked = recordProjectQueries(target);
      },
    });
    const shown = await cardTitles(page);

    // Assess
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(project.title);
    expect(shown.sort()).toEqual([titles.approved, titles.pending].sort());
    expect(await filterState(page)).toEqual({
      labels: ['All', 'Approved', 'Pending'],
      pressed: ['All'],
    });
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.every((id) => id === project.id)).toBe(true);
    expect(await page.title()).toBe(`${project.title} – Project Features | Hatchworks`);
  });

  it("is reached from Manage Projects' 'View Features →', and its back link returns there", async () => {
    // Prepare
    const group = `Lantern Group ${randomUUID().slice(0, 6)}`;
    const own = await createProject(admin.token, { group_name: group });
    const page = await openSignedIn(browser, admin, '/projects');
    const section = page.getByRole('region', { name: `${group} group` });

    // Act
    await section.getByRole('link', { name: 'View Features →' }).click();
    await page.getByRole('heading', { level: 1, name: own.title }).waitFor();
    await page.getByRole('heading', { name: 'No features yet' }).waitFor();
    const asked = new URL(page.url()).searchParams.get('project');
    await page.getByRole('link', { name: '← Back to Manage Projects' }).click();
    await section.waitFor();

    // Assess
    expect(asked).toBe(own.id);
    expect(new URL(page.url()).pathname).toBe('/projects');
  });

  it('filters by Approved within the project', async () => {
    // Prepare
    const page = await openSignedIn(browser, admin, projectPath(project.id));
    await featureList(page);

    // Act
    await page.getByRole('button', { name: 'Approved', exact: true }).click();
    await page.getByRole('list', { name: 'Approved feature requests' }).waitFor();
    const shown = await cardTitles(page);

    // Assess
    expect(shown).toEqual([titles.approved]);
    expect(new URL(page.url()).searchParams.get('project')).toBe(project.id);
    expect(new URL(page.url()).searchParams.get('status')).toBe('approved');
  });

  it('sends users back to /features, offers them no Pending and lets them vote on approved requests', async () => {
    // Prepare
    const user = await registerUser();

    // Act
    const page = await openSignedIn(browser, user, projectPath(project.id));
    const shown = await cardTitles(page);
    const back = page.getByRole('link', { name: '← Back to Feature Request System' });

    // Assess
    expect(shown).toEqual([titles.approved]);
    expect(await back.getAttribute('href')).toBe('/features');
    expect(await filterState(page)).toEqual({ labels: ['All', 'Approved'], pressed: ['All'] });
    expect(await page.getByRole('button', { name: `Vote on ${titles.approved}` }).isVisible()).toBe(
      true,
    );
  });

  it('resets a non-admin whose link asks for pending to approved, in the URL too', async () => {
    // Prepare
    const user = await registerUser();

    // Act
    const page = await openSignedIn(browser, user, `${projectPath(project.id)}&status=pending`);
    await page.getByRole('list', { name: 'Approved feature requests' }).waitFor();
    const shown = await cardTitles(page);

    // Assess
    expect(shown).toEqual([titles.approved]);
    expect(await filterState(page)).toEqual({ labels: ['All', 'Approved'], pressed: ['Approved'] });
    expect(new URL(page.url()).searchParams.get('status')).toBe('approved');
    expect(new URL(page.url()).searchParams.get('project')).toBe(project.id);
  });

  it('approves a pending request in place, which then takes votes', async () => {
    // Prepare
    const author = await registerUser();
    const feature = await createFeature(author.token, project.id);
    const page = await openSignedIn(browser, admin, projectPath(project.id));
    const card = (await featureList(page)).getByRole('article', { name: feature.title });

    // Act
    await card.getByRole('button', { name: `Approve ${feature.title}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Approve Feature' });
    await dialog.getByRole('button', { name: 'Approve Feature' }).click();
    await card.getByRole('button', { name: `Vote on ${feature.title}` }).waitFor();

    // Assess
    expect(await card.getByText('Approved', { exact: true }).isVisible()).toBe(true);
    expect(await card.getByRole('button', { name: /^(Approve|Reject)/ }).count()).toBe(0);
  });

  it("opens 'Create Request' with the project already chosen", async () => {
    // Prepare
    const user = await registerUser();
    const page = await openSignedIn(browser, user, projectPath(project.id));
    await featureList(page);

    // Act
    await page.getByRole('button', { name: 'Create Request (100 eggs)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Feature Request' });
    await dialog.waitFor();
    const select = dialog.getByLabel('Project', { exact: true });
    await select.locator(`option[value="${project.id}"]`).waitFor({ state: 'attached' });

    // Assess
    expect(await select.inputValue()).toBe(project.id);
  });

  it("loads a project's requests beyond the first 50 with 'Load More Features'", async () => {
    // Prepare
    const crowded = await createProject(admin.token);
    const authors = await Promise.all(Array.from({ length: 11 }, () => registerUser()));
    await Promise.all(
      authors.map(async (author) => {
        for (let index = 0; index < 5; index += 1) await createFeature(author.token, crowded.id);
      }),
    );
    const page = await openSignedIn(browser, admin, projectPath(crowded.id));
    const list = await featureList(page);
    const firstPage = await list.getByRole('article').count();

    // Act
    await page.getByRole('button', { name: 'Load More Features' }).click();
    await list.getByRole('article').nth(50).waitFor();
    const shown = await cardTitles(page);

    // Assess
    expect(firstPage).toBe(50);
    expect(shown).toHaveLength(55);
    expect(new Set(shown).size).toBe(55);
    expect(await page.getByRole('button', { name: 'Load More Features' }).count()).toBe(0);
  }, 90_000);

  it('says so, with a way back, for an unknown project and for a link without a project', async () => {
    // Prepare
    const user = await registerUser();
    const page = await openSignedIn(browser, user, projectPath('01UNKNOWNPROJECT0000000000'));

    // Act
    await page.getByRole('heading', { level: 1, name: 'Project not found' }).waitFor();
    const unknown = await page.getByRole('main').innerText();
    await page.goto('/feature-requests');
    await page.getByRole('heading', { level: 1, name: 'No project selected' }).waitFor();
    const back = page
      .getByRole('main')
      .getByRole('link', { name: 'Back to Feature Request System', exact: true });

    // Assess
    expect(unknown).toContain('01UNKNOWNPROJECT0000000000');
    expect(await back.getAttribute('href')).toBe('/features');
    expect(await page.getByRole('group', { name: 'Filter by status' }).count()).toBe(0);
  });

  it("shows a failure to load the project with 'Try Again', which recovers", async () => {
    // Prepare
    const user = await registerUser();
    let failing = true;
    const page = await openSignedIn(browser, user, projectPath(project.id), {
      prepare: (target) =>
        target.route(
          (url) => url.pathname === '/api/projects',
          (route) =>
            failing
              ? route.fulfill({
                  status: 500,
                  contentType: 'application/json',
                  body: JSON.stringify({ success: false, error: 'boom', code: 'SERVER_ERROR' }),
                })
              : route.continue(),
        ),
    });
    const alert = page.getByRole('alert').filter({ hasText: 'Server error occurred' });
    await alert.waitFor({ timeout: 15_000 });

    // Act
    failing = false;
    await alert.getByRole('button', { name: 'Try Again' }).click();
    await page.getByRole('heading', { level: 1, name: project.title }).waitFor();

    // Assess
    expect(await cardTitles(page)).toContain(titles.approved);
    expect(await alert.count()).toBe(0);
  });

  it("shows visitors the project's approved requests read-only under the log-in prompt, at every width", async () => {
    // Prepare
    const page = await browser.openPage(projectPath(project.id), {
      bypassCSP: true,
      viewport: VIEWPORTS.phone,
    });
    const asked = recordStatusQueries(page);

    // Act
    const main = page.getByRole('main');
    await main.getByRole('heading', { level: 1, name: project.title }).waitFor();
    const shown = await cardTitles(page);
    const violations = await violationsAtWidths(page);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );

    // Assess
    expect(
      await main.getByRole('heading', { level: 2, name: 'Feature Request System' }).isVisible(),
    ).toBe(true);
    expect(
      await main
        .getByText(
          'Please log in to access the feature request system and start voting with your eggs!',
        )
        .isVisible(),
    ).toBe(true);
    expect(shown).toContain(titles.approved);
    expect(shown).not.toContain(titles.elsewhere);
    expect(asked).not.toHaveLength(0);
    expect(asked).toEqual(asked.map(() => ({ project: project.id, status: 'approved' })));
    expect(await main.getByRole('button', { name: /^(Vote|Create Request|Approve)/ }).count()).toBe(
      0,
    );
    expect(await main.getByRole('link', { name: '← Back to Feature Request System' }).count()).toBe(
      1,
    );
    expect(violations).toEqual(cleanAtWidths());
    expect(overflow).toBeLessThanOrEqual(0);
  });

  it('has no serious axe violations for an admin, and fits a phone', async () => {
    // Prepare
    const page = await openSignedIn(browser, admin, projectPath(project.id), {
      bypassCSP: true,
      viewport: VIEWPORTS.phone,
    });
    await featureList(page);

    // Act
    const violations = await seriousAccessibilityViolations(page);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );

    // Assess
    expect(violations).toEqual([]);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
