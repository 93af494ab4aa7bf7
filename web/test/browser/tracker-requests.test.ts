import type { Locator, Page, Route } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Project } from '@hatchworks/shared/schemas/projects';
import { TRACKER_MESSAGES, type TrackerFeatureRequest } from '@hatchworks/shared/schemas/tracker';
import {
  screenshot,
  seriousAccessibilityViolations,
  skipBrowserTests,
  useBrowser,
  VIEWPORTS,
  type OpenPageOptions,
} from './support/browser';
import { fitsWidth } from './support/feature-modals';
import { registerUser, seedSession } from './support/accounts';
import {
  browserNeighbour,
  fieldMessages,
  listTrackerRequests,
  pillCounts,
  strangerVote,
  submitTrackerRequest,
  toastMessages,
  trackerProject,
} from './support/tracker';

const LIST_PATH = '/api/tracker/feature-requests';

const fulfillJson = (route: Route, status: number, body: unknown) =>
  route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });

/** Every `GET` of the request list the page sends, as its query parameters. */
function recordListCalls(page: Page): URLSearchParams[] {
  const calls: URLSearchParams[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === LIST_PATH && request.method() === 'GET') calls.push(url.searchParams);
  });
  return calls;
}

const requestsPath = (query: Record<string, string>) =>
  `/tracker/requests?${new URLSearchParams(query).toString()}`;

/** The list of request cards once it has loaded. */
async function requestList(page: Page): Promise<Locator> {
  const list = page.getByRole('list', { name: 'Tracker requests' });
  await list.waitFor();
  return list;
}

async function cardTitles(list: Locator): Promise<string[]> {
  return list.getByRole('article').getByRole('heading', { level: 3 }).allInnerTexts();
}

/** The filter dropdowns' chosen values, by label. */
async function selectValues(page: Page): Promise<Record<string, string>> {
  const filters = page.getByRole('search', { name: 'Filter and sort' });
  const labels = ['Project', 'Status', 'Priority', 'Category', 'Sort by', 'Order'];
  const values = await Promise.all(
    labels.map((label) => filters.getByLabel(label, { exact: true }).inputValue()),
  );
  return Object.fromEntries(labels.map((label, index) => [label, values[index] ?? '']));
}

/** The vote count a card shows (the number before the hidden ' votes'). */
async function shownVotes(card: Locator): Promise<number> {
  const text = await card.getByRole('status').innerText();
  return Number.parseInt(text, 10);
}

