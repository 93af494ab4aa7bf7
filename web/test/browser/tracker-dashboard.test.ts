import { randomUUID } from 'node:crypto';
import type { Locator, Page, Route } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Project } from '@hatchworks/shared/schemas/projects';
import type { TrackerFeatureRequest, TrackerStats } from '@hatchworks/shared/schemas/tracker';
import { registerUser } from './support/accounts';
import {
  seriousAccessibilityViolations,
  siteUrl,
  skipBrowserTests,
  useBrowser,
  VIEWPORTS,
  type OpenPageOptions,
  screenshot,
} from './support/browser';
import { fitsWidth } from './support/feature-modals';
import { apiData, loginAdmin } from './support/features';
import { pillCounts, strangerVote, submitTrackerRequest, trackerProject } from './support/tracker';

const fulfillJson = (route: Route, status: number, body: unknown) =>
  route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });

/** `GET` of a public tracker route as a stranger. */
async function publicData<T>(path: string): Promise<T> {
  const response = await fetch(siteUrl(path));
  const json = (await response.json()) as { data: T };
  if (!response.ok) throw new Error(`${path}: ${response.status} ${JSON.stringify(json)}`);
  return json.data;
}

/** A request with `votes` up votes, each from a different stranger. */
async function votedRequest(project: Project, title: string, votes: number) {
  const request = await submitTrackerRequest({ project_id: project.id, title });
  for (let vote = 0; vote < votes; vote += 1) {
    await strangerVote('feature_request', request.id, 'up');
  }
  return request;
}

/** The four tiles of the statistics strip, by label. */
async function shownStats(page: Page): Promise<Record<string, number>> {
  const strip = page.getByRole('region', { name: 'Statistics' });
  await strip.waitFor();
  const labels = await strip.locator('.stats-strip__tile .stats-strip__label').allInnerTexts();
  const values = await strip.locator('.stats-strip__tile .stats-strip__value').allInnerTexts();
  return Object.fromEntries(
    labels.map((label, index) => [label, Number((values[index] ?? '').replace(/,/g, ''))]),
  );
}

/** How many cards the request list of this page shows once every page is loaded. */
async function listedRequests(page: Page): Promise<number> {
  const list = page.getByRole('list', { name: 'Tracker requests' });
  const empty = page.getByText('No feature requests found.');
  await list.or(empty).waitFor();
  if (await empty.isVisible()) return 0;
  const more = page.getByRole('button', { name: 'Load More Requests' });
  const moreBar = page.locator('.request-list__more');
  for (;;) {
    const shown = await list.getByRole('article').count();
    if (!(await more.isVisible())) return shown;
    await more.click();
    // The last page can come back empty (the one before it ended exactly at a page's length):
    // then the button goes away and no card is added.
    await expect
      .poll(
        async () => (await list.getByRole('article').count()) > shown || !(await moreBar.count()),
      )
      .toBe(true);
  }
}

const expectedStats = (stats: TrackerStats) => ({
  'Total Projects': stats.projects.total,
  'Feature Requests': stats.feature_requests.total,
  'Open Requests': stats.feature_requests.open,
  Completed: stats.feature_requests.completed,
});

const topPanel = (page: Page) => page.getByRole('region', { name: 'Most Voted Requests' });
const activityPanel = (page: Page) => page.getByRole('region', { name: 'Recent Activity' });

async function topTitles(page: Page): Promise<string[]> {
  return topPanel(page).getByRole('article').getByRole('heading', { level: 3 }).allInnerTexts();
}

async function activityTitles(page: Page): Promise<string[]> {
  return activityPanel(page).getByRole('listitem').getByRole('heading').allInnerTexts();
}

/** The project toggle of the picker, by its title. */
const toggle = (page: Page, title: string) =>
  page
    .getByRole('group', { name: 'Select a project' })
    .getByRole('button', { name: title, exact: true });

