import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TrackerFeatureRequest } from '@hatchworks/shared/schemas/tracker';
import type { AuthResult } from '@hatchworks/shared/schemas/users';
import { registerUser } from './support/accounts';
import {
  seriousAccessibilityViolations,
  skipBrowserTests,
  useBrowser,
  VIEWPORTS,
  screenshot,
} from './support/browser';
import { apiData, loginAdmin, openSignedIn } from './support/features';
import { inventWord, waitUntilIndexed } from './support/search';
import { strangerVote, submitTrackerRequest } from './support/tracker';

async function expectAccessible(page: Page): Promise<void> {
  const violations = await seriousAccessibilityViolations(page);
  expect(violations.map((violation) => `${violation.id}: ${violation.targets.join(', ')}`)).toEqual(
    [],
  );
}

/** The net votes a request's card shows. */
async function shownVotes(page: Page, title: string): Promise<number> {
  const card = page.getByRole('article', { name: title });
  const count = card.locator('.vote-buttons__count');
  await count.waitFor();
  return Number.parseInt((await count.textContent())?.trim() ?? 'NaN', 10);
}

/** Which of the card's vote buttons is pressed: the reader's own vote. */
async function ownVote(page: Page, title: string): Promise<'up' | 'down' | null> {
  const card = page.getByRole('article', { name: title });
  await card.locator('.vote-buttons__count').waitFor();
  if ((await card.locator('.vote-buttons__button--up').getAttribute('aria-pressed')) === 'true') {
    return 'up';
  }
  if ((await card.locator('.vote-buttons__button--down').getAttribute('aria-pressed')) === 'true') {
    return 'down';
  }
  return null;
}

const requestOf = (id: string) =>
  apiData<TrackerFeatureRequest>(`/api/tracker/feature-requests/${id}`);

describe.skipIf(skipBrowserTests)('Merging tracker requests', () => {
  const browser = useBrowser();
  let admin: AuthResult;
  let both: AuthResult;
  let a: TrackerFeatureRequest;
  let b: TrackerFeatureRequest;

  beforeAll(async () => {
    // Prepare: A has 3 strangers' up votes and one of a signed-in voter, who voted down on B.
    admin = await loginAdmin();
    const wordB = inventWord();
    a = await submitTrackerRequest({ title: `Dark ${inventWord()} theme` });
    b = await submitTrackerRequest({ title: `Night ${wordB} mode` });
    for (let i = 0; i < 3; i += 1) await strangerVote('feature_request', a.id, 'up');
    await strangerVote('feature_request', b.id, 'up');
    both = await registerUser();
    const vote = (id: string, direction: 'up' | 'down') =>
      apiData('/api/tracker/vote', {
        method: 'POST',
        token: both.token,
        body: { target_type: 'feature_request', target_id: id, direction },
      });
    await vote(a.id, 'up');
    await vote(b.id, 'down');
    await waitUntilIndexed('tracker_request', wordB, b.id);
  }, 120_000);

  it('an admin merges A into B with exact counts and votes, then undoes it', async () => {
    const page = await openSignedIn(browser, admin, `/tracker/requests/${a.id}`, {
      bypassCSP: true,
    });
    expect(await shownVotes(page, a.title)).toBe(4);

    // Act: find B, pick it, confirm
    await page.getByRole('button', { name: 'Merge into…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Merge into another request' });
    await dialog.getByLabel('Search', { exact: true }).fill(b.title.split(' ')[1] ?? '');
    const option = dialog.getByRole('radio', { name: b.title });
    await option.waitFor();
    await expectAccessible(page);
    await option.check();
    await dialog.getByRole('button', { name: 'Continue' }).click();
    expect(await dialog.innerText()).toContain(`Merge “${a.title}” into “${b.title}”?`);
    await page.setViewportSize(VIEWPORTS.phone);
    await screenshot(page, 'tracker-merge-confirm-390');
    await page.setViewportSize(VIEWPORTS.desktop);
    await dialog.getByRole('button', { name: 'Merge', exact: true }).click();

    // Assess: B's page; the 3 strangers' votes moved, the voter of both keeps their own on B
    await page.waitForURL(`**/tracker/requests/${b.id}`);
    await page
      .getByText(`“${a.title}” was merged into this request: 4 votes moved here.`)
      .waitFor({ timeout: 20_000 });
    expect(await shownVotes(page, b.title)).toBe(3);
    expect((await requestOf(b.id)).votes).toBe(3);
    await page.getByRole('link', { name: a.title }).waitFor();
    await page.getByRole('heading', { name: `Comments merged from “${a.title}”` }).waitFor();
    await expectAccessible(page);
    const voterPage = await openSignedIn(browser, both, `/tracker/requests/${b.id}`);
    expect(await ownVote(voterPage, b.title)).toBe('down');

    // Assess: A says where it went, its discussion is closed
    await page.goto(`/tracker/requests/${a.id}`);
    const banner = page.getByRole('note', { name: 'Merged request' });
    await banner.getByRole('link', { name: b.title }).waitFor();
    await page.getByText(/^Comments are closed: this was merged into/).waitFor();
    expect(await shownVotes(page, a.title)).toBe(0);
    // Read-only: no vote buttons, no status change.
    expect(await page.locator('.vote-buttons__button').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Change status' }).count()).toBe(0);
    await expectAccessible(page);
    await screenshot(page, 'tracker-merge-banner-1280');

    // Act: undo
    await banner.getByRole('button', { name: 'Undo merge' }).click();
    await page
      .getByRole('dialog', { name: 'Undo merge' })
      .getByRole('button', { name: 'Undo merge' })
      .click();

    // Assess: all as before
    await page
      .getByText('The merge was undone: every vote that moved is back here.')
      .waitFor({ timeout: 20_000 });
    expect(await shownVotes(page, a.title)).toBe(4);
    expect(await page.getByRole('note', { name: 'Merged request' }).count()).toBe(0);
    expect((await requestOf(b.id)).votes).toBe(0);
    await voterPage.goto(`/tracker/requests/${a.id}`);
    expect(await ownVote(voterPage, a.title)).toBe('up');
  }, 120_000);
});