describe.skipIf(skipBrowserTests)('Tracker feature requests (/tracker/requests)', () => {
  const browser = useBrowser();
  const open = (path: string, options: OpenPageOptions = {}) => browser.openPage(path, options);

  let project: Project;
  let highOpen: TrackerFeatureRequest[];
  let lowOpen: TrackerFeatureRequest;
  let critical: TrackerFeatureRequest;

  beforeAll(async () => {
    project = await trackerProject();
    highOpen = await Promise.all([
      submitTrackerRequest({
        project_id: project.id,
        priority: 'High',
        category: 'New Feature',
        tags: 'ui, mobile',
      }),
      submitTrackerRequest({ project_id: project.id, priority: 'High' }),
    ]);
    lowOpen = await submitTrackerRequest({ project_id: project.id, priority: 'Low' });
    critical = await submitTrackerRequest({
      project_id: project.id,
      priority: 'Critical',
      category: 'Enhancement',
    });
  });

  it('shows exactly the view a shared link names', async () => {
    // Prepare
    const path = requestsPath({ project: project.id, status: 'Open', priority: 'High' });

    // Act
    const page = await open('/', {});
    const calls = recordListCalls(page);
    await page.goto(path);
    const list = await requestList(page);

    // Assess
    expect(await selectValues(page)).toEqual({
      Project: project.id,
      Status: 'Open',
      Priority: 'High',
      Category: '',
      'Sort by': 'votes',
      Order: 'desc',
    });
    expect((await cardTitles(list)).toSorted()).toEqual(
      highOpen.map((request) => request.title).toSorted(),
    );
    for (const card of await list.getByRole('article').all()) {
      const details = card.getByRole('list', { name: 'Details' });
      expect(await details.innerText()).toContain('Open');
      expect(await details.innerText()).toContain('High');
      expect(await card.getByRole('link', { name: `Project: ${project.title}` }).count()).toBe(1);
    }
    expect(calls.at(-1)?.get('project_id')).toBe(project.id);
    expect(calls.at(-1)?.get('status')).toBe('Open');
    expect(calls.at(-1)?.get('priority')).toBe('High');
    expect(calls.at(-1)?.get('sort_by')).toBe('votes');
    expect(calls.at(-1)?.get('sort_direction')).toBe('desc');
    expect(await page.title()).toMatch(/^Tracker Requests \| /);
  });

  it('shows "all" for unknown values in a link, and drops them from the URL', async () => {
    // Prepare
    const path = `${requestsPath({ project: project.id, priority: 'Critical' })}&status=Pending&category=Chores&sort=eggs`;

    // Act
    const page = await open(path);
    await page.waitForURL((url) => !url.searchParams.has('status'));
    const list = await requestList(page);

    // Assess
    expect(await selectValues(page)).toEqual({
      Project: project.id,
      Status: '',
      Priority: 'Critical',
      Category: '',
      'Sort by': 'votes',
      Order: 'desc',
    });
    expect(new URL(page.url()).search).toBe(
      `?${new URLSearchParams({ project: project.id, priority: 'Critical' }).toString()}`,
    );
    expect(await cardTitles(list)).toEqual([critical.title]);
  });

  it('shows every field of a card, with markup as plain text', async () => {
    // Prepare
    const title = `<img src=x onerror="window.pwned=1"><b>Bold ${project.id.slice(0, 4)}</b>`;
    const request = await submitTrackerRequest({
      project_id: project.id,
      title,
      description: 'Line one\n<script>window.pwned=1</script>',
      priority: 'Medium',
      category: 'UI/UX Improvement',
      tags: 'ui, performance, UI, mobile',
    });

    // Act
    const page = await open(requestsPath({ project: project.id, priority: 'Medium' }));
    const card = (await requestList(page)).getByRole('article', { name: title, exact: true });
    await card.waitFor();

    // Assess
    expect(await card.getByRole('heading', { level: 3 }).innerText()).toBe(title);
    expect(await card.getByText('<script>window.pwned=1</script>').isVisible()).toBe(true);
    expect(await card.getByRole('list', { name: 'Details' }).innerText()).toMatch(
      /Open[\s\S]*Medium[\s\S]*UI\/UX Improvement/,
    );
    expect(
      await card.getByRole('list', { name: 'Tags' }).getByRole('listitem').allInnerTexts(),
    ).toEqual(['#ui', '#performance', '#mobile']);
    expect(
      await card.getByRole('link', { name: `Project: ${project.title}` }).getAttribute('href'),
    ).toBe(requestsPath({ project: project.id }));
    expect(await card.innerText()).toContain(project.group_name);
    expect(await card.locator('time').getAttribute('datetime')).toBe(request.created_at);
    expect(await shownVotes(card)).toBe(0);
    expect(await page.evaluate(() => (window as { pwned?: number }).pwned)).toBeUndefined();
  });

  it('writes each filter change into the URL without adding history entries', async () => {
    // Prepare
    const page = await open(requestsPath({ project: project.id }));
    const list = await requestList(page);
    expect(await list.getByRole('article').count()).toBeGreaterThanOrEqual(4);
    const historyLength = await page.evaluate(() => history.length);
    const filters = page.getByRole('search', { name: 'Filter and sort' });

    // Act
    await filters.getByLabel('Priority', { exact: true }).selectOption('Low');
    await page.waitForURL((url) => url.searchParams.get('priority') === 'Low');
    await filters.getByLabel('Sort by', { exact: true }).selectOption('date');
    await page.waitForURL((url) => url.searchParams.get('sort') === 'date');
    // Each change loads its own list: wait until the one shown is the new one.
    await expect.poll(() => cardTitles(list), { timeout: 10_000 }).toEqual([lowOpen.title]);

    // Assess
    const url = new URL(page.url());
    expect(url.searchParams.get('project')).toBe(project.id);
    expect(url.searchParams.get('priority')).toBe('Low');
    expect(url.searchParams.get('sort')).toBe('date');
    expect(await page.evaluate(() => history.length)).toBe(historyLength);

    // A reload (or the link shared) reproduces the view; clearing returns to the project only.
    await page.reload();
    expect(await cardTitles(await requestList(page))).toEqual([lowOpen.title]);
    expect((await selectValues(page)).Priority).toBe('Low');
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.waitForURL((next) => !next.searchParams.has('project'));
    expect(new URL(page.url()).searchParams.get('sort')).toBe('date');
    // The URL changes before the select re-renders: wait for the control to follow it.
    await expect.poll(async () => (await selectValues(page)).Project).toBe('');
  });

  it('keeps both of two quick filter changes made before the list re-renders', async () => {
    // Prepare
    const page = await open(requestsPath({ project: project.id }));
    await requestList(page);
    const filters = page.getByRole('search', { name: 'Filter and sort' });

    // Act: the second change is made at once, from the same rendered page
    await Promise.all([
      filters.getByLabel('Priority', { exact: true }).selectOption('Low'),
      filters.getByLabel('Sort by', { exact: true }).selectOption('date'),
    ]);

    // Assess
    await page.waitForURL(
      (url) =>
        url.searchParams.get('priority') === 'Low' && url.searchParams.get('sort') === 'date',
    );
    await expect
      .poll(() => cardTitles(page.getByRole('list', { name: 'Tracker requests' })), {
        timeout: 10_000,
      })
      .toEqual([lowOpen.title]);
    expect(new URL(page.url()).searchParams.get('project')).toBe(project.id);
  });

  it('shows the empty state, whose button opens the submit form', async () => {
    // Prepare
    const page = await open(requestsPath({ project: project.id, status: 'Completed' }));
    const empty = page.getByText('No feature requests found.');
    await empty.waitFor();

    // Act
    await page.getByRole('button', { name: 'Submit the first request!' }).click();

    // Assess
    const dialog = page.getByRole('dialog', { name: 'Submit a tracker request' });
    expect(await dialog.isVisible()).toBe(true);
    expect(await page.getByRole('list', { name: 'Tracker requests' }).count()).toBe(0);
  });

  it('submits a request: the form closes and the new card is listed', async () => {
    // Prepare
    const own = await trackerProject({ group_name: 'Fiction Projects' });
    const page = await open(requestsPath({ project: own.id }));
    await page.getByText('No feature requests found.').waitFor();
    await page.getByRole('button', { name: 'Submit Request' }).click();
    const dialog = page.getByRole('dialog', { name: 'Submit a tracker request' });
    const title = `Offline mode ${own.id.slice(0, 6)}`;

    // Act
    expect(await dialog.getByLabel('Category').inputValue()).toBe('Bug Fix');
    expect(await dialog.getByLabel('Priority').inputValue()).toBe('Low');
    expect(await dialog.getByLabel('Project').inputValue()).toBe(own.id);
    expect(await dialog.getByLabel('Tags').getAttribute('placeholder')).toBe(
      'ui, performance, mobile',
    );
    await dialog.getByLabel('Project').selectOption('');
    expect(await dialog.getByLabel('Project').locator('option:checked').innerText()).toBe(
      'Select a project (optional)',
    );
    await dialog.getByLabel('Project').selectOption(own.id);
    await dialog.getByRole('button', { name: 'Submit Request' }).click();
    // Each blank field says so under itself; the first one has the focus.
    expect(await fieldMessages(dialog, ['Title', 'Description'])).toEqual([
      'Title is required',
      'Description is required',
    ]);
    expect(await dialog.getByRole('alert').count()).toBe(0);
    expect(await dialog.getByLabel('Title').getAttribute('aria-invalid')).toBe('true');
    expect(
      await dialog.getByLabel('Title').evaluate((field) => field === document.activeElement),
    ).toBe(true);
    await dialog.getByLabel('Title').fill(title);
    await dialog.getByLabel('Description').fill('Read the stories without a connection.');
    await dialog.getByLabel('Category').selectOption('New Feature');
    await dialog.getByLabel('Priority').selectOption('High');
    await dialog.getByLabel('Tags').fill('offline, mobile, Offline');
    await dialog.getByRole('button', { name: 'Submit Request' }).click();
    await dialog.waitFor({ state: 'detached' });

    // Assess
    const card = (await requestList(page)).getByRole('article', { name: title });
    await card.waitFor();
    expect(await card.getByRole('list', { name: 'Details' }).innerText()).toMatch(
      /Open[\s\S]*High[\s\S]*New Feature/,
    );
    expect(
      await card.getByRole('list', { name: 'Tags' }).getByRole('listitem').allInnerTexts(),
    ).toEqual(['#offline', '#mobile']);
    expect(
      await page
        .getByTestId('toast')
        .getByText(`Your request “${title}” was submitted.`)
        .isVisible(),
    ).toBe(true);
    const stored = await listTrackerRequests({ project_id: own.id });
    expect(stored.feature_requests.map((request) => request.title)).toEqual([title]);
    // The toast that names the request opens it.
    await page
      .getByTestId('toast')
      .filter({ hasText: title })
      .getByRole('button', { name: 'Open' })
      .click();
    await page.waitForURL(`**/tracker/requests/${stored.feature_requests[0]!.id}`);
  });

  it('says when a submitted request falls outside the filters shown', async () => {
    // Prepare
    const own = await trackerProject();
    const page = await open(requestsPath({ project: own.id, priority: 'High' }));
    await page.getByRole('button', { name: 'Submit the first request!' }).click();
    const dialog = page.getByRole('dialog', { name: 'Submit a tracker request' });
    const title = `Low key ${own.id.slice(0, 6)}`;

    // Act
    await dialog.getByLabel('Title').fill(title);
    await dialog.getByLabel('Description').fill('Submitted with the default priority.');
    await dialog.getByRole('button', { name: 'Submit Request' }).click();
    await dialog.waitFor({ state: 'detached' });

    // Assess
    const notice = page.getByTestId('toast').getByText(`Your request “${title}” was submitted.`);
    expect(await notice.innerText()).toContain(
      'It does not match the current filters, so it is not listed below.',
    );
    expect(await page.getByText('No feature requests found.').isVisible()).toBe(true);
    const stored = await listTrackerRequests({ project_id: own.id });
    expect(stored.feature_requests.map((request) => [request.title, request.priority])).toEqual([
      [title, 'Low'],
    ]);
  });

  it('keeps what was typed and shows the server message when a submit is refused', async () => {
    // Prepare
    const message = TRACKER_MESSAGES.tooManySubmissions(7);
    const page = await open(requestsPath({ project: project.id }), {
      prepare: (target) =>
        target.route(`**${LIST_PATH}`, (route) =>
          route.request().method() === 'POST'
            ? fulfillJson(route, 429, { success: false, error: message, code: 'RATE_LIMITED' })
            : route.fallback(),
        ),
    });
    await requestList(page);
    await page.getByRole('button', { name: 'Submit Request' }).click();
    const dialog = page.getByRole('dialog', { name: 'Submit a tracker request' });

    // Act
    await dialog.getByLabel('Title').fill('Keep me');
    await dialog.getByLabel('Description').fill('Typed with care.');
    await dialog.getByLabel('Tags').fill('ui, mobile');
    await dialog.getByRole('button', { name: 'Submit Request' }).click();
    const alert = dialog.getByRole('alert');
    await alert.waitFor();

    // Assess
    expect(await alert.innerText()).toBe(message);
    expect(await dialog.getByLabel('Title').inputValue()).toBe('Keep me');
    expect(await dialog.getByLabel('Description').inputValue()).toBe('Typed with care.');
    expect(await dialog.getByLabel('Tags').inputValue()).toBe('ui, mobile');
  });

  it('votes up, takes the vote back, and switches to down', async () => {
    // Prepare
    const own = await trackerProject();
    const request = await submitTrackerRequest({ project_id: own.id });
    const page = await open(requestsPath({ project: own.id }));
    const card = (await requestList(page)).getByRole('article', { name: request.title });
    const up = card.getByRole('button', { name: `Upvote ${request.title}` });
    const down = card.getByRole('button', { name: `Downvote ${request.title}` });
    /** Clicks a vote button and waits for the API's answer. */
    const voteWith = async (button: Locator) => {
      const answered = page.waitForResponse(
        (response) => new URL(response.url()).pathname === '/api/tracker/vote',
      );
      await button.click();
      expect((await answered).status()).toBe(200);
    };
    const shows = (votes: number) =>
      expect.poll(() => shownVotes(card), { timeout: 10_000 }).toBe(votes);
    const storedVotes = async () =>
      (await listTrackerRequests({ project_id: own.id })).feature_requests[0]?.votes;
    // Loading the list gave the visitor its anonymous id, before any vote.
    const idCookie = (await page.context().cookies()).find((each) => each.name === 'hw_anon');

    // Act
    await voteWith(up);
    await shows(1);

    // Assess
    expect(await toastMessages(page)).toEqual([`Upvote recorded on “${request.title}”: 1 vote`]);
    expect(idCookie).toMatchObject({ path: '/api/tracker', httpOnly: true, sameSite: 'Lax' });
    expect(await up.getAttribute('aria-pressed')).toBe('true');
    expect(await storedVotes()).toBe(1);

    // The same direction again removes the vote.
    await voteWith(up);
    await shows(0);
    expect((await toastMessages(page)).at(-1)).toBe(
      `Vote removed from “${request.title}”: 0 votes`,
    );
    expect(await up.getAttribute('aria-pressed')).toBe('false');
    expect(await storedVotes()).toBe(0);

    // Down switches from none, then up switches from down.
    await voteWith(down);
    await shows(-1);
    expect(await down.getAttribute('aria-pressed')).toBe('true');
    await voteWith(up);
    await shows(1);
    expect(await up.getAttribute('aria-pressed')).toBe('true');
    expect(await down.getAttribute('aria-pressed')).toBe('false');
    expect(await storedVotes()).toBe(1);

    // The anonymous id cookie keeps the visitor's vote across a reload.
    await page.reload();
    const reloaded = (await requestList(page)).getByRole('article', { name: request.title });
    expect(await shownVotes(reloaded)).toBe(1);
    expect(
      await reloaded
        .getByRole('button', { name: `Upvote ${request.title}` })
        .getAttribute('aria-pressed'),
    ).toBe('true');
  }, 60_000);

  it('asks to reload when the browser sent no tracker cookie, and votes after the reload', async () => {
    // Prepare
    const own = await trackerProject();
    const request = await submitTrackerRequest({ project_id: own.id });
    const page = await open(requestsPath({ project: own.id }));
    const card = (await requestList(page)).getByRole('article', { name: request.title });
    await page.context().clearCookies();

    // Act
    const refused = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/tracker/vote',
    );
    await card.getByRole('button', { name: `Upvote ${request.title}` }).click();

    // Assess
    expect((await refused).status()).toBe(400);
    expect(await card.getByRole('alert').innerText()).toBe(TRACKER_MESSAGES.cookieRequired);
    expect(await shownVotes(card)).toBe(0);
    expect((await listTrackerRequests({ project_id: own.id })).feature_requests[0]?.votes).toBe(0);

    // The reload's list call gives a new id, and the vote counts.
    await page.reload();
    const reloaded = (await requestList(page)).getByRole('article', { name: request.title });
    const counted = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/tracker/vote',
    );
    await reloaded.getByRole('button', { name: `Upvote ${request.title}` }).click();
    expect((await counted).status()).toBe(200);
    await expect.poll(() => shownVotes(reloaded), { timeout: 10_000 }).toBe(1);
  });

  it('says when someone on the same network already voted on the request today', async () => {
    // Prepare: a neighbour on Chromium's /24 (127.0.0.x) votes first.
    const own = await trackerProject();
    const request = await submitTrackerRequest({ project_id: own.id });
    await strangerVote('feature_request', request.id, 'up', browserNeighbour());
    const page = await open(requestsPath({ project: own.id }));
    const card = (await requestList(page)).getByRole('article', { name: request.title });

    // Act
    const refused = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/tracker/vote',
    );
    await card.getByRole('button', { name: `Upvote ${request.title}` }).click();

    // Assess
    expect((await refused).status()).toBe(429);
    expect(await card.getByRole('alert').innerText()).toBe(TRACKER_MESSAGES.networkAlreadyVoted);
    expect(await shownVotes(card)).toBe(1);
    expect(
      await card
        .getByRole('button', { name: `Upvote ${request.title}` })
        .getAttribute('aria-pressed'),
    ).toBe('false');
  });

  it('shows the reason when a vote is refused and keeps the count', async () => {
    // Prepare
    const message = TRACKER_MESSAGES.tooManyVotes(3);
    const page = await open(requestsPath({ project: project.id, priority: 'Critical' }), {
      prepare: (target) =>
        target.route('**/api/tracker/vote', (route) =>
          fulfillJson(route, 429, { success: false, error: message, code: 'RATE_LIMITED' }),
        ),
    });
    const card = (await requestList(page)).getByRole('article', { name: critical.title });

    // Act
    await card.getByRole('button', { name: `Upvote ${critical.title}` }).click();

    // Assess
    expect(await card.getByRole('alert').innerText()).toBe(message);
    expect(await shownVotes(card)).toBe(0);
  });

  it('loads the next page with Load More Requests', async () => {
    // Prepare: one request more than a page (20).
    const own = await trackerProject();
    const created: TrackerFeatureRequest[] = [];
    for (let batch = 0; batch < 3; batch += 1) {
      created.push(
        ...(await Promise.all(
          Array.from({ length: 7 }, () => submitTrackerRequest({ project_id: own.id })),
        )),
      );
    }
    const page = await open('/', {});
    const calls = recordListCalls(page);
    await page.goto(requestsPath({ project: own.id, sort: 'date' }));
    const list = await requestList(page);
    const more = page.getByRole('button', { name: 'Load More Requests' });
    await more.waitFor();
    const firstPage = await cardTitles(list);

    // Act
    await more.click();
    await list.getByRole('article').nth(20).waitFor();

    // Assess
    expect(firstPage).toHaveLength(20);
    const all = await cardTitles(list);
    expect(all.toSorted()).toEqual(created.map((request) => request.title).toSorted());
    expect(all.slice(0, 20)).toEqual(firstPage);
    expect(await more.count()).toBe(0);
    // The button went away with the last page; focus moved on to the first card it added.
    expect(
      await list
        .locator(':scope > li')
        .nth(20)
        .evaluate((item) => item === document.activeElement),
    ).toBe(true);
    expect(calls.at(0)?.get('limit')).toBe('20');
    expect(calls.at(-1)?.get('cursor')).toBeTruthy();
    expect(calls.at(-1)?.get('sort_by')).toBe('date');
  }, 60_000);

  it('shows the loading text, then the error with its message, and recovers on Try Again', async () => {
    // Prepare
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let failing = true;
    const page = await open('/', {});
    await page.route(`**${LIST_PATH}?*`, async (route) => {
      await held;
      if (failing) {
        await fulfillJson(route, 400, {
          success: false,
          error: 'Invalid input data.',
          code: 'VALIDATION_ERROR',
        });
      } else {
        await route.fallback();
      }
    });

    // Act
    await page.goto(requestsPath({ project: project.id }));
    const loading = page.getByRole('status').getByText('Loading feature requests...');
    await loading.waitFor();
    release();
    const alert = page.getByRole('alert');
    await alert.getByText('Error loading feature requests: Invalid input data.').waitFor();
    failing = false;
    await alert.getByRole('button', { name: 'Try Again' }).click();

    // Assess
    expect(await cardTitles(await requestList(page))).toContain(critical.title);
  });

  it('folds the filters on a phone behind "Filters (n)", opened and closed by keyboard', async () => {
    // Prepare: two filters set, the sort left as it is.
    const page = await open(requestsPath({ project: project.id, priority: 'High' }), {
      viewport: VIEWPORTS.phone,
    });
    await requestList(page);
    const filters = page.getByRole('search', { name: 'Filter and sort' });
    const button = filters.getByRole('button', { name: /^Filters \(\d+\)$/ });
    const status = filters.getByLabel('Status', { exact: true });
    const folded = {
      name: await button.innerText(),
      expanded: await button.getAttribute('aria-expanded'),
      statusShown: await status.isVisible(),
      searchShown: await filters.getByRole('searchbox').isVisible(),
    };
    await screenshot(page, 'tracker-requests-filters-390-folded');

    // Act
    await button.focus();
    await page.keyboard.press('Enter');
    await status.waitFor();
    await status.selectOption('Open');
    await page.waitForURL((url) => url.searchParams.get('status') === 'Open');
    await screenshot(page, 'tracker-requests-filters-390-open');
    await status.focus();
    await page.keyboard.press('Escape');
    await status.waitFor({ state: 'hidden' });
    const afterEscape = {
      name: await button.innerText(),
      expanded: await button.getAttribute('aria-expanded'),
      focused: await button.evaluate((node) => node === document.activeElement),
      controls: await button.getAttribute('aria-controls'),
    };
    const inline: Record<number, { button: boolean; status: boolean }> = {};
    for (const viewport of [
      { width: 1024, height: 768 },
      { width: 1280, height: 900 },
    ]) {
      await page.setViewportSize(viewport);
      inline[viewport.width] = {
        button: await button.isVisible(),
        status: await status.isVisible(),
      };
      await screenshot(page, `tracker-requests-filters-${viewport.width}`);
    }

    // Assess
    expect(folded).toEqual({
      name: 'Filters (2)',
      expanded: 'false',
      statusShown: false,
      searchShown: true,
    });
    expect(afterEscape).toEqual({
      name: 'Filters (3)',
      expanded: 'false',
      focused: true,
      controls: expect.any(String),
    });
    expect(inline).toEqual({
      1024: { button: false, status: true },
      1280: { button: false, status: true },
    });
  });

  it('shows a signed-in user at most three pills per card at every width, and answers a vote', async () => {
    // Prepare: a card with a status, a priority, a category and four tags.
    const tagged = await submitTrackerRequest({
      project_id: project.id,
      tags: 'ui, mobile, offline, sync',
    });
    const user = await registerUser();
    const page = await open(requestsPath({ project: project.id }), { viewport: VIEWPORTS.phone });
    await seedSession(page, user);
    const list = await requestList(page);
    const card = list.getByRole('article', { name: tagged.title });
    await card.waitFor();

    // Act
    const pills: Record<number, number[]> = {};
    for (const viewport of [VIEWPORTS.phone, { width: 1024, height: 768 }, VIEWPORTS.desktop]) {
      await page.setViewportSize(viewport);
      pills[viewport.width] = await pillCounts(list.getByRole('article'));
    }
    await list
      .getByRole('article', { name: critical.title })
      .getByRole('button', { name: `Downvote ${critical.title}` })
      .click();
    await page.getByTestId('toast').waitFor();

    // Assess
    for (const counts of Object.values(pills)) {
      expect(counts.length).toBeGreaterThanOrEqual(4);
      expect(Math.max(...counts)).toBeLessThanOrEqual(3);
    }
    expect(await card.getByRole('list', { name: 'Tags' }).innerText()).toMatch(
      /#ui[\s\S]*#mobile[\s\S]*#offline[\s\S]*#sync/,
    );
    expect(await toastMessages(page)).toEqual([
      expect.stringMatching(new RegExp(`^Downvote recorded on “${critical.title}”: `)),
    ]);
  });

  it('has no serious axe violations with data and with the form open', async () => {
    // Prepare
    const page = await open(requestsPath({ project: project.id }), { bypassCSP: true });
    await requestList(page);

    // Act
    const withData = await seriousAccessibilityViolations(page);
    await page.getByRole('button', { name: 'Submit Request' }).click();
    await page.getByRole('dialog', { name: 'Submit a tracker request' }).waitFor();
    const withForm = await seriousAccessibilityViolations(page);

    // Assess
    expect(withData).toEqual([]);
    expect(withForm).toEqual([]);
  }, 60_000);

  it('fits a phone screen, the list and the form, with no serious axe violations', async () => {
    // Prepare
    const page = await open(requestsPath({ project: project.id }), {
      viewport: VIEWPORTS.phone,
      bypassCSP: true,
    });
    const list = await requestList(page);

    // Act
    const pageScrolls = await page.evaluate(
      () => document.documentElement.scrollWidth > window.innerWidth,
    );
    const violations = await seriousAccessibilityViolations(page);
    await page.getByRole('button', { name: 'Submit Request' }).click();
    const dialog = page.getByRole('dialog', { name: 'Submit a tracker request' });
    const submit = dialog.getByRole('button', { name: 'Submit Request' });
    await submit.scrollIntoViewIfNeeded();

    // Assess
    expect(pageScrolls).toBe(false);
    expect(violations).toEqual([]);
    expect(await fitsWidth(page, list)).toBe(true);
    expect(await fitsWidth(page, dialog)).toBe(true);
    expect(await submit.isVisible()).toBe(true);
  }, 60_000);
});
