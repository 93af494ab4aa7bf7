import { randomUUID } from 'node:crypto';
import type { Feature } from '@hatchworks/shared/schemas/features';
import type { Project } from '@hatchworks/shared/schemas/projects';
import type { AuthResult } from '@hatchworks/shared/schemas/users';
import { beforeAll, describe, expect, it } from 'vitest';
import { eggBalance, registerUser } from './support/accounts';
import {
  SCREEN_WIDTHS,
  VIEWPORTS,
  resizeTo,
  seriousAccessibilityViolations,
  skipBrowserTests,
  useBrowser,
} from './support/browser';
import {
  apiData,
  createApprovedFeature,
  createProject,
  featureOf,
  loginAdmin,
  profileOf,
  voteOn,
} from './support/features';
import {
  alertText,
  fitsWidth,
  openFeaturesAs,
  openVoteModal,
  setBalance,
} from './support/feature-modals';

/** Eggs a backer puts on each test's feature so it ranks high in the shared list. */
const HEAD_START = 300;

describe.skipIf(skipBrowserTests)('Vote modal (/features)', () => {
  const browser = useBrowser();
  let adminToken: string;
  let project: Project;

  beforeAll(async () => {
    adminToken = (await loginAdmin()).token;
    project = await createProject(adminToken);
  });

  /** A fresh approved feature with a head start of eggs from one backer. */
  async function backedFeature(): Promise<Feature> {
    const author = await registerUser();
    const feature = await createApprovedFeature(author.token, adminToken, project.id, {
      title: `Vote target ${randomUUID().slice(0, 8)}`,
    });
    await voteOn((await registerUser()).token, feature.id, HEAD_START);
    return featureOf(author.token, feature.id);
  }

  /** A voter with exactly `balance` eggs on /features. */
  async function voterWith(balance: number, viewport?: (typeof VIEWPORTS)[keyof typeof VIEWPORTS]) {
    const voter: AuthResult = await registerUser();
    await setBalance(adminToken, voter, balance);
    const page = await openFeaturesAs(browser, voter, { viewport, bypassCSP: true });
    return { voter, page };
  }

  const amountField = (dialog: Awaited<ReturnType<typeof openVoteModal>>) =>
    dialog.getByLabel('Eggs to allocate');

  it('shows the summary, the balance, 10 eggs by default and the impact of the vote', async () => {
    // Prepare
    const feature = await backedFeature();
    const { page } = await voterWith(500);

    // Act
    const dialog = await openVoteModal(page, feature.title);

    // Assess
    expect(await dialog.getByRole('heading', { name: feature.title }).isVisible()).toBe(true);
    expect(await dialog.getByText(project.title).isVisible()).toBe(true);
    expect(await dialog.getByText(`${HEAD_START} eggs · 1 vote`).isVisible()).toBe(true);
    expect(await dialog.getByText('Your balance: 500 eggs').isVisible()).toBe(true);
    expect(await amountField(dialog).inputValue()).toBe('10');
    const impact = dialog.getByRole('status').filter({ hasText: 'Voting Impact' });
    expect(await impact.innerText()).toContain(`New total: ${HEAD_START + 10} eggs`);
    expect(await dialog.getByRole('button', { name: 'Vote 10 Eggs' }).isVisible()).toBe(true);
    expect(await dialog.getByRole('button', { name: 'Cancel' }).isVisible()).toBe(true);
  });

  it('disables the quick amounts above the balance and picks the others', async () => {
    // Prepare
    const feature = await backedFeature();
    const { page } = await voterWith(40);
    const dialog = await openVoteModal(page, feature.title);
    const quick = (eggs: number) => dialog.getByRole('button', { name: String(eggs), exact: true });

    // Act
    await quick(25).click();

    // Assess
    expect(await quick(10).isEnabled()).toBe(true);
    expect(await quick(25).getAttribute('aria-pressed')).toBe('true');
    expect(await quick(50).isDisabled()).toBe(true);
    expect(await quick(100).isDisabled()).toBe(true);
    expect(await amountField(dialog).inputValue()).toBe('25');
    expect(await dialog.getByText(`New total: ${HEAD_START + 25} eggs`).isVisible()).toBe(true);
    expect(await dialog.getByRole('button', { name: 'Vote 25 Eggs' }).isVisible()).toBe(true);
  });

  it('clamps the typed amount between 1 and the balance', async () => {
    // Prepare
    const feature = await backedFeature();
    const { page } = await voterWith(70);
    const dialog = await openVoteModal(page, feature.title);
    const field = amountField(dialog);

    // Act
    await field.fill('0');

    // Assess
    expect(await field.inputValue()).toBe('1');
    expect(await dialog.getByRole('button', { name: 'Vote 1 Eggs' }).isVisible()).toBe(true);

    // Act
    await field.fill('5000');

    // Assess
    expect(await field.inputValue()).toBe('70');
    expect(await dialog.getByText(`New total: ${HEAD_START + 70} eggs`).isVisible()).toBe(true);
    expect(await dialog.getByRole('button', { name: 'Vote 70 Eggs' }).isVisible()).toBe(true);
  });

  it('casts the vote, closes, says so, and updates the card total and the header balance', async () => {
    // Prepare
    const feature = await backedFeature();
    const { voter, page } = await voterWith(500);
    const card = page.getByRole('article', { name: feature.title });
    const dialog = await openVoteModal(page, feature.title);

    // Act
    await dialog.getByRole('button', { name: '50', exact: true }).click();
    await dialog.getByRole('button', { name: 'Vote 50 Eggs' }).click();
    await dialog.waitFor({ state: 'detached' });

    // Assess
    expect(await page.getByTestId('toast').innerText()).toContain(
      `You gave 50 eggs to “${feature.title}”.`,
    );
    await card.getByText(`${HEAD_START + 50} eggs`).waitFor();
    expect(await card.getByText('2 votes').isVisible()).toBe(true);
    await page.locator('.account--bar .egg-balance', { hasText: '450' }).waitFor();
    expect(await eggBalance(page)).toBe(450);
    expect((await profileOf(voter.token)).egg_balance).toBe(450);
    expect((await featureOf(voter.token, feature.id)).total_eggs).toBe(HEAD_START + 50);
  });

  it('shows "Your eggs: 25" on the card and on the request\'s page after a vote, after a reload too, at every width', async () => {
    // Prepare
    const feature = await backedFeature();
    const { page } = await voterWith(500);
    const card = page.getByRole('article', { name: feature.title });
    const dialog = await openVoteModal(page, feature.title);
    const before = await card.getByText(/^Your eggs/).count();

    // Act
    await dialog.getByRole('button', { name: '25', exact: true }).click();
    await dialog.getByRole('button', { name: 'Vote 25 Eggs' }).click();
    await dialog.waitFor({ state: 'detached' });
    await card.getByText('Your eggs: 25', { exact: true }).waitFor();
    await page.reload();
    const mine = card.getByText('Your eggs: 25', { exact: true });
    await mine.waitFor();
    const widths: Record<string, boolean> = {};
    for (const { label, viewport } of SCREEN_WIDTHS) {
      await resizeTo(page, viewport);
      widths[label] = (await fitsWidth(page, card)) && (await fitsWidth(page, mine));
    }
    await card.getByRole('link', { name: feature.title }).click();
    // The list stays on screen until the request's page has rendered (a transition), and its card
    // has the same name and text: the page's own title heading says the page is there.
    await page.getByRole('heading', { level: 1, name: feature.title }).waitFor();
    const own = page.getByRole('main').getByRole('article', { name: feature.title });
    await own.getByText('Your eggs: 25', { exact: true }).waitFor();
    const voteAgain = own.getByRole('button', { name: `Vote on ${feature.title}` });

    // Assess
    expect(before).toBe(0);
    expect(widths).toEqual(Object.fromEntries(SCREEN_WIDTHS.map(({ label }) => [label, true])));
    expect(await voteAgain.isVisible()).toBe(true);
    expect((await featureOf(adminToken, feature.id)).your_eggs).toBeUndefined();
  });

  it('offers no vote at 0 eggs but the daily claim, which turns the dialog into the vote', async () => {
    // Prepare
    const feature = await backedFeature();
    const { voter, page } = await voterWith(0);
    const dialog = await openVoteModal(page, feature.title);
    const claim = dialog.getByRole('button', { name: 'Claim Daily' });

    // Assess: at each width, how to get eggs instead of a vote
    for (const width of [390, 1024, 1280]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await claim.waitFor();
      expect(await dialog.getByText('You have no eggs to vote with yet.').isVisible()).toBe(true);
      expect(await dialog.getByText('Claim your 100 daily eggs now').isVisible()).toBe(true);
      expect(await dialog.getByRole('button', { name: /^Vote \d+ Eggs$/ }).count()).toBe(0);
      expect(await amountField(dialog).count()).toBe(0);
      expect(await fitsWidth(page, dialog)).toBe(true);
    }

    // Act
    await claim.click();

    // Assess: the eggs arrived and the vote is offered, 10 by default
    await amountField(dialog).waitFor();
    expect(await amountField(dialog).inputValue()).toBe('10');
    expect((await profileOf(voter.token)).egg_balance).toBe(100);
    expect((await featureOf(voter.token, feature.id)).total_eggs).toBe(HEAD_START);
  });

  it("says 'Failed to cast vote' when the server fails, and keeps the amount", async () => {
    // Prepare
    const feature = await backedFeature();
    const { voter, page } = await voterWith(500);
    await page.route(
      (url) => url.pathname === '/api/features/vote',
      (route) => route.fulfill({ status: 500, contentType: 'text/plain', body: 'upstream broke' }),
    );
    const dialog = await openVoteModal(page, feature.title);
    await amountField(dialog).fill('33');

    // Act
    await dialog.getByRole('button', { name: 'Vote 33 Eggs' }).click();

    // Assess
    expect(await alertText(dialog)).toBe('Failed to cast vote');
    expect(await amountField(dialog).inputValue()).toBe('33');
    expect((await profileOf(voter.token)).egg_balance).toBe(500);
  });

  it('repeats a vote whose answer was lost with the same Idempotency-Key: one click, charged once', async () => {
    // Prepare
    const feature = await backedFeature();
    const { voter, page } = await voterWith(500);
    const keys: (string | null)[] = [];
    await page.route(
      (url) => url.pathname === '/api/features/vote',
      async (route) => {
        keys.push(await route.request().headerValue('idempotency-key'));
        if (keys.length > 1) return route.continue();
        // The server records the vote, but its answer never reaches the browser.
        await route.fetch();
        return route.abort('connectionreset');
      },
    );
    const dialog = await openVoteModal(page, feature.title);
    await amountField(dialog).fill('33');

    // Act
    await dialog.getByRole('button', { name: 'Vote 33 Eggs' }).click();
    await dialog.waitFor({ state: 'detached' });

    // Assess
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    expect((await profileOf(voter.token)).egg_balance).toBe(500 - 33);
    expect((await featureOf(voter.token, feature.id)).total_eggs).toBe(HEAD_START + 33);
  });

  it('sends a new Idempotency-Key for a different amount after a failure', async () => {
    // Prepare
    const feature = await backedFeature();
    const { voter, page } = await voterWith(500);
    const keys: (string | null)[] = [];
    await page.route(
      (url) => url.pathname === '/api/features/vote',
      async (route) => {
        keys.push(await route.request().headerValue('idempotency-key'));
        if (keys.length > 1) return route.continue();
        return route.fulfill({ status: 500, contentType: 'text/plain', body: 'upstream broke' });
      },
    );
    const dialog = await openVoteModal(page, feature.title);

    // Act
    await dialog.getByRole('button', { name: 'Vote 10 Eggs' }).click();
    expect(await alertText(dialog)).toBe('Failed to cast vote');
    await dialog.getByRole('button', { name: '25', exact: true }).click();
    await dialog.getByRole('button', { name: 'Vote 25 Eggs' }).click();
    await dialog.waitFor({ state: 'detached' });

    // Assess
    expect(keys).toHaveLength(2);
    expect(keys[1]).not.toBe(keys[0]);
    expect((await profileOf(voter.token)).egg_balance).toBe(500 - 25);
  });

  it("shows the server's own message when it refuses the vote", async () => {
    // Prepare
    const feature = await backedFeature();
    const { page } = await voterWith(500);
    const dialog = await openVoteModal(page, feature.title);
    await apiData(`/api/admin/features/${feature.id}/status`, {
      method: 'PUT',
      token: adminToken,
      body: { status: 'in_progress' },
    });

    // Act
    await dialog.getByRole('button', { name: 'Vote 10 Eggs' }).click();

    // Assess
    expect(await alertText(dialog)).toBe('Voting is only allowed on approved features');
  });

  it('closes on Cancel and returns focus to the Vote button', async () => {
    // Prepare
    const feature = await backedFeature();
    const { page } = await voterWith(500);
    const dialog = await openVoteModal(page, feature.title);

    // Act
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // Assess
    await dialog.waitFor({ state: 'detached' });
    const opener = page.getByRole('button', { name: `Vote on ${feature.title}` });
    expect(await opener.evaluate((element) => element === document.activeElement)).toBe(true);
  });

  it('has no serious accessibility violations with the modal open', async () => {
    // Prepare
    const feature = await backedFeature();
    const { page } = await voterWith(30);
    await openVoteModal(page, feature.title);

    // Act
    const violations = await seriousAccessibilityViolations(page);

    // Assess
    expect(violations).toEqual([]);
  });

  it('fits a phone screen', async () => {
    // Prepare
    const feature = await backedFeature();
    const { page } = await voterWith(500, VIEWPORTS.phone);

    // Act
    const dialog = await openVoteModal(page, feature.title);
    const submit = dialog.getByRole('button', { name: 'Vote 10 Eggs' });
    await submit.scrollIntoViewIfNeeded();

    // Assess
    expect(await fitsWidth(page, dialog)).toBe(true);
    expect(await submit.isVisible()).toBe(true);
  });
});
