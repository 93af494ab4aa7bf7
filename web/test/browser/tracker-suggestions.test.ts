import { randomUUID } from 'node:crypto';
import type { Locator, Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  TRACKER_MESSAGES,
  type ProjectSuggestion,
  type SuggestionGroup,
} from '@hatchworks/shared/schemas/tracker';
import {
  seriousAccessibilityViolations,
  skipBrowserTests,
  useBrowser,
  VIEWPORTS,
  type OpenPageOptions,
} from './support/browser';
import { alertText, fitsWidth } from './support/feature-modals';
import { fieldMessages, submitTrackerSuggestion, toastMessages } from './support/tracker';

const LIST_PATH = '/api/tracker/project-suggestions';
/** The page's own page size ('Load More Suggestions' adds as many). */
const PAGE_SIZE = 20;

const fulfillJson = (route: Route, status: number, body: unknown) =>
  route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });

const suggestionsPath = (query: Record<string, string> = {}) => {
  const search = new URLSearchParams(query).toString();
  return `/tracker/suggestions${search ? `?${search}` : ''}`;
};

/** The list of suggestion cards once it has loaded. */
async function suggestionList(page: Page): Promise<Locator> {
  const list = page.getByRole('list', { name: 'Project suggestions' });
  await list.waitFor();
  return list;
}

/** The card of the suggestion named `name`. */
const cardOf = (page: Page, name: string) => page.getByRole('article', { name, exact: true });

/** The vote count a card shows (the number before the hidden ' votes'). */
async function shownVotes(card: Locator): Promise<number> {
  return Number.parseInt(await card.getByRole('status').innerText(), 10);
}

async function openSuggestModal(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Suggest Project' }).click();
  const dialog = page.getByRole('dialog', { name: 'Suggest Project' });
  await dialog.waitFor();
  return dialog;
}

function suggestFields(dialog: Locator) {
  return {
    name: dialog.getByLabel('Project Name'),
    description: dialog.getByLabel('Description'),
    group: dialog.getByLabel('Group'),
    rationale: dialog.getByLabel('Rationale'),
    submit: dialog.getByRole('button', { name: /^Submit Suggestion|^Submitting/ }),
  };
}

/** A unique name, so a test finds its own suggestion whatever else the table holds. */
const uniqueName = (prefix: string) => `${prefix} ${randomUUID().slice(0, 8)}`;