/** The picker's disclosure button of narrow screens, named by the selection it sums up. */
const disclosure = (page: Page) =>
  page
    .getByRole('region', { name: 'Select a project' })
    .getByRole('button', { name: /^Projects shown: / });

/** The selection a dashboard URL names. */
const urlSelection = (page: Page) => new URL(page.url()).searchParams.getAll('project');

/** Waits until a panel shows its own selection's answer (not the previous one). */
async function settled(panel: Locator): Promise<void> {
  await panel.and(panel.page().locator('[aria-busy="false"]')).waitFor();
}

describe.skipIf(skipBrowserTests)('Tracker dashboard (/tracker)', () => {
  const browser = useBrowser();
  const open = (path: string, options: OpenPageOptions = {}) => browser.openPage(path, options);

  let first: Project;
  let second: Project;
  /** Requests of `first`, most votes first: 3, 2, 1 and 0 votes. */
  let firstRequests: TrackerFeatureRequest[];
  /** Requests of `second`: 5 votes and 1 vote. */
  let secondRequests: TrackerFeatureRequest[];
  let author: string;

  beforeAll(async () => {
    [first, second] = await Promise.all([trackerProject(), trackerProject()]);
    const tag = randomUUID().slice(0, 6);
    firstRequests = [
      await votedRequest(first, `First top ${tag}`, 3),
      await votedRequest(first, `First second ${tag}`, 2),
      await votedRequest(first, `First third ${tag}`, 1),
    ];
    // A signed-in author's request names them in the activity.
    author = `Dash Author ${tag}`;
    const user = await registerUser({ display_name: author });
    const response = await fetch(siteUrl('/api/tracker/feature-requests'), {
      method: 'POST',
      headers: {
        authorization: `Bearer ${user.token}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        title: `First unvoted ${tag}`,
        description: 'Signed in when submitting.',
        project_id: first.id,
      }),
    });
    firstRequests.push(((await response.json()) as { data: TrackerFeatureRequest }).data);
    secondRequests = [
      await votedRequest(second, `Second top ${tag}`, 5),
      await votedRequest(second, `Second other ${tag}`, 1),
    ];
    // Requests of every other status, so that each tile's number differs from the others; in a
    // project of their own, so that the selections' lists above stay as they are.
    const admin = await loginAdmin();
    const third = await trackerProject();
    const moved = [
      ['completed', 'Completed one'],
      ['completed', 'Completed two'],
      ['planned', 'Planned'],
      ['in_progress', 'In progress'],
      ['closed', 'Closed'],
    ] as const;
    for (const [status, title] of moved) {
      const request = await submitTrackerRequest({
        project_id: third.id,
        title: `${title} ${tag}`,
      });
      await apiData(`/api/tracker/feature-requests/${request.id}/status`, {
        method: 'PUT',
        token: admin.token,
        body: status === 'closed' ? { status, note: 'Out of scope' } : { status },
      });
    }
  }, 60_000);

  it("shows the API's statistics and the new numbers after a submission", async () => {
    // Prepare
    const before = await publicData<TrackerStats>('/api/tracker/stats');
    const page = await open('/tracker');
    const shownBefore = await shownStats(page);

    // Act
    await submitTrackerRequest({ project_id: first.id, title: `Stats bump ${randomUUID()}` });
    const after = await publicData<TrackerStats>('/api/tracker/stats');
    await page.reload();
    const shownAfter = await shownStats(page);

    // Assess
    expect(shownBefore).toEqual(expectedStats(before));
    expect(shownAfter).toEqual(expectedStats(after));
    expect(shownAfter['Feature Requests']).toBe(shownBefore['Feature Requests']! + 1);
    expect(shownAfter['Open Requests']).toBe(shownBefore['Open Requests']! + 1);
    expect(shownAfter['Total Projects']).toBe(shownBefore['Total Projects']);
  });

  it("shows one selected project's top requests and activity, asked for by its id", async () => {
    // Prepare
    const page = await open('/tracker');
    await activityPanel(page).waitFor();
    // Only the calls the selection makes: the page's first ones are done.
    const projectIds: (string | null)[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/tracker/') && url.pathname !== '/api/tracker/stats') {
        projectIds.push(url.searchParams.get('project_id'));
      }
    });
    const allSubtitle = await activityPanel(page).getByText('All projects').isVisible();
    const expectedActivity = (
      await publicData<{ activity: { title: string }[] }>(
        `/api/tracker/activity?project_id=${first.id}&limit=5`,
      )
    ).activity.map((entry) => entry.title);

    // Act
    await toggle(page, first.title).click();
    await activityPanel(page).getByText('Selected project').waitFor();
    await settled(topPanel(page));
    await settled(activityPanel(page));

    // Assess
    expect(allSubtitle).toBe(true);
    expect(await toggle(page, first.title).getAttribute('aria-pressed')).toBe('true');
    expect(await toggle(page, 'All Projects').getAttribute('aria-pressed')).toBe('false');
    expect(await toggle(page, first.title).locator('.project-picker__check svg').count()).toBe(1);
    expect(await toggle(page, 'All Projects').locator('.project-picker__check svg').count()).toBe(
      0,
    );
    expect(await topTitles(page)).toEqual(
      firstRequests.slice(0, 3).map((request) => request.title),
    );
    expect(await activityTitles(page)).toEqual(expectedActivity);
    const tags = await activityPanel(page).locator('.activity-entry__project').allTextContents();
    expect(new Set(tags)).toEqual(new Set([`Project: ${first.title}`]));
    expect(projectIds).toEqual([first.id, first.id]);
    const viewAll = topPanel(page).getByRole('link', { name: 'View All' });
    expect(await viewAll.getAttribute('href')).toBe(`/tracker/requests?project=${first.id}`);
  });

  it("shows an entry's author, type and action in words, beside its coloured dot", async () => {
    // Prepare
    const page = await open('/tracker');
    const signedIn = firstRequests[3]!;

    // Act
    await toggle(page, first.title).click();
    await settled(activityPanel(page));
    const entry = activityPanel(page)
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: signedIn.title }) });
    const anonymous = activityPanel(page)
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: firstRequests[0]!.title }) });

    // Assess
    const text = await entry.innerText();
    expect(text).toContain(`by ${author}`);
    expect(text).toContain('Signed in when submitting.');
    expect(text).toContain('Tracker Request');
    expect(text).toContain('Created');
    expect(text).toMatch(/just now|minutes? ago/);
    expect(await anonymous.innerText()).toContain('by Anonymous');
    expect(await entry.locator('.activity-entry--request .activity-entry__dot').count()).toBe(1);
    // One pill per entry (its project); the type and the action are words.
    for (const viewport of [VIEWPORTS.phone, { width: 1024, height: 768 }, VIEWPORTS.desktop]) {
      await page.setViewportSize(viewport);
      const pills = await pillCounts(activityPanel(page).getByRole('listitem'));
      expect(Math.max(...pills)).toBe(1);
    }
  });

  it("keeps several selected projects' items only, with '2 selected projects'", async () => {
    // Prepare
    const page = await open('/tracker');
    const ours = new Set([...firstRequests, ...secondRequests].map((request) => request.title));

    // Act
    await toggle(page, first.title).click();
    await activityPanel(page).getByText('Selected project').waitFor();
    await toggle(page, second.title).click();
    await activityPanel(page).getByText('2 selected projects').waitFor();
    await settled(topPanel(page));
    await settled(activityPanel(page));

    // Assess
    expect(await topTitles(page)).toEqual([
      secondRequests[0]!.title,
      firstRequests[0]!.title,
      firstRequests[1]!.title,
    ]);
    const activity = await activityTitles(page);
    expect(activity).toHaveLength(5);
    expect(activity.every((title) => ours.has(title) || title.startsWith('Stats bump'))).toBe(true);
    expect(activity).toContain(secondRequests[1]!.title);
    const viewAll = topPanel(page).getByRole('link', { name: 'View All' });
    expect(await viewAll.getAttribute('href')).toBe('/tracker/requests');
  });

  it("goes back to every project with 'All Projects'", async () => {
    // Prepare
    const page = await open('/tracker');
    await toggle(page, first.title).click();
    await toggle(page, second.title).click();
    await activityPanel(page).getByText('2 selected projects').waitFor();

    // Act
    await toggle(page, 'All Projects').click();
    await activityPanel(page).getByText('All projects').waitFor();

    // Assess
    expect(await toggle(page, 'All Projects').getAttribute('aria-pressed')).toBe('true');
    expect(await toggle(page, first.title).getAttribute('aria-pressed')).toBe('false');
    expect(await toggle(page, second.title).getAttribute('aria-pressed')).toBe('false');
    const viewAll = topPanel(page).getByRole('link', { name: 'View All' });
    expect(await viewAll.getAttribute('href')).toBe('/tracker/requests');
    expect(await page.getByRole('region', { name: 'Statistics' }).innerText()).not.toContain(
      'Statistics cover all projects.',
    );
  });

  it("shows the empty texts and 'Be the first to submit one!'", async () => {
    // Prepare
    const page = await open('/tracker', {
      prepare: async (target) => {
        await target.route('**/api/tracker/feature-requests?*', (route) =>
          fulfillJson(route, 200, {
            success: true,
            data: { feature_requests: [] },
            next_cursor: null,
          }),
        );
        await target.route('**/api/tracker/activity?*', (route) =>
          fulfillJson(route, 200, { success: true, data: { activity: [] }, next_cursor: null }),
        );
      },
    });

    // Act
    await topPanel(page).getByText('No feature requests yet.').waitFor();
    const invitation = topPanel(page).getByRole('link', { name: 'Be the first to submit one!' });

    // Assess
    expect(await invitation.getAttribute('href')).toBe('/tracker/requests');
    expect(await activityPanel(page).getByText('No recent activity.').isVisible()).toBe(true);
    await invitation.click();
    await page.waitForURL('**/tracker/requests');
  });

  it("shows 'Loading tracker data...', then 'Error loading tracker data' and 'Try Again'", async () => {
    // Prepare
    let fail = true;
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const page = await open('/tracker', {
      prepare: (target) =>
        target.route('**/api/tracker/stats', async (route) => {
          await held;
          return fail
            ? fulfillJson(route, 400, {
                success: false,
                error: 'Invalid input data.',
                code: 'VALIDATION_ERROR',
              })
            : route.fallback();
        }),
    });

    // Act
    await page.getByRole('status').filter({ hasText: 'Loading tracker data...' }).waitFor();
    release();
    const alert = page.getByRole('alert');
    await alert.getByRole('heading', { name: 'Error loading tracker data' }).waitFor();
    const message = await alert.getByText('Invalid input data.').isVisible();
    fail = false;
    await alert.getByRole('button', { name: 'Try Again' }).click();
    const stats = await shownStats(page);

    // Assess
    expect(message).toBe(true);
    expect(Object.keys(stats)).toEqual([
      'Total Projects',
      'Feature Requests',
      'Open Requests',
      'Completed',
    ]);
    expect(await page.getByRole('alert').count()).toBe(0);
  });

  it("links the 'Contribute' panel to /features and /tracker/suggestions", async () => {
    // Prepare
    const page = await open('/tracker');
    const panel = page.getByRole('region', { name: 'Contribute' });

    // Act
    await panel.waitFor();
    const links = await panel
      .getByRole('link')
      .evaluateAll((nodes) =>
        nodes.map((node) => [
          node.textContent?.trim(),
          node.getAttribute('href'),
          node.querySelector('svg.icon[aria-hidden="true"]') ? 'icon' : 'no icon',
        ]),
      );

    const described = await panel
      .getByRole('link')
      .evaluateAll((nodes) =>
        nodes.map(
          (node) =>
            node.ownerDocument.getElementById(node.getAttribute('aria-describedby') ?? '')
              ?.textContent,
        ),
      );

    // Assess
    expect(links).toEqual([
      ['Feature Requests', '/features', 'icon'],
      ['Suggest Project', '/tracker/suggestions', 'icon'],
    ]);
    // Each link says where it leads: 'Feature Requests' is the egg board, not the tiles' list.
    expect(described[0]).toMatch(/^The egg board: .*not in the tiles above\.$/);
    expect(described[1]).toMatch(/^Project suggestions: /);
  });

  it('has no serious accessibility violations, for all projects and a selection', async () => {
    // Prepare
    const page = await open('/tracker', { bypassCSP: true });
    await activityPanel(page).waitFor();
    await settled(topPanel(page));
    await settled(activityPanel(page));

    // Act
    const all = await seriousAccessibilityViolations(page);
    await toggle(page, first.title).click();
    await toggle(page, second.title).click();
    await activityPanel(page).getByText('2 selected projects').waitFor();
    await settled(topPanel(page));
    await settled(activityPanel(page));
    const selected = await seriousAccessibilityViolations(page);

    // Assess
    expect(all).toEqual([]);
    expect(selected).toEqual([]);
  });

  it('adds the tiles up as labelled: requests = one count per status of the status filter', async () => {
    // Prepare
    const page = await open('/tracker');
    await activityPanel(page).waitFor();
    const api = await publicData<TrackerStats>('/api/tracker/stats');

    // Act
    const shown = await shownStats(page);
    const sum = await page
      .getByRole('region', { name: 'Statistics' })
      .getByText(/tracker requests = /)
      .innerText();
    const numbers = (sum.match(/[\d,]+/g) ?? []).map((each) => Number(each.replace(/,/g, '')));

    // Assess
    expect(shown).toEqual(expectedStats(api));
    expect(sum).toMatch(
      /^[\d,]+ tracker requests = [\d,]+ open \+ [\d,]+ planned \+ [\d,]+ in progress \+ [\d,]+ completed \+ [\d,]+ closed$/,
    );
    const { total, open: opened, planned, in_progress, completed, closed } = api.feature_requests;
    expect(numbers).toEqual([total, opened, planned, in_progress, completed, closed]);
    expect(opened + planned + in_progress + completed + closed).toBe(total);
  });

  it("opens from each tile the list it counts, whose length is the tile's number", async () => {
    // Prepare: the dataset has requests of every status (beforeAll), so the numbers differ.
    const page = await open('/tracker', { viewport: VIEWPORTS.phone });
    await activityPanel(page).waitFor();
    const tiles = page.getByRole('region', { name: 'Statistics' }).locator('.stats-strip__tile');
    const byWidth: Record<number, Record<string, number>> = {};
    for (const viewport of [VIEWPORTS.phone, { width: 1024, height: 768 }, VIEWPORTS.desktop]) {
      await page.setViewportSize(viewport);
      byWidth[viewport.width] = await shownStats(page);
      await screenshot(page, `tracker-tiles-${viewport.width}`);
    }
    const shown = byWidth[VIEWPORTS.desktop.width]!;
    const hrefs = await tiles.evaluateAll((nodes) =>
      nodes.map((node) => node.getAttribute('href')),
    );

    // Act: follow each request tile and count its list; the projects tile points at the picker.
    const listed: Record<string, number> = {};
    for (const label of ['Feature Requests', 'Open Requests', 'Completed']) {
      await tiles.filter({ hasText: label }).click();
      await page.waitForURL('**/tracker/requests**');
      listed[label] = await listedRequests(page);
      await page.goBack();
      await activityPanel(page).waitFor();
    }
    const projectToggles =
      (await page.getByRole('group', { name: 'Select a project' }).getByRole('button').count()) - 1;

    // Assess
    expect(byWidth[390]).toEqual(shown);
    expect(byWidth[1024]).toEqual(shown);
    expect(hrefs).toEqual([
      '#tracker-projects',
      '/tracker/requests',
      '/tracker/requests?status=Open',
      '/tracker/requests?status=Completed',
    ]);
    expect(listed).toEqual({
      'Feature Requests': shown['Feature Requests'],
      'Open Requests': shown['Open Requests'],
      Completed: shown.Completed,
    });
    expect(projectToggles).toBe(shown['Total Projects']);
    // The dataset makes every number different: a tile counting another list would show.
    expect(new Set(Object.values(listed)).size).toBe(3);
    expect(shown.Completed).toBeGreaterThanOrEqual(2);
  }, 60_000);

  it('mirrors the selection in the URL, and a link with it reproduces the view', async () => {
    // Prepare
    const page = await open(`/tracker?project=${second.id}&project=unknown-project`);
    await activityPanel(page).getByText('Selected project').waitFor();

    // Act
    const fromLink = urlSelection(page);
    await toggle(page, first.title).click();
    await activityPanel(page).getByText('2 selected projects').waitFor();

    // Assess
    await expect.poll(() => urlSelection(page)).toEqual([second.id, first.id]);
    expect(fromLink).toEqual([second.id]);
    expect(await toggle(page, second.title).getAttribute('aria-pressed')).toBe('true');
    await toggle(page, 'All Projects').click();
    await expect.poll(() => urlSelection(page)).toEqual([]);
  });

  it('folds the picker on a phone into one line above the statistics, opened by keyboard', async () => {
    // Prepare
    const page = await open('/tracker', { viewport: VIEWPORTS.phone });
    await activityPanel(page).waitFor();
    const button = disclosure(page);
    const folded = {
      summary: await button.locator('.project-picker__summary').innerText(),
      named: await page
        .getByRole('button', { name: 'Projects shown: All projects', exact: true })
        .count(),
      expanded: await button.getAttribute('aria-expanded'),
      togglesShown: await toggle(page, 'All Projects').isVisible(),
      summaryLines: await button
        .locator('.project-picker__summary')
        .evaluate(
          (node) =>
            node.getBoundingClientRect().height / parseFloat(getComputedStyle(node).lineHeight),
        ),
      tilesBottom: (await page.locator('.stats-strip__tiles').boundingBox())!,
    };
    await screenshot(page, 'tracker-phone-folded');

    // Act
    await button.focus();
    await page.keyboard.press('Enter');
    await toggle(page, 'All Projects').waitFor();
    await page.keyboard.press('Tab');
    const focusedFirst = await page.evaluate(() => document.activeElement?.textContent);
    await toggle(page, first.title).press('Enter');
    await expect.poll(() => urlSelection(page)).toEqual([first.id]);
    await expect.poll(() => toggle(page, first.title).getAttribute('aria-pressed')).toBe('true');
    // A filter change is not a new page: once it has rendered, focus is still on the toggle.
    const focusedAfterToggle = await page.evaluate(async () => {
      await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
      return document.activeElement?.textContent;
    });
    await toggle(page, second.title).press('Space');
    await expect.poll(() => urlSelection(page)).toEqual([first.id, second.id]);
    await screenshot(page, 'tracker-phone-open');
    await page.keyboard.press('Escape');

    // Assess
    expect(folded.summary).toBe('All projects');
    expect(folded.named).toBe(1);
    expect(folded.expanded).toBe('false');
    expect(folded.togglesShown).toBe(false);
    expect(folded.summaryLines).toBeLessThan(1.5);
    expect(folded.tilesBottom.y + folded.tilesBottom.height).toBeLessThanOrEqual(
      VIEWPORTS.phone.height,
    );
    expect(focusedFirst).toBe('All Projects');
    expect(focusedAfterToggle).toBe(first.title);
    await expect.poll(() => button.getAttribute('aria-expanded')).toBe('false');
    expect(await button.evaluate((node) => node === document.activeElement)).toBe(true);
    // The address bar changes first; the render that follows it is a transition, drawn a moment later.
    await expect
      .poll(() => button.locator('.project-picker__summary').innerText())
      .toBe(`${first.title} +1`);
    expect(await button.getAttribute('aria-controls')).toBeTruthy();
    expect(await toggle(page, first.title).isVisible()).toBe(false);
    await activityPanel(page).getByText('2 selected projects').waitFor();
  });

  it('keeps the toggles on wider screens, with no disclosure', async () => {
    for (const width of [1024, 1280]) {
      // Prepare
      const page = await open('/tracker');
      await page.setViewportSize({ width, height: width === 1024 ? 768 : 900 });
      await activityPanel(page).waitFor();

      // Act
      const shown = {
        toggles: await toggle(page, 'All Projects').isVisible(),
        disclosure: await disclosure(page).count(),
      };
      await screenshot(page, `tracker-${width}`);

      // Assess
      expect(shown).toEqual({ toggles: true, disclosure: 0 });
    }
  });

  it('fills in from the top, part by part, without moving what is already on screen', async () => {
    for (const viewport of [VIEWPORTS.phone, VIEWPORTS.desktop]) {
      // Prepare: note when each part first appears, and every layout shift of the load.
      const page = await open('/tracker', {
        viewport,
        prepare: (p) =>
          p.addInitScript(() => {
            const seen: Record<string, number> = {};
            const shifts: number[] = [];
            Object.assign(window, { dashboardParts: seen, dashboardShifts: shifts });
            new PerformanceObserver((list) => {
              for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[]) {
                shifts.push(entry.value);
              }
            }).observe({ type: 'layout-shift', buffered: true });
            // One callback per batch of changes: parts drawn by one render share its number.
            let render = 0;
            new MutationObserver(() => {
              const parts = ['.stats-strip', '.dashboard-top-requests', '.activity-feed'];
              const added = parts.filter((part) => !(part in seen) && document.querySelector(part));
              for (const part of added) seen[part] = render;
              if (added.length > 0) render += 1;
            }).observe(document, { childList: true, subtree: true });
          }),
      });

      // Act
      await activityPanel(page).waitFor();
      await page.evaluate(
        () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
      );
      const loaded = await page.evaluate(() => {
        const { dashboardParts, dashboardShifts } = window as unknown as {
          dashboardParts: Record<string, number>;
          dashboardShifts: number[];
        };
        return { parts: dashboardParts, shifts: dashboardShifts };
      });

      // Assess: each part in a later render than the one above it, and nothing shifted.
      expect(loaded.parts).toEqual({
        '.stats-strip': 0,
        '.dashboard-top-requests': 1,
        '.activity-feed': 2,
      });
      expect(loaded.shifts).toEqual([]);
      await expect.poll(() => topPanel(page).getByRole('article').count()).toBeGreaterThan(0);
    }
  });

  it('fits a phone: the picker, the statistics and both lists', async () => {
    // Prepare
    const page = await open('/tracker', { viewport: VIEWPORTS.phone });
    await activityPanel(page).waitFor();

    // Act
    const parts = {
      picker: await fitsWidth(page, page.getByRole('region', { name: 'Select a project' })),
      stats: await fitsWidth(page, page.getByRole('region', { name: 'Statistics' })),
      top: await fitsWidth(page, topPanel(page)),
      activity: await fitsWidth(page, activityPanel(page)),
    };

    // Assess
    expect(parts).toEqual({ picker: true, stats: true, top: true, activity: true });
  });
});
