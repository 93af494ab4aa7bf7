import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { AuthResult } from '@hatchworks/shared/schemas/users';
import {
  seriousAccessibilityViolations,
  siteUrl,
  skipBrowserTests,
  useBrowser,
  VIEWPORTS,
  screenshot,
  type OpenPageOptions,
} from './support/browser';
import { DEMO, loginUser, registerUser } from './support/accounts';
import { openSignedIn } from './support/features';

/** The web asks for this many entries per page of each list (docs/api.md, "Profile"). */
const PAGE_SIZE = 20;

/** Calls the API as `token`'s user and answers `data`, failing on any non-2xx answer. */
async function call<T>(token: string, path: string, method = 'GET', json?: unknown): Promise<T> {
  const response = await fetch(siteUrl(path), {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(json === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(json === undefined ? {} : { body: JSON.stringify(json) }),
  });
  const body = (await response.json()) as { data: T };
  if (!response.ok)
    throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(body)}`);
  return body.data;
}

const adminToken = async () => (await loginUser(DEMO.admin.email, DEMO.admin.password)).token;

async function createProject(admin: string) {
  const title = `Roost ${randomUUID().slice(0, 8)}`;
  return call<{ id: string; title: string }>(admin, '/api/projects', 'POST', {
    title,
    group_name: 'Web Applications',
  });
}

async function createFeature(token: string, projectId: string, title = `Perch ${randomUUID()}`) {
  return call<{ id: string; title: string }>(token, '/api/features', 'POST', {
    title,
    description: 'Let hens roost on a higher perch.',
    feature_type: 'enhancement',
    project_id: projectId,
  });
}

const approve = (admin: string, featureId: string) =>
  call(admin, `/api/admin/features/${featureId}/approve`, 'POST', {});

const vote = (token: string, featureId: string, eggs: number) =>
  call(token, '/api/features/vote', 'POST', { feature_id: featureId, eggs_allocated: eggs });

/** The profile opened signed in as `auth`, once its heading shows. */
async function openProfile(
  browser: ReturnType<typeof useBrowser>,
  auth: AuthResult,
  options: OpenPageOptions = {},
): Promise<Page> {
  const page = await openSignedIn(browser, auth, '/profile', options);
  await page.getByRole('heading', { level: 1 }).waitFor();
  return page;
}

const section = (page: Page, title: string) => page.getByRole('region', { name: title });

interface LedgerRow {
  activity: string;
  amount: string;
  balance: string;
  datetime: string | null;
}

/** The Egg History table's rows as shown, top to bottom, once at least `count` are there. */
async function ledgerRows(page: Page, count = 1): Promise<LedgerRow[]> {
  const rows = section(page, 'Egg History').locator('tbody tr');
  await rows.nth(count - 1).waitFor();
  return rows.evaluateAll((elements) =>
    elements.map((row) => ({
      activity: (row.querySelector('.ledger__kind')?.textContent ?? '').trim(),
      amount: (row.querySelector('.ledger__amount')?.textContent ?? '').trim(),
      balance: (row.querySelector('.ledger__balance')?.textContent ?? '').trim(),
      datetime: row.querySelector('time')?.getAttribute('datetime') ?? null,
    })),
  );
}

/**
 * A user who claimed, requested a feature, and voted 30 eggs on someone else's approved one.
 * Ledger, newest first: vote −30 → 470, feature −100 → 500, claim +100 → 600, welcome +500.
 */
async function userWithActivity() {
  const admin = await adminToken();
  const project = await createProject(admin);
  const author = await registerUser();
  const backed = await createFeature(author.token, project.id);
  await approve(admin, backed.id);
  const user = await registerUser();
  await call(user.token, '/api/user/claim-daily-eggs', 'POST');
  const own = await createFeature(user.token, project.id);
  await vote(user.token, backed.id, 30);
  return { user, project, own, backed };
}

describe.skipIf(skipBrowserTests)('Profile activity (/profile)', () => {
  const browser = useBrowser();

  it("shows a new user's 500 welcome eggs and empty requests and votes", async () => {
    // Prepare
    const auth = await registerUser();

    // Act
    const page = await openProfile(browser, auth);
    const rows = await ledgerRows(page);

    // Assess
    expect(rows).toEqual([
      { activity: 'Welcome bonus', amount: '+500', balance: '500', datetime: expect.any(String) },
    ]);
    expect(Date.parse(rows[0]?.datetime ?? '')).not.toBeNaN();
    const requests = section(page, 'My Feature Requests');
    await requests.getByText('You have not requested any features yet.').waitFor();
    expect(
      await requests.getByRole('link', { name: 'Request a feature' }).getAttribute('href'),
    ).toBe('/features');
    const votes = section(page, 'My Votes');
    await votes.getByText('You have not voted on any features yet.').waitFor();
    expect(
      await votes.getByRole('link', { name: 'Vote on feature requests' }).getAttribute('href'),
    ).toBe('/features');
    expect(await page.getByRole('button', { name: /^Load more/ }).count()).toBe(0);
  });

  it('adds the daily claim to the history as soon as it is claimed in the header', async () => {
    // Prepare
    const page = await openProfile(browser, await registerUser());
    await ledgerRows(page);

    // Act
    await page.locator('.account--bar').getByRole('button', { name: 'Claim Daily' }).click();
    const rows = await ledgerRows(page, 2);

    // Assess
    expect(rows.map(({ activity, amount, balance }) => [activity, amount, balance])).toEqual([
      ['Daily claim', '+100', '600'],
      ['Welcome bonus', '+500', '500'],
    ]);
  });

  it('lists each ledger entry with its signed amount, balance and feature, and the requests and votes', async () => {
    // Prepare
    const { user, project, own, backed } = await userWithActivity();
    const featureLookups: string[] = [];
    const listen = async (page: Page) =>
      page.on('request', (request) => {
        const { pathname } = new URL(request.url());
        if (request.method() === 'GET' && /^\/api\/features\/(?!stats$)[^/]+$/.test(pathname)) {
          featureLookups.push(pathname);
        }
      });

    // Act
    const page = await openProfile(browser, user, { prepare: listen });
    const rows = await ledgerRows(page, 4);

    // Assess: the history, newest first
    expect(rows.map(({ activity, amount, balance }) => [activity, amount, balance])).toEqual([
      ['Vote', '−30', '470'],
      ['Feature request', '−100', '500'],
      ['Daily claim', '+100', '600'],
      ['Welcome bonus', '+500', '500'],
    ]);
    const history = section(page, 'Egg History');
    const featureHref = `/feature-requests?project=${project.id}`;
    await history.getByRole('link', { name: backed.title }).waitFor();
    expect(await history.getByRole('link', { name: own.title }).getAttribute('href')).toBe(
      featureHref,
    );
    expect(await history.locator('.ledger__amount--debit').count()).toBe(2);
    expect(await history.locator('.ledger__amount--credit').count()).toBe(2);

    // Assess: the request, pending
    const request = section(page, 'My Feature Requests').getByRole('listitem');
    await request.first().waitFor();
    expect(await request.count()).toBe(1);
    expect(await request.getByRole('heading', { level: 3 }).innerText()).toBe(own.title);
    expect(await request.innerText()).toContain('Pending');
    expect(await request.innerText()).toContain(project.title);
    expect(await request.innerText()).toContain('0 eggs');
    expect(await request.innerText()).toContain('0 votes');

    // Assess: the vote, with the feature's totals
    const myVote = section(page, 'My Votes').getByRole('listitem');
    await myVote.getByText('Total 30 eggs from 1 vote').waitFor();
    expect(await myVote.count()).toBe(1);
    expect(await myVote.getByRole('link', { name: backed.title }).getAttribute('href')).toBe(
      featureHref,
    );
    expect(await myVote.innerText()).toContain('Approved');
    expect(await myVote.innerText()).toContain('You gave 30 eggs');

    // Assess: the lists' own answers were enough, no request per feature
    expect(featureLookups).toEqual([]);
  });

  it('says so when a request an entry is about is no longer shown', async () => {
    // Prepare: the API answers such an entry's feature as null
    const admin = await adminToken();
    const project = await createProject(admin);
    const auth = await registerUser();
    await createFeature(auth.token, project.id);
    const options: OpenPageOptions = {
      prepare: (page) =>
        page.route('**/api/user/transactions?*', async (route) => {
          const response = await route.fetch();
          const body = (await response.json()) as {
            data: { transactions: { kind: string; feature?: unknown }[] };
          };
          for (const entry of body.data.transactions) {
            if (entry.kind === 'feature_creation') entry.feature = null;
          }
          await route.fulfill({ response, json: body });
        }),
    };

    // Act
    const page = await openProfile(browser, auth, options);
    await ledgerRows(page, 2);

    // Assess
    const history = section(page, 'Egg History');
    await history.getByText('A feature request that is no longer shown').waitFor();
    expect(await history.getByRole('link').count()).toBe(0);
  });

  it('shows the refund of a rejected request and the request as rejected', async () => {
    // Prepare
    const admin = await adminToken();
    const project = await createProject(admin);
    const auth = await registerUser();
    const feature = await createFeature(auth.token, project.id);
    await call(admin, `/api/admin/features/${feature.id}/reject`, 'POST', {
      notes: 'Out of scope',
    });

    // Act
    const page = await openProfile(browser, auth);
    const rows = await ledgerRows(page, 3);

    // Assess
    expect(rows.map(({ activity, amount, balance }) => [activity, amount, balance])).toEqual([
      ['Refund', '+100', '500'],
      ['Feature request', '−100', '400'],
      ['Welcome bonus', '+500', '500'],
    ]);
    const history = section(page, 'Egg History');
    await history.getByRole('link', { name: feature.title }).first().waitFor();
    expect(await history.getByRole('link', { name: feature.title }).count()).toBe(2);
    const request = section(page, 'My Feature Requests').getByRole('listitem');
    await request.getByText('Rejected', { exact: true }).waitFor();
    expect(await request.count()).toBe(1);
  });

  it("shows an admin adjustment's reason and pages every list with 'Load more'", async () => {
    // Prepare: 44 ledger entries (three pages), 21 requests and 21 votes (two pages each)
    const admin = await adminToken();
    const project = await createProject(admin);
    const auth = await registerUser();
    await call(admin, `/api/admin/users/${auth.user.id}/eggs`, 'POST', {
      amount: 2000,
      reason: 'Thanks for testing the beta',
    });
    const features = [];
    for (let index = 1; index <= PAGE_SIZE + 1; index += 1) {
      features.push(await createFeature(auth.token, project.id, `Nest box ${index}`));
    }
    await call(admin, '/api/admin/features/bulk-approve', 'POST', {
      feature_ids: features.map((feature) => feature.id),
    });
    for (const feature of features) await vote(auth.token, feature.id, 1);
    // welcome, adjustment, 21 creations, 21 votes
    const LEDGER_ENTRIES = 2 + 2 * (PAGE_SIZE + 1);

    // Act
    const page = await openProfile(browser, auth);
    const firstPage = await ledgerRows(page, PAGE_SIZE);
    const more = page.getByRole('button', { name: 'Load more egg history' });
    await more.click();
    const secondPage = await ledgerRows(page, 2 * PAGE_SIZE);
    await more.click();
    const allRows = await ledgerRows(page, LEDGER_ENTRIES);

    // Assess: the ledger, in pages of 20
    expect([firstPage.length, secondPage.length, allRows.length]).toEqual([
      PAGE_SIZE,
      2 * PAGE_SIZE,
      LEDGER_ENTRIES,
    ]);
    expect(allRows.at(-2)).toMatchObject({
      activity: 'Admin adjustment',
      amount: '+2,000',
      balance: '2,500',
    });
    expect(
      await section(page, 'Egg History')
        .getByText('Reason: Thanks for testing the beta')
        .isVisible(),
    ).toBe(true);
    expect(await more.count()).toBe(0);
    const focused = await page.evaluate(() => document.activeElement?.tagName);
    expect(focused).toBe('TR');

    // Act: requests and votes
    const requests = section(page, 'My Feature Requests').getByRole('listitem');
    await requests.nth(PAGE_SIZE - 1).waitFor();
    const requestsBefore = await requests.count();
    await page.getByRole('button', { name: 'Load more feature requests' }).click();
    await requests.nth(PAGE_SIZE).waitFor();
    const votes = section(page, 'My Votes').getByRole('listitem');
    await votes.nth(PAGE_SIZE - 1).waitFor();
    const votesBefore = await votes.count();
    await page.getByRole('button', { name: 'Load more votes' }).click();
    await votes.nth(PAGE_SIZE).waitFor();

    // Assess: newest first, the oldest on the second page
    expect([requestsBefore, await requests.count()]).toEqual([PAGE_SIZE, PAGE_SIZE + 1]);
    expect(await requests.last().getByRole('heading').innerText()).toBe('Nest box 1');
    expect([votesBefore, await votes.count()]).toEqual([PAGE_SIZE, PAGE_SIZE + 1]);
    expect(await page.getByRole('button', { name: /^Load more/ }).count()).toBe(0);
  }, 90_000);

  it("shows each list's failure with 'Try Again', which loads it again", async () => {
    // Prepare
    const auth = await registerUser();
    const failing = /\/api\/(user\/transactions|users\/[^/]+\/(features|votes))(\?|$)/;

    // Act
    const page = await openProfile(browser, auth, {
      prepare: (page) =>
        page.route(failing, (route) =>
          route.fulfill({
            status: 500,
            contentType: 'application/json',
            body: JSON.stringify({ success: false, error: 'boom', code: 'SERVER_ERROR' }),
          }),
        ),
    });
    const history = section(page, 'Egg History');
    await history.getByRole('alert').waitFor({ timeout: 15_000 });
    await section(page, 'My Feature Requests').getByRole('alert').waitFor({ timeout: 15_000 });
    await section(page, 'My Votes').getByRole('alert').waitFor({ timeout: 15_000 });

    // Assess
    expect(await history.getByRole('alert').innerText()).toContain(
      'Error: Server error occurred. Please try again later.',
    );

    // Act: the server recovers
    await page.unroute(failing);
    await history.getByRole('button', { name: 'Try Again' }).click();
    await section(page, 'My Votes').getByRole('button', { name: 'Try Again' }).click();

    // Assess
    expect(await ledgerRows(page)).toHaveLength(1);
    await section(page, 'My Votes').getByText('You have not voted on any features yet.').waitFor();
    expect(await section(page, 'My Feature Requests').getByRole('alert').isVisible()).toBe(true);
  });

  it('keeps the history shown when reloading it after a claim fails', async () => {
    // Prepare
    const page = await openProfile(browser, await registerUser());
    await ledgerRows(page);
    await page.route('**/api/user/transactions?*', (route) => route.abort('connectionrefused'));

    // Act
    await page.locator('.account--bar').getByRole('button', { name: 'Claim Daily' }).click();
    const history = section(page, 'Egg History');
    await history.getByRole('alert').waitFor({ timeout: 15_000 });

    // Assess
    expect(await history.getByRole('button', { name: 'Try Again' }).isVisible()).toBe(true);
    expect((await ledgerRows(page)).map((row) => row.activity)).toEqual(['Welcome bonus']);

    // Act: the connection is back
    await page.unroute('**/api/user/transactions?*');
    await history.getByRole('button', { name: 'Try Again' }).click();

    // Assess
    expect((await ledgerRows(page, 2)).map((row) => row.activity)).toEqual([
      'Daily claim',
      'Welcome bonus',
    ]);
    expect(await history.getByRole('alert').count()).toBe(0);
  });

  it('has no serious accessibility violations with activity shown', async () => {
    // Prepare
    const { user, backed } = await userWithActivity();
    const page = await openProfile(browser, user, { bypassCSP: true });
    await ledgerRows(page, 4);
    await section(page, 'My Votes').getByRole('link', { name: backed.title }).waitFor();

    // Act
    const violations = await seriousAccessibilityViolations(page);
    await screenshot(page, 'profile-desktop');

    // Assess
    expect(violations).toEqual([]);
    const headings = await page
      .getByRole('heading')
      .evaluateAll((elements) => elements.map((element) => element.tagName));
    expect(headings.slice(0, 2)).toEqual(['H1', 'H2']);
  });

  it('fits a phone screen without sideways scrolling', async () => {
    // Prepare
    const { user, backed } = await userWithActivity();

    // Act
    const page = await openProfile(browser, user, { viewport: VIEWPORTS.phone });
    await ledgerRows(page, 4);
    await section(page, 'My Votes').getByRole('link', { name: backed.title }).waitFor();
    await screenshot(page, 'profile-phone');

    // Assess
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
    const table = await section(page, 'Egg History').getByRole('table').boundingBox();
    expect(table?.width).toBeLessThanOrEqual(VIEWPORTS.phone.width);
    expect(await section(page, 'Egg History').getByRole('columnheader').allTextContents()).toEqual([
      'Activity',
      'Eggs',
      'Balance',
    ]);
  });
});
