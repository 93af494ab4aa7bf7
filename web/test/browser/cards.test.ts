import { randomUUID } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Project } from '@hatchworks/shared/schemas/projects';
import { registerUser } from './support/accounts';
import { skipBrowserTests, useBrowser, VIEWPORTS, type Viewport } from './support/browser';
import {
  createApprovedFeature,
  createProject,
  featureList,
  loginAdmin,
  openSignedIn,
  voteOn,
} from './support/features';
import { fitsWidth, openVoteModal, setBalance } from './support/feature-modals';
import {
  strangerVote,
  submitTrackerRequest,
  submitTrackerSuggestion,
  trackerProject,
} from './support/tracker';

const REQUEST_LIST_PATH = '/api/tracker/feature-requests';
const SUGGESTION_LIST_PATH = '/api/tracker/project-suggestions';

/** The tracker requests page filtered to one project, most votes first (the default sort). */
const projectRequestsPath = (project: Project) =>
  `/tracker/requests?${new URLSearchParams({ project: project.id }).toString()}`;

/** The titles of a list's cards, in the order shown. */
const cardTitles = (list: Locator) =>
  list.getByRole('article').getByRole('heading', { level: 3 }).allInnerTexts();

/** The vote count a tracker card shows (the number before the hidden ' votes'). */
async function shownVotes(card: Locator): Promise<number> {
  return Number.parseInt(await card.getByRole('status').innerText(), 10);
}

/** The accessible text of the focused element: its label, else its text. */
const focusedName = (page: Page) =>
  page.evaluate(() => {
    const focused = document.activeElement;
    return focused?.getAttribute('aria-label') ?? focused?.textContent ?? null;
  });

/**
 * Records the order of `list`'s card titles each time its children change, so a test can tell
 * whether a card ever moved, not only where it ended up.
 */
async function watchOrder(list: Locator): Promise<() => Promise<string[][]>> {
  await list.evaluate((node) => {
    const titles = () =>
      Array.from(node.querySelectorAll(':scope > li h3'), (heading) => heading.textContent ?? '');
    const seen: string[][] = [titles()];
    new MutationObserver(() => seen.push(titles())).observe(node, { childList: true });
    (window as { cardOrders?: string[][] }).cardOrders = seen;
  });
  return () => list.page().evaluate(() => (window as { cardOrders?: string[][] }).cardOrders ?? []);
}

/** Lets React paint what it has received (two frames). */
const settled = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        requestAnimationFrame(() => requestAnimationFrame(() => resolve()));
      }),
  );

/** Where the parts of a card lie, to compare title, meta line and text. */
async function boxes(card: Locator) {
  const [title, meta] = await Promise.all([
    card.getByRole('heading', { level: 3 }).boundingBox(),
    card.getByRole('list', { name: 'Details' }).boundingBox(),
  ]);
  if (!title || !meta) throw new Error('The card has no title or no meta line');
  return { title, meta };
}

