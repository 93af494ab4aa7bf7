import type { Feature } from '@hatchworks/shared/schemas/features';
import type { AuthResult } from '@hatchworks/shared/schemas/users';
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
  openSignedIn,
  profileOf,
  voteOn,
} from './support/features';
import { inventWord, waitUntilIndexed } from './support/search';

/** The three widths every new screen is looked at in (SHOTS_DIR). */
const WIDTHS: readonly Viewport[] = [
  VIEWPORTS.phone,
  { width: 1024, height: 800 },
  VIEWPORTS.desktop,
];

async function expectAccessible(page: Page): Promise<void> {
  const violations = await seriousAccessibilityViolations(page);
  expect(violations.map((violation) => `${violation.id}: ${violation.targets.join(', ')}`)).toEqual(
    [],
  );
}

async function shots(page: Page, name: string): Promise<void> {
  for (const viewport of WIDTHS) {
    await page.setViewportSize(viewport);
    await screenshot(page, `${name}-${viewport.width}`);
  }
  await page.setViewportSize(VIEWPORTS.desktop);
}

/** The eggs and votes a feature's card shows, e.g. '110 eggs' and '3 votes'. */
async function tally(page: Page, title: string): Promise<{ eggs: string; votes: string }> {
  const card = page.getByRole('article', { name: title });
  await card.waitFor();
  return {
    eggs: (await card.locator('.feature-card__eggs').innerText()).trim(),
    votes: (await card.locator('.feature-card__votes').innerText()).trim(),
  };
}

/** The voter's 'My Votes' on their profile: feature title → 'You gave N eggs'. */
async function myVotes(page: Page): Promise<Record<string, string>> {
  const section = page.getByRole('region', { name: 'My Votes' });
  const items = section.getByRole('listitem');
  await items.first().waitFor();
  const rows = await items.evaluateAll((elements) =>
    elements.map((element) => ({
      title: element.querySelector('.activity-item__title')?.textContent?.trim() ?? '',
      gave:
        element
          .querySelector('.activity-item__highlight')
          ?.textContent?.replace(/\s+/g, ' ')
          .trim() ?? '',
    })),
  );
  return Object.fromEntries(rows.map((row) => [row.title, row.gave]));
}

