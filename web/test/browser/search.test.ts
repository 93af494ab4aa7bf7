import type { Feature } from '@hatchworks/shared/schemas/features';
import type { Project } from '@hatchworks/shared/schemas/projects';
import type { TrackerFeatureRequest } from '@hatchworks/shared/schemas/tracker';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { registerUser } from './support/accounts';
import {
  VIEWPORTS,
  screenshot,
  seriousAccessibilityViolations,
  skipBrowserTests,
  useBrowser,
  type Viewport,
} from './support/browser';
import {
  createApprovedFeature,
  createProject,
  featureOf,
  loginAdmin,
  voteOn,
} from './support/features';
import { openCreateModal, openFeaturesAs } from './support/feature-modals';
import { inventWord, misspell, waitUntilIndexed } from './support/search';
import {
  listTrackerRequests,
  submitTrackerRequest,
  submitTrackerSuggestion,
  trackerProject,
} from './support/tracker';
import { apiData } from './support/features';
import type { ProjectSuggestion } from '@hatchworks/shared/schemas/tracker';

/** The three widths every new screen is looked at in (SHOTS_DIR). */
const WIDTHS: readonly Viewport[] = [
  VIEWPORTS.phone,
  { width: 1024, height: 800 },
  VIEWPORTS.desktop,
];

/** Fails with the rule ids when axe finds serious or critical problems. */
async function expectAccessible(page: Page): Promise<void> {
  const violations = await seriousAccessibilityViolations(page);
  expect(violations.map((violation) => `${violation.id}: ${violation.targets.join(', ')}`)).toEqual(
    [],
  );
}