describe.skipIf(skipBrowserTests)('Cards: request, suggestion and feature cards', () => {
  const browser = useBrowser();
  let adminToken: string;

  beforeAll(async () => {
    adminToken = (await loginAdmin()).token;
  });

  describe('one hierarchy: title, one status badge, one meta line, tags last', () => {
    const widths: [string, Viewport][] = [
      ['phone', VIEWPORTS.phone],
      ['desktop', VIEWPORTS.desktop],
    ];

    it.each(widths)('a tracker request card on a %s', async (_, viewport) => {
      // Prepare
      const project = await trackerProject({ group_name: 'Web Applications' });
      const request = await submitTrackerRequest({
        project_id: project.id,
        title: `A request with a rather long title that should get the whole width ${randomUUID().slice(0, 8)}`,
        priority: 'High',
        category: 'UI/UX Improvement',
        tags: 'ui, mobile',
      });

      // Act
      const page = await browser.openPage(projectRequestsPath(project), { viewport });
      const card = page.getByRole('article', { name: request.title, exact: true });
      await card.waitFor();
      const { title, meta } = await boxes(card);

      const text = await card.getByText('Dark mode for the dashboard.').boundingBox();

      // Assess: the title leads on the card's whole text width, the meta line under it
      expect(await card.getByRole('heading', { level: 3 }).innerText()).toBe(request.title);
      expect(title.width).toBeCloseTo(text?.width ?? 0, 0);
      expect(title.y + title.height).toBeLessThanOrEqual(meta.y);
      // Exactly one badge, the status, first on the meta line
      expect(await card.locator('.badge').count()).toBe(1);
      const details = card.getByRole('list', { name: 'Details' });
      expect(await details.getByRole('listitem').first().innerText()).toMatch(/Open/);
      expect(await details.innerText()).toMatch(
        new RegExp(
          `${project.title}[\\s\\S]*Web Applications[\\s\\S]*High priority[\\s\\S]*UI/UX Improvement`,
        ),
      );
      // The tags come last
      const tags = await card.getByRole('list', { name: 'Tags' }).boundingBox();
      expect(tags && text && tags.y > text.y).toBe(true);
      expect(await fitsWidth(page, card)).toBe(true);
    });

    it.each(widths)('a project suggestion card on a %s', async (_, viewport) => {
      // Prepare
      const suggestion = await submitTrackerSuggestion({
        name: `Lighthouse keeper ${randomUUID().slice(0, 8)}`,
        group: 'Game Design',
      });

      // Act
      const page = await browser.openPage('/tracker/suggestions?sort=date', { viewport });
      const card = page.getByRole('article', { name: suggestion.name, exact: true });
      await card.waitFor();
      const { title, meta } = await boxes(card);
      const text = await card.getByText(suggestion.description).boundingBox();

      // Assess
      expect(title.width).toBeCloseTo(text?.width ?? 0, 0);
      expect(title.y + title.height).toBeLessThanOrEqual(meta.y);
      expect(await card.locator('.badge').count()).toBe(0);
      expect(await card.getByRole('list', { name: 'Details' }).innerText()).toMatch(
        /Game Design[\s\S]*Suggested on\s\w+ \d{1,2}, \d{4}/,
      );
      expect(await fitsWidth(page, card)).toBe(true);
    });

    it.each(widths)('a feature card on a %s', async (_, viewport) => {
      // Prepare
      const project = await createProject(adminToken, {
        title: `Cards ${randomUUID().slice(0, 8)}`,
      });
      const author = await registerUser({ display_name: 'Card Writer' });
      const feature = await createApprovedFeature(author.token, adminToken, project.id, {
        title: `A feature whose title is long enough to need the full card width ${randomUUID().slice(0, 8)}`,
      });

      // Act
      const page = await openSignedIn(
        browser,
        author,
        `/feature-requests?project=${encodeURIComponent(project.id)}`,
        { viewport },
      );
      const card = (await featureList(page)).getByRole('article', { name: feature.title });
      await card.waitFor();
      const { title, meta } = await boxes(card);

      // Assess: the title above one meta line led by the only badge, the status
      expect(await card.getByRole('heading', { level: 3 }).innerText()).toBe(feature.title);
      expect(title.y + title.height).toBeLessThanOrEqual(meta.y);
      expect(await card.locator('.badge').count()).toBe(1);
      const details = card.getByRole('list', { name: 'Details' });
      expect(await details.getByRole('listitem').first().innerText()).toBe('Approved');
      expect(await details.innerText()).toMatch(
        new RegExp(`${project.title}[\\s\\S]*by\\sCard Writer`),
      );
      // The tags before the footer with the eggs and the Vote button
      const tags = await card.getByRole('list', { name: 'Tags' }).boundingBox();
      const vote = await card
        .getByRole('button', { name: `Vote on ${feature.title}` })
        .boundingBox();
      expect(tags && vote && vote.y > tags.y).toBe(true);
      expect(await fitsWidth(page, card)).toBe(true);
    });
  });

  describe('a vote keeps the list in place until the next load', () => {
    it('tracker requests: the voted card keeps its place, its new count and the focus', async () => {
      // Prepare: two requests with no votes; voting for the second one ranks it first
      const project = await trackerProject();
      await submitTrackerRequest({ project_id: project.id, title: `Left ${randomUUID()}` });
      await submitTrackerRequest({ project_id: project.id, title: `Right ${randomUUID()}` });
      const page = await browser.openPage(projectRequestsPath(project));
      const list = page.getByRole('list', { name: 'Tracker requests' });
      await list.getByRole('article').nth(1).waitFor();
      const before = await cardTitles(list);
      const second = before[1] as string;
      const card = list.getByRole('article', { name: second, exact: true });
      const orders = await watchOrder(list);
      const reload = page.waitForResponse(
        (response) =>
          new URL(response.url()).pathname === REQUEST_LIST_PATH &&
          response.request().method() === 'GET',
      );

      // Act
      await card.getByRole('button', { name: `Upvote ${second}` }).click();
      const answer = (await (await reload).json()) as {
        data: { feature_requests: { title: string }[] };
      };
      await page.waitForLoadState('networkidle');
      await settled(page);

      // Assess: the reload ranks it first, yet the card never moved
      expect(answer.data.feature_requests.map((request) => request.title)).toEqual(
        before.toReversed(),
      );
      await expect.poll(() => shownVotes(card)).toBe(1);
      expect(await cardTitles(list)).toEqual(before);
      expect(new Set((await orders()).map((order) => order.join('\n')))).toEqual(
        new Set([before.join('\n')]),
      );
      expect(await focusedName(page)).toBe(`Upvote ${second}`);

      // Act: the next load
      await page.reload();
      await list.getByRole('article').nth(1).waitFor();

      // Assess
      expect(await cardTitles(list)).toEqual(before.toReversed());
    });

    it('project suggestions: the voted card keeps its place until the next load', async () => {
      // Prepare: two suggestions with as many votes, enough to lead the list (most votes first)
      const pair = [
        await submitTrackerSuggestion({ name: `Tide clock ${randomUUID().slice(0, 8)}` }),
        await submitTrackerSuggestion({ name: `Tide chart ${randomUUID().slice(0, 8)}` }),
      ];
      for (const suggestion of pair) {
        for (let vote = 0; vote < 8; vote += 1) {
          await strangerVote('project_suggestion', suggestion.id);
        }
      }
      const names = pair.map((suggestion) => suggestion.name);
      const ours = (titles: string[]) => titles.filter((title) => names.includes(title));
      const page = await browser.openPage('/tracker/suggestions');
      const list = page.getByRole('list', { name: 'Project suggestions' });
      await Promise.all(names.map((name) => list.getByRole('article', { name }).waitFor()));
      const before = await cardTitles(list);
      const second = ours(before)[1] as string;
      const card = list.getByRole('article', { name: second, exact: true });
      const orders = await watchOrder(list);
      const reload = page.waitForResponse(
        (response) =>
          new URL(response.url()).pathname === SUGGESTION_LIST_PATH &&
          response.request().method() === 'GET',
      );

      // Act
      await card.getByRole('button', { name: `Upvote ${second}` }).click();
      const answer = (await (await reload).json()) as {
        data: { project_suggestions: { name: string }[] };
      };
      await page.waitForLoadState('networkidle');
      await settled(page);

      // Assess
      expect(ours(answer.data.project_suggestions.map((suggestion) => suggestion.name))).toEqual(
        ours(before).toReversed(),
      );
      await expect.poll(() => shownVotes(card)).toBe(9);
      expect(await cardTitles(list)).toEqual(before);
      expect(new Set((await orders()).map((order) => order.join('\n')))).toEqual(
        new Set([before.join('\n')]),
      );
      expect(await focusedName(page)).toBe(`Upvote ${second}`);

      // Act: the next load
      await page.reload();
      await Promise.all(names.map((name) => list.getByRole('article', { name }).waitFor()));

      // Assess
      expect(ours(await cardTitles(list))).toEqual(ours(before).toReversed());
    });

    it('features: the card voted past the first keeps its place, its eggs and the focus', async () => {
      // Prepare: the first with 20 eggs, the second with 10; 25 more put the second first
      const project = await createProject(adminToken, {
        title: `Eggs ${randomUUID().slice(0, 8)}`,
      });
      const author = await registerUser();
      const first = await createApprovedFeature(author.token, adminToken, project.id, {
        title: `Ahead ${randomUUID().slice(0, 8)}`,
      });
      const second = await createApprovedFeature(author.token, adminToken, project.id, {
        title: `Behind ${randomUUID().slice(0, 8)}`,
      });
      const backer = await registerUser();
      await voteOn(backer.token, first.id, 20);
      await voteOn(backer.token, second.id, 10);
      const voter = await registerUser();
      await setBalance(adminToken, voter, 500);
      const page = await openSignedIn(
        browser,
        voter,
        `/feature-requests?project=${encodeURIComponent(project.id)}`,
      );
      const list = await featureList(page);
      await list.getByRole('article').nth(1).waitFor();
      const before = await cardTitles(list);
      const card = list.getByRole('article', { name: second.title });
      const orders = await watchOrder(list);

      // Act
      const dialog = await openVoteModal(page, second.title);
      await dialog.getByRole('button', { name: '25', exact: true }).click();
      await dialog.getByRole('button', { name: 'Vote 25 Eggs' }).click();
      await dialog.waitFor({ state: 'detached' });
      await card.getByText('35 eggs').waitFor();
      await page.waitForLoadState('networkidle');
      await settled(page);

      // Assess
      expect(before).toEqual([first.title, second.title]);
      expect(await cardTitles(list)).toEqual(before);
      expect(new Set((await orders()).map((order) => order.join('\n')))).toEqual(
        new Set([before.join('\n')]),
      );
      await expect.poll(() => focusedName(page)).toBe(`Vote on ${second.title}`);

      // Act: the next load
      await page.reload();
      const reloaded = await featureList(page);
      await reloaded.getByRole('article').nth(1).waitFor();

      // Assess
      expect(await cardTitles(reloaded)).toEqual([second.title, first.title]);
    });
  });
});