describe.skipIf(skipBrowserTests)('Merging feature requests', () => {
  const browser = useBrowser();
  let admin: AuthResult;
  let a: Feature;
  let b: Feature;
  let both: AuthResult;
  /** A word of B's title alone. */
  let wordB: string;

  beforeAll(async () => {
    // Prepare: A (30 + 50 eggs from two voters) duplicates B (20 + 10 eggs); one voter backs both.
    admin = await loginAdmin();
    const project = await createProject(admin.token);
    const author = await registerUser();
    const wordA = inventWord();
    wordB = inventWord();
    a = await createApprovedFeature(author.token, admin.token, project.id, {
      title: `Dark ${wordA} theme`,
    });
    b = await createApprovedFeature(author.token, admin.token, project.id, {
      title: `Night ${wordB} mode`,
    });
    both = await registerUser();
    const onlyA = await registerUser();
    const onlyB = await registerUser();
    await voteOn(both.token, a.id, 30);
    await voteOn(both.token, b.id, 20);
    await voteOn(onlyA.token, a.id, 50);
    await voteOn(onlyB.token, b.id, 10);
    a = await featureOf(admin.token, a.id);
    b = await featureOf(admin.token, b.id);
    await waitUntilIndexed('feature', wordB, b.id);
  }, 120_000);

  it('an admin merges A into B: totals, vote counts and a voter’s My Votes are exact; unmerge restores them', async () => {
    // Prepare
    const balanceBefore = (await profileOf(both.token)).egg_balance;
    const page = await openSignedIn(browser, admin, `/features/${a.id}`, { bypassCSP: true });
    expect(await tally(page, a.title)).toEqual({ eggs: '80 eggs', votes: '2 votes' });

    // Act: find B, pick it, read the confirmation
    await page.getByRole('button', { name: 'Merge into…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Merge into another request' });
    const field = dialog.getByLabel('Search', { exact: true });
    expect(await field.evaluate((element) => element === document.activeElement)).toBe(true);
    // Escape in a field with text empties it and leaves the dialog open.
    await field.fill('something');
    await field.press('Escape');
    expect(await field.inputValue()).toBe('');
    expect(await dialog.isVisible()).toBe(true);
    // A word no request has: the closest matches are offered, and the dialog says so.
    await field.fill(`${wordB} zzqxv`);
    const option = dialog.getByRole('radio', { name: b.title });
    await option.waitFor();
    const partialNote = await dialog.getByRole('group').locator('legend').innerText();
    await expectAccessible(page);
    await shots(page, 'merge-dialog-pick');
    await option.check();
    await dialog.getByRole('button', { name: 'Continue' }).click();

    // Assess
    const confirm = await dialog.innerText();
    expect(partialNote).toBe(`No request has every word of “${wordB} zzqxv”. The closest matches:`);
    expect(confirm).toContain(`Merge “${a.title}” into “${b.title}”?`);
    expect(confirm).toContain('2 votes with 80 eggs move');
    expect(confirm).toContain('will have 110 eggs');
    await expectAccessible(page);
    await shots(page, 'merge-dialog-confirm');

    // Act: the first step's answer is held back a moment, so the progress can be looked at
    let held = false;
    await page.route('**/api/admin/features/*/merge', async (route) => {
      if (held || route.request().method() !== 'POST') return route.fallback();
      held = true;
      const response = await route.fetch();
      await new Promise((resolve) => setTimeout(resolve, 4_000));
      return route.fulfill({ response });
    });
    await dialog.getByRole('button', { name: 'Merge requests' }).click();
    await dialog.getByRole('status').filter({ hasText: 'Moving votes...' }).waitFor();
    await shots(page, 'merge-progress');

    // Assess: B's page, with the votes moved
    await page.waitForURL(`**/features/${b.id}`);
    await page
      .getByText(`“${a.title}” was merged into this request: 2 votes (80 eggs) moved here.`)
      .waitFor({ timeout: 20_000 });
    expect(await tally(page, b.title)).toEqual({ eggs: '110 eggs', votes: '3 votes' });
    await page.getByRole('link', { name: a.title }).waitFor();
    await page.getByRole('heading', { name: `Comments merged from “${a.title}”` }).waitFor();
    await expectAccessible(page);
    await shots(page, 'merge-into-page');

    // Assess: the voter who backed both holds one vote on B with the sum; A is gone from the list
    const voterPage = await openSignedIn(browser, both, '/profile');
    expect(await myVotes(voterPage)).toEqual({ [b.title]: 'You gave 50 eggs' });
    expect((await profileOf(both.token)).egg_balance).toBe(balanceBefore);

    // Assess: A's page says where it went, offers no vote, its discussion is closed
    await page.goto(`/features/${a.id}`);
    const banner = page.getByRole('note', { name: 'Merged request' });
    await banner.getByRole('link', { name: b.title }).waitFor();
    expect(await page.getByRole('button', { name: /^Vote/ }).count()).toBe(0);
    await page.getByText(/^Comments are closed: this request was merged into/).waitFor();
    await banner.getByRole('button', { name: 'Undo merge' }).waitFor();
    await expectAccessible(page);
    await shots(page, 'merge-banner');

    // Act: undo the merge
    await banner.getByRole('button', { name: 'Undo merge' }).click();
    const undo = page.getByRole('dialog', { name: 'Undo merge' });
    await undo.getByRole('button', { name: 'Undo merge' }).click();

    // Assess: all as before
    await page
      .getByText('The merge was undone: every vote that moved is back on this request.')
      .waitFor({ timeout: 20_000 });
    expect(await tally(page, a.title)).toEqual({ eggs: '80 eggs', votes: '2 votes' });
    expect(await page.getByRole('note', { name: 'Merged request' }).count()).toBe(0);
    await page.goto(`/features/${b.id}`);
    expect(await tally(page, b.title)).toEqual({ eggs: '30 eggs', votes: '2 votes' });
    expect(await page.getByText(/^Merged from/).count()).toBe(0);
    await voterPage.reload();
    expect(await myVotes(voterPage)).toEqual({
      [a.title]: 'You gave 30 eggs',
      [b.title]: 'You gave 20 eggs',
    });
    expect((await profileOf(both.token)).egg_balance).toBe(balanceBefore);
    expect((await featureOf(admin.token, a.id)).status).toBe('approved');
  }, 120_000);
});