describe.skipIf(skipBrowserTests)('Search', () => {
  const browser = useBrowser();
  let adminToken: string;
  let project: Project;

  beforeAll(async () => {
    adminToken = (await loginAdmin()).token;
    project = await createProject(adminToken);
  });

  it('finds a tracker request by a misspelled word, sorted by relevance, the term in the URL', async () => {
    // Prepare
    const word = inventWord();
    const own = await trackerProject();
    const request = await submitTrackerRequest({
      title: `Export the ${word} report`,
      project_id: own.id,
    });
    await waitUntilIndexed('tracker_request', word, request.id);
    const page = await browser.openPage('/tracker/requests?sort=date', { bypassCSP: true });
    const filters = page.getByRole('search', { name: 'Filter and sort' });

    // Act
    await filters.getByLabel('Search', { exact: true }).fill(misspell(word));

    // Assess
    const list = page.getByRole('list', { name: 'Matching feature requests' });
    await list.getByRole('article', { name: request.title }).waitFor();
    await page.waitForURL((url) => url.searchParams.get('q') === misspell(word));
    expect(await list.getByRole('article').count()).toBe(1);
    expect(await filters.getByLabel('Sort by', { exact: true }).isDisabled()).toBe(true);
    expect(await filters.getByText('Sorted by relevance while searching.').isVisible()).toBe(true);
    expect(await page.getByText(`1 result for “${misspell(word)}”`).isVisible()).toBe(true);
    await expectAccessible(page);
    for (const viewport of WIDTHS) {
      await page.setViewportSize(viewport);
      await screenshot(page, `search-tracker-requests-${viewport.width}`);
    }
  });

  it('says when nothing matches, and Clear search brings the list back and the focus to the field', async () => {
    // Prepare
    const word = inventWord();
    const page = await browser.openPage(`/tracker/requests?q=${word}`, { bypassCSP: true });
    const empty = page.getByText(`No requests match “${word}”`);
    await empty.waitFor();
    for (const viewport of WIDTHS) {
      await page.setViewportSize(viewport);
      await screenshot(page, `search-tracker-no-match-${viewport.width}`);
    }

    // Act
    await page.getByRole('button', { name: 'Clear search' }).click();

    // Assess
    await page.getByRole('list', { name: 'Tracker requests' }).waitFor();
    await page.waitForURL((url) => !url.searchParams.has('q'));
    const field = page.getByRole('search').getByLabel('Search', { exact: true });
    expect(await field.inputValue()).toBe('');
    expect(await field.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await page.getByRole('search').getByLabel('Sort by', { exact: true }).isEnabled()).toBe(
      true,
    );
  });

  it('Escape empties the search field and the list shows everything again', async () => {
    // Prepare
    const word = inventWord();
    const suggestionPage = await browser.openPage(`/tracker/suggestions?q=${word}`);
    await suggestionPage.getByText(`No suggestions match “${word}”`).waitFor();
    const field = suggestionPage.getByRole('search').getByLabel('Search', { exact: true });
    expect(await field.inputValue()).toBe(word);

    // Act
    await field.focus();
    await suggestionPage.keyboard.press('Escape');

    // Assess
    await suggestionPage.waitForURL((url) => !url.searchParams.has('q'));
    expect(await field.inputValue()).toBe('');
    await suggestionPage
      .getByRole('list', { name: 'Project suggestions' })
      .or(suggestionPage.getByText('No project suggestions found.'))
      .waitFor();
  });

  it('finds a feature request by a misspelled word on /features, with the status filter', async () => {
    // Prepare
    const word = inventWord();
    const author = await registerUser();
    const feature = await createApprovedFeature(author.token, adminToken, project.id, {
      title: `Nightly ${word} digest`,
    });
    await waitUntilIndexed('feature', word, feature.id);
    const page = await openFeaturesAs(browser, author, { bypassCSP: true });
    const field = page
      .getByRole('search', { name: 'Search feature requests' })
      .getByLabel('Search', { exact: true });

    // Act
    await field.fill(misspell(word));
    await field.press('Enter');

    // Assess
    await page.getByText(`1 result for “${misspell(word)}”`).waitFor();
    await page.waitForURL((url) => url.searchParams.get('q') === misspell(word));
    const list = page.getByRole('list', { name: /feature requests$/ });
    expect(await list.getByRole('article').count()).toBe(1);
    await list.getByRole('article', { name: feature.title }).waitFor();

    // Act: another status filter keeps the search
    await page
      .getByRole('group', { name: 'Filter by status' })
      .getByRole('button', { name: 'All' })
      .click();

    // Assess
    await page.waitForURL(
      (url) =>
        url.searchParams.get('status') === 'all' && url.searchParams.get('q') === misspell(word),
    );
    await page
      .getByRole('list', { name: /^All feature requests$/ })
      .getByRole('article', { name: feature.title })
      .waitFor();
    expect(await field.inputValue()).toBe(misspell(word));
    await expectAccessible(page);
    for (const viewport of WIDTHS) {
      await page.setViewportSize(viewport);
      await screenshot(page, `search-features-${viewport.width}`);
    }
  });

  it('says on each list when no item has every word and shows the closest matches instead', async () => {
    // Prepare
    const word = inventWord();
    const q = `${word} ${inventWord()}`;
    const author = await registerUser();
    const [feature, request, suggestion] = await Promise.all([
      createApprovedFeature(author.token, adminToken, project.id, {
        title: `Weekly ${word} digest`,
      }),
      submitTrackerRequest({ title: `Export the ${word} report` }),
      submitTrackerSuggestion({ name: `The ${word} chronicles` }),
    ]);
    await Promise.all([
      waitUntilIndexed('feature', word, feature.id),
      waitUntilIndexed('tracker_request', word, request.id),
      waitUntilIndexed('tracker_suggestion', word, suggestion.id),
    ]);
    const page = await openFeaturesAs(browser, author, {
      viewport: VIEWPORTS.phone,
      bypassCSP: true,
    });
    const lists = [
      { path: '/features', noun: 'requests', title: feature.title, shot: 'features' },
      { path: '/tracker/requests', noun: 'requests', title: request.title, shot: 'requests' },
      { path: '/tracker/suggestions', noun: 'suggestions', title: suggestion.name, shot: 'ideas' },
    ];

    for (const list of lists) {
      // Act
      await page.goto(`${list.path}?${new URLSearchParams({ q }).toString()}`);

      // Assess: one live region says it, above the closest match
      const note = `No ${list.noun} match every word of “${q}”; showing the closest match.`;
      await page.getByRole('status').filter({ hasText: note }).waitFor();
      await page.getByRole('article', { name: list.title }).waitFor();
      expect(await page.getByRole('article').count()).toBe(1);
      expect(await page.getByRole('status').filter({ hasText: q }).count()).toBe(1);
      // The note wraps within a phone's width.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        VIEWPORTS.phone.width,
      );
      await screenshot(page, `search-partial-${list.shot}-${VIEWPORTS.phone.width}`);
    }
    await expectAccessible(page);
    await page.setViewportSize(VIEWPORTS.desktop);
    await screenshot(page, `search-partial-ideas-${VIEWPORTS.desktop.width}`);
  });
});