describe.skipIf(skipBrowserTests)('Project suggestions (/tracker/suggestions)', () => {
  const browser = useBrowser();
  const open = (path: string, options: OpenPageOptions = {}) => browser.openPage(path, options);

  it('submits a suggestion: the modal closes and the new suggestion is listed', async () => {
    // Prepare
    const name = uniqueName('Lighthouse keeper');
    const page = await open(suggestionsPath({ sort: 'date' }));
    const dialog = await openSuggestModal(page);
    const fields = suggestFields(dialog);
    const defaultGroup = await fields.group.inputValue();

    // Act
    await fields.name.fill(name);
    await fields.description.fill('A <b>text</b> adventure in a lighthouse.');
    await fields.group.selectOption('Games & Game Design');
    await fields.rationale.fill('Short and replayable.');
    await fields.submit.click();
    await dialog.waitFor({ state: 'detached' });

    // Assess
    expect(defaultGroup).toBe('Fiction Projects');
    const card = cardOf(page, name);
    await card.waitFor();
    expect(await card.getByText('Games & Game Design').isVisible()).toBe(true);
    expect(await card.getByText('A <b>text</b> adventure in a lighthouse.').isVisible()).toBe(true);
    expect(await card.getByText('Short and replayable.').isVisible()).toBe(true);
    expect(await card.locator('time').innerText()).toMatch(/\w+ \d{1,2}, \d{4}/);
    expect(await shownVotes(card)).toBe(0);
    expect(await toastMessages(page)).toEqual([`Thanks! Your suggestion “${name}” was submitted.`]);
    await page.getByTestId('toast').getByRole('button', { name: 'Open' }).click();
    await page.waitForURL(/\/tracker\/suggestions\/[^/?]+$/);
    await page.getByRole('heading', { level: 1, name }).waitFor();
  });

  it('keeps what was typed and shows the reason when the submission is refused', async () => {
    // Prepare
    const refusal = TRACKER_MESSAGES.tooManySubmissions(7);
    const page = await open(suggestionsPath(), {
      prepare: (target) =>
        target.route(`**${LIST_PATH}`, (route) =>
          route.request().method() === 'POST'
            ? fulfillJson(route, 429, { success: false, error: refusal, code: 'RATE_LIMITED' })
            : route.fallback(),
        ),
    });
    const dialog = await openSuggestModal(page);
    const fields = suggestFields(dialog);

    // Act
    await fields.name.fill('Egg timer');
    await fields.submit.click();
    const required = await fieldMessages(dialog, ['Project Name', 'Description', 'Rationale']);
    const flagged = {
      name: await fields.name.getAttribute('aria-invalid'),
      description: await fields.description.getAttribute('aria-invalid'),
      rationale: await fields.rationale.getAttribute('aria-invalid'),
      focused: await fields.description.evaluate((node) => node === document.activeElement),
    };
    await fields.description.fill('Counts down.');
    await fields.group.selectOption('Web Applications');
    await fields.rationale.fill('Everyone boils eggs.');
    await fields.submit.click();
    await dialog.getByRole('alert').filter({ hasText: refusal }).waitFor();

    // Assess
    expect(required).toEqual([null, 'Description is required', 'Rationale is required']);
    expect(flagged).toEqual({ name: null, description: 'true', rationale: 'true', focused: true });
    expect(await alertText(dialog)).toBe(refusal);
    expect(await fields.name.inputValue()).toBe('Egg timer');
    expect(await fields.description.inputValue()).toBe('Counts down.');
    expect(await fields.group.inputValue()).toBe('Web Applications');
    expect(await fields.rationale.inputValue()).toBe('Everyone boils eggs.');
    expect(await fields.submit.isEnabled()).toBe(true);
  });

  it('votes up and down on a suggestion: again removes the vote, the other way switches it', async () => {
    // Prepare
    const suggestion = await submitTrackerSuggestion({ name: uniqueName('Vote target') });
    const page = await open(suggestionsPath({ sort: 'date' }));
    const card = cardOf(page, suggestion.name);
    await card.waitFor();
    const up = card.getByRole('button', { name: `Upvote ${suggestion.name}` });
    const down = card.getByRole('button', { name: `Downvote ${suggestion.name}` });
    const after = async (button: Locator, votes: number) => {
      await button.click();
      await card
        .getByRole('status')
        .filter({ hasText: new RegExp(`^${votes}\\b`) })
        .waitFor();
      return {
        votes: await shownVotes(card),
        up: await up.getAttribute('aria-pressed'),
        down: await down.getAttribute('aria-pressed'),
      };
    };

    // Act
    const upvoted = await after(up, 1);
    const removed = await after(up, 0);
    const downvoted = await after(down, -1);
    const switched = await after(up, 1);
    await page.reload();
    await card.waitFor();

    // Assess
    expect(upvoted).toEqual({ votes: 1, up: 'true', down: 'false' });
    expect(removed).toEqual({ votes: 0, up: 'false', down: 'false' });
    expect(downvoted).toEqual({ votes: -1, up: 'false', down: 'true' });
    expect(switched).toEqual({ votes: 1, up: 'true', down: 'false' });
    expect(await shownVotes(card)).toBe(1);
    expect(await up.getAttribute('aria-pressed')).toBe('true');
  });

  it('filters by group from the URL and mirrors a new choice in the URL', async () => {
    // Prepare
    const game = await submitTrackerSuggestion({ name: uniqueName('Game'), group: 'Game Design' });
    const web = await submitTrackerSuggestion({
      name: uniqueName('Web'),
      group: 'Web Applications',
    });
    const page = await open(suggestionsPath({ group: 'Game Design', sort: 'date' }));
    const group = page.getByRole('search').getByLabel('Group');
    const groupsShown = async () =>
      new Set(
        await (
          await suggestionList(page)
        )
          .getByRole('article')
          .locator('.suggestion-card__group')
          .allTextContents(),
      );

    // Act
    await cardOf(page, game.name).waitFor();
    const fromLink = { value: await group.inputValue(), groups: await groupsShown() };
    await group.selectOption('Web Applications');
    await cardOf(page, web.name).waitFor();

    // Assess
    expect(fromLink.value).toBe('Game Design');
    expect(fromLink.groups).toEqual(new Set(['Suggested group: Game Design']));
    expect(await cardOf(page, game.name).count()).toBe(0);
    expect(await groupsShown()).toEqual(new Set(['Suggested group: Web Applications']));
    const url = new URL(page.url());
    expect(url.searchParams.get('group')).toBe('Web Applications');
    expect(url.searchParams.get('sort')).toBe('date');
    expect(await page.getByRole('search').getByLabel('Sort by').inputValue()).toBe('date');
  });

  it("loads the next page with 'Load More Suggestions'", async () => {
    // Prepare
    const group: SuggestionGroup = 'AI & Development Tools';
    const prefix = uniqueName('Paged');
    const created: ProjectSuggestion[] = [];
    // One at a time, so their dates order them: the first one is the oldest.
    for (let index = 0; index <= PAGE_SIZE; index += 1) {
      created.push(await submitTrackerSuggestion({ name: `${prefix} ${index}`, group }));
    }
    const oldest = created[0]?.name ?? '';
    const newest = created.at(-1)?.name ?? '';
    const page = await open(suggestionsPath({ group, sort: 'date' }));
    const list = await suggestionList(page);
    await cardOf(page, newest).waitFor();
    const firstPage = await list.getByRole('article').count();
    const oldestBefore = await cardOf(page, oldest).count();

    // Act
    await page.getByRole('button', { name: 'Load More Suggestions' }).click();
    await cardOf(page, oldest).waitFor();

    // Assess
    expect(firstPage).toBe(PAGE_SIZE);
    expect(oldestBefore).toBe(0);
    expect(await list.getByRole('article').count()).toBeGreaterThan(PAGE_SIZE);
    // Focus moved on to the first card the page added.
    expect(
      await list
        .locator(':scope > li')
        .nth(PAGE_SIZE)
        .evaluate((item) => item === document.activeElement),
    ).toBe(true);
  });

  it("shows 'No project suggestions found.' and 'Suggest the first project!' opens the modal", async () => {
    // Prepare
    const page = await open(suggestionsPath({ group: 'Fiction Projects' }), {
      prepare: (target) =>
        target.route(`**${LIST_PATH}?*`, (route) =>
          fulfillJson(route, 200, {
            success: true,
            data: { project_suggestions: [] },
            next_cursor: null,
          }),
        ),
    });

    // Act
    await page.getByText('No project suggestions found.').waitFor();
    await page.getByRole('button', { name: 'Suggest the first project!' }).click();

    // Assess
    expect(await page.getByRole('dialog', { name: 'Suggest Project' }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Load More Suggestions' }).count()).toBe(0);
  });

  it("shows 'Loading project suggestions...', then the error with 'Try Again'", async () => {
    // Prepare
    let fail = true;
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const page = await open(suggestionsPath(), {
      prepare: (target) =>
        target.route(`**${LIST_PATH}?*`, async (route) => {
          await held;
          if (!fail) return route.fallback();
          return fulfillJson(route, 400, {
            success: false,
            error: 'Invalid input data.',
            code: 'VALIDATION_ERROR',
          });
        }),
    });

    // Act
    const loading = page.getByRole('status').filter({ hasText: 'Loading project suggestions...' });
    await loading.waitFor();
    release();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    const errorText = await alert.locator('p').innerText();
    fail = false;
    await alert.getByRole('button', { name: 'Try Again' }).click();
    await suggestionList(page);

    // Assess
    expect(errorText).toBe('Error loading project suggestions: Invalid input data.');
    expect(await page.getByRole('alert').count()).toBe(0);
  });

  it('has no serious accessibility violations, with the modal closed and open', async () => {
    // Prepare
    await submitTrackerSuggestion({ name: uniqueName('Axe') });
    const page = await open(suggestionsPath({ sort: 'date' }), { bypassCSP: true });
    await suggestionList(page);

    // Act
    const closed = await seriousAccessibilityViolations(page);
    await openSuggestModal(page);
    const opened = await seriousAccessibilityViolations(page);

    // Assess
    expect(closed).toEqual([]);
    expect(opened).toEqual([]);
  });

  it('fits a phone: the header, the filters, the cards and the modal', async () => {
    // Prepare
    const suggestion = await submitTrackerSuggestion({
      name: uniqueName('A rather long suggestion name that has to wrap on a phone'),
    });
    const page = await open(suggestionsPath({ sort: 'date' }), { viewport: VIEWPORTS.phone });
    const card = cardOf(page, suggestion.name);
    await card.waitFor();

    // Act
    const parts = {
      header: await fitsWidth(page, page.locator('.suggestion-page__header')),
      filters: await fitsWidth(page, page.getByRole('search')),
      card: await fitsWidth(page, card),
    };
    // The sort by date is the one filter set: the group and the sort wait behind the button.
    const search = page.getByRole('search');
    const folded = {
      button: await search.getByRole('button', { name: /^Filters/ }).innerText(),
      group: await search.getByLabel('Group').isVisible(),
    };
    await search.getByRole('button', { name: 'Filters (1)' }).click();
    const opened = await search.getByLabel('Group').isVisible();
    const dialog = await openSuggestModal(page);
    const modal = await fitsWidth(page, dialog);

    // Assess
    expect(parts).toEqual({ header: true, filters: true, card: true });
    expect(folded).toEqual({ button: 'Filters (1)', group: false });
    expect(opened).toBe(true);
    expect(modal).toBe(true);
  });
});