describe.skipIf(skipBrowserTests)('Similar requests while typing', () => {
  const browser = useBrowser();
  let adminToken: string;
  let project: Project;

  beforeAll(async () => {
    adminToken = (await loginAdmin()).token;
    project = await createProject(adminToken);
  });

  /** An approved feature titled with `word`, 40 eggs on it from one backer, in the index. */
  async function backedFeature(word: string): Promise<Feature> {
    const author = await registerUser();
    const feature = await createApprovedFeature(author.token, adminToken, project.id, {
      title: `Offline ${word} sync`,
    });
    await voteOn((await registerUser()).token, feature.id, 40);
    await waitUntilIndexed('feature', word, feature.id);
    return featureOf(author.token, feature.id);
  }

  it('shows similar feature requests as the title is typed; Vote on this instead opens the vote dialog', async () => {
    // Prepare
    const word = inventWord();
    const feature = await backedFeature(word);
    const user = await registerUser();
    const page = await openFeaturesAs(browser, user, { bypassCSP: true });
    const dialog = await openCreateModal(page);

    // Act
    await dialog
      .getByLabel('Title', { exact: true })
      .pressSequentially(`Sync ${word.slice(0, 12)}`);

    // Assess
    const similar = dialog.getByRole('region', { name: 'Similar requests' });
    const link = similar.getByRole('link', { name: feature.title });
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe(`/features/${feature.id}`);
    const item = similar.getByRole('listitem').filter({ hasText: feature.title });
    expect(await item.innerText()).toContain('40 eggs');
    expect(await item.innerText()).toContain('1 vote');
    expect(await item.innerText()).toContain('Approved');
    expect(await similar.getByRole('status').innerText()).toMatch(/similar requests? found/);
    await expectAccessible(page);
    for (const viewport of WIDTHS) {
      await page.setViewportSize(viewport);
      await screenshot(page, `similar-features-${viewport.width}`);
    }

    // Act
    await item.getByRole('button', { name: /^Vote on this instead/ }).click();

    // Assess
    const vote = page.getByRole('dialog', { name: 'Vote with Eggs' });
    await vote.getByRole('heading', { name: feature.title }).waitFor();
    expect(await page.getByRole('dialog', { name: 'Create Feature Request' }).count()).toBe(0);
  }, 60_000);

  it('shows nothing under 3 characters', async () => {
    // Prepare
    const user = await registerUser();
    const page = await openFeaturesAs(browser, user);
    const dialog = await openCreateModal(page);

    // Act
    await dialog.getByLabel('Title', { exact: true }).fill('ab');
    await page.waitForTimeout(600);

    // Assess
    expect(await dialog.getByRole('region', { name: 'Similar requests' }).count()).toBe(0);
  });

  it('shows similar tracker requests in Submit Request; Vote on this instead upvotes it and closes the form', async () => {
    // Prepare
    const word = inventWord();
    const own = await trackerProject();
    const request: TrackerFeatureRequest = await submitTrackerRequest({
      title: `Keyboard ${word} shortcuts`,
      project_id: own.id,
    });
    await waitUntilIndexed('tracker_request', word, request.id);
    const page = await browser.openPage(`/tracker/requests?project=${own.id}`, {
      bypassCSP: true,
    });
    await page.getByRole('button', { name: 'Submit Request' }).click();
    const dialog = page.getByRole('dialog', { name: 'Submit a tracker request' });

    // Act
    await dialog.getByLabel('Title', { exact: true }).pressSequentially(`${word} shortcut`);

    // Assess
    const similar = dialog.getByRole('region', { name: 'Similar requests' });
    const item = similar.getByRole('listitem').filter({ hasText: request.title });
    await item.waitFor();
    expect(await item.innerText()).toContain('0 votes');
    expect(await item.innerText()).toContain('Open');
    await expectAccessible(page);
    for (const viewport of WIDTHS) {
      await page.setViewportSize(viewport);
      await screenshot(page, `similar-tracker-${viewport.width}`);
    }

    // Act
    await item.getByRole('button', { name: /^Vote on this instead/ }).click();

    // Assess
    await dialog.waitFor({ state: 'detached' });
    await page.getByText(`Thanks! Your vote on “${request.title}” was counted.`).waitFor();
    const [stored] = (await listTrackerRequests({ project_id: own.id })).feature_requests;
    expect(stored?.votes).toBe(1);
  });

  it('shows similar suggestions in Suggest Project; Vote on this instead upvotes the suggestion', async () => {
    // Prepare
    const word = inventWord();
    const suggestion: ProjectSuggestion = await submitTrackerSuggestion({
      name: `Lighthouse ${word} adventure`,
    });
    await waitUntilIndexed('tracker_suggestion', word, suggestion.id);
    const page = await browser.openPage('/tracker/suggestions');
    await page.getByRole('button', { name: 'Suggest Project' }).click();
    const dialog = page.getByRole('dialog', { name: 'Suggest Project' });

    // Act
    await dialog.getByLabel('Project Name', { exact: true }).pressSequentially(`${word} game`);
    const item = dialog
      .getByRole('region', { name: 'Similar requests' })
      .getByRole('listitem')
      .filter({ hasText: suggestion.name });
    await item.getByRole('button', { name: /^Vote on this instead/ }).click();

    // Assess
    await dialog.waitFor({ state: 'detached' });
    await page.getByText(`Thanks! Your vote on “${suggestion.name}” was counted.`).waitFor();
    const stored = await apiData<ProjectSuggestion>(
      `/api/tracker/project-suggestions/${encodeURIComponent(suggestion.id)}`,
    );
    expect(stored.votes).toBe(1);
  });
});
