import type { Page, Route } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AuthResult } from '@hatchworks/shared/schemas/users';
import {
  resizeTo,
  SCREEN_WIDTHS,
  seriousAccessibilityViolations,
  skipBrowserTests,
  useBrowser,
  VIEWPORTS,
} from './support/browser';
import { fitsWidth } from './support/feature-modals';
import { DEMO, registerUser, signInAtIdp } from './support/accounts';
import {
  approveFeature,
  createApprovedFeature,
  createFeature,
  createProject,
  featureList,
  featureOf,
  filterState,
  findFeatureCard,
  listSettled,
  loginAdmin,
  openSignedIn,
  profileOf,
  rejectFeature,
  voteOn,
} from './support/features';

const isFeatureList = (url: URL) => url.pathname === '/api/features';

/** Every `GET /api/features` the page sends, as its query parameters. */
function recordListCalls(page: Page): URLSearchParams[] {
  const calls: URLSearchParams[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (isFeatureList(url)) calls.push(url.searchParams);
  });
  return calls;
}

const fulfillJson = (route: Route, status: number, body: unknown) =>
  route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });

/**
 * The next browser dialog, accepted as soon as it opens: an action that opens a dialog stalls
 * until the dialog is handled, so it must be handled by a listener, not after awaiting the click.
 */
function acceptNextDialog(page: Page): Promise<{ message: string; type: string }> {
  return new Promise((resolve) => {
    page.once('dialog', (shown) => {
      resolve({ message: shown.message(), type: shown.type() });
      void shown.accept();
    });
  });
}

describe.skipIf(skipBrowserTests)('Feature Request System (/features)', () => {
  const browser = useBrowser();
  let admin: AuthResult;
  let projectId: string;

  beforeAll(async () => {
    admin = await loginAdmin();
    projectId = (await createProject(admin.token)).id;
  });

  describe('signed out', () => {
    it('asks visitors to log in above the approved requests, read-only at every width, each offering "Sign up to vote" on its page', async () => {
      // Prepare
      const author = await registerUser();
      const approved = await createApprovedFeature(author.token, admin.token, projectId);
      const pending = await createFeature(author.token, projectId);
      let calls: URLSearchParams[] = [];
      const page = await browser.openPage('/features', {
        prepare: async (target) => {
          calls = recordListCalls(target);
        },
      });

      // Act
      const main = page.getByRole('main');
      await main.getByRole('heading', { level: 1, name: 'Feature Request System' }).waitFor();
      const card = await findFeatureCard(page, approved.title);
      const widths: Record<string, { cardFits: boolean; scrollsSideways: boolean }> = {};
      for (const { label, viewport } of SCREEN_WIDTHS) {
        await resizeTo(page, viewport);
        widths[label] = {
          cardFits: await fitsWidth(page, card),
          scrollsSideways: await page.evaluate(
            () => document.documentElement.scrollWidth > window.innerWidth,
          ),
        };
      }
      const prompt = {
        text: await main
          .getByText(
            'Please log in to access the feature request system and start voting with your eggs!',
          )
          .isVisible(),
        note: await main
          .getByText('New users receive 500 welcome eggs + 100 eggs daily')
          .isVisible(),
        login: await main.getByRole('button', { name: 'Login' }).isEnabled(),
        signUp: await main.getByRole('button', { name: 'Sign Up (Get 500 eggs!)' }).isEnabled(),
        create: await main.getByRole('button', { name: /^Create (Request|First Feature)/ }).count(),
        filters: await main.getByRole('group', { name: 'Filter by status' }).count(),
        title: await page.title(),
      };
      const cardButtons = await card.getByRole('button').count();
      const pendingShown = await main.getByRole('article', { name: pending.title }).count();
      await card.getByRole('link', { name: approved.title }).click();
      const signUp = main.getByRole('button', { name: 'Sign up to vote' });
      await signUp.waitFor();
      const voteButtons = await main.getByRole('button', { name: /^Vote/ }).count();
      await signUp.click();
      await page.waitForURL(/\/idp\//);
      const createAccount = await page.getByRole('button', { name: /Create account/ }).count();

      // Assess
      expect(prompt).toEqual({
        text: true,
        note: true,
        login: true,
        signUp: true,
        create: 0,
        filters: 0,
        title: 'Feature Request System | Hatchworks',
      });
      expect(calls.length).toBeGreaterThan(0);
      expect(calls.every((query) => query.get('status') === 'approved')).toBe(true);
      expect(cardButtons).toBe(0);
      expect(pendingShown).toBe(0);
      expect(widths).toEqual(
        Object.fromEntries(
          SCREEN_WIDTHS.map(({ label }) => [label, { cardFits: true, scrollsSideways: false }]),
        ),
      );
      expect(voteButtons).toBe(0);
      expect(createAccount).toBe(1);
    });

    it('starts the hosted login from the page and shows "Loading authentication..." while the sign-in is verified', async () => {
      // Prepare
      let release: () => void = () => undefined;
      const verified = new Promise<void>((resolve) => {
        release = resolve;
      });
      const page = await browser.openPage('/features', {
        prepare: (target) =>
          target.route('**/api/auth0/verify-user', async (route) => {
            await verified;
            await route.continue();
          }),
      });

      // Act
      await page.getByRole('main').getByRole('button', { name: 'Login' }).click();
      await signInAtIdp(page, DEMO.user.email, DEMO.user.password);
      const loading = page.getByRole('status').filter({ hasText: 'Loading authentication...' });
      await loading.waitFor();
      const path = new URL(page.url()).pathname;
      release();
      await page.getByRole('button', { name: 'Create Request (100 eggs)' }).waitFor();

      // Assess
      expect(path).toBe('/features');
      expect(await loading.count()).toBe(0);
    });
  });

  describe('filters', () => {
    it('offers All and Approved to users, Approved pressed by default, and All asks for every visible status', async () => {
      // Prepare
      const user = await registerUser();
      await createApprovedFeature(user.token, admin.token, projectId);
      let calls: URLSearchParams[] = [];

      // Act
      const page = await openSignedIn(browser, user, '/features', {
        prepare: async (target) => {
          calls = recordListCalls(target);
        },
      });
      await featureList(page);
      const initial = await filterState(page);
      await page.getByRole('button', { name: 'All', exact: true }).click();
      await page.getByRole('list', { name: 'All feature requests' }).waitFor();
      const afterAll = await filterState(page);

      // Assess
      expect(initial).toEqual({ labels: ['All', 'Approved'], pressed: ['Approved'] });
      expect(afterAll.pressed).toEqual(['All']);
      expect(new URL(page.url()).searchParams.get('status')).toBe('all');
      expect(calls[0]?.get('status')).toBe('approved');
      expect(calls[0]?.get('limit')).toBe('50');
      expect(calls.at(-1)?.has('status')).toBe(false);
      expect(calls.some((query) => query.get('status') === 'pending')).toBe(false);
    });

    it('resets a non-admin whose stored filter is pending to approved before asking', async () => {
      // Prepare
      const user = await registerUser();
      let calls: URLSearchParams[] = [];

      // Act
      const page = await openSignedIn(browser, user, '/features?status=pending', {
        prepare: async (target) => {
          calls = recordListCalls(target);
        },
      });
      await listSettled(page);

      // Assess
      expect(await filterState(page)).toEqual({
        labels: ['All', 'Approved'],
        pressed: ['Approved'],
      });
      expect(new URL(page.url()).searchParams.has('status')).toBe(false);
      expect(calls.length).toBeGreaterThan(0);
      expect(calls.every((query) => query.get('status') === 'approved')).toBe(true);
    });

    it('offers admins Pending, which lists pending requests with Approve and Reject but no Vote', async () => {
      // Prepare
      const author = await registerUser();
      const pending = await createFeature(author.token, projectId);
      const page = await openSignedIn(browser, admin, '/features');

      // Act
      await listSettled(page);
      const initial = await filterState(page);
      await page.getByRole('button', { name: 'Pending', exact: true }).click();
      const card = await findFeatureCard(page, pending.title);

      // Assess
      expect(initial).toEqual({ labels: ['All', 'Approved', 'Pending'], pressed: ['Approved'] });
      expect((await filterState(page)).pressed).toEqual(['Pending']);
      expect(new URL(page.url()).searchParams.get('status')).toBe('pending');
      expect(await card.getByText('Pending', { exact: true }).isVisible()).toBe(true);
      expect(await card.getByRole('button', { name: `Approve ${pending.title}` }).isVisible()).toBe(
        true,
      );
      expect(await card.getByRole('button', { name: `Reject ${pending.title}` }).isVisible()).toBe(
        true,
      );
      expect(await card.getByRole('button', { name: /^Vote/ }).count()).toBe(0);
    });
  });

  describe('feature cards', () => {
    it('shows every field of a request: priority, title, project, status, description, eggs, votes, author, date, tags, use case, benefits and notes', async () => {
      // Prepare
      const author = await registerUser({ display_name: 'Card Author' });
      const project = await createProject(admin.token, { title: `Card Project ${Date.now()}` });
      const feature = await createFeature(author.token, project.id, {
        description: 'Readers want a dark theme.',
        tags: ['theme', 'night'],
        use_case: 'Reading late at night.',
        expected_benefits: 'Less eye strain.',
        priority_level: 'high',
        feature_type: 'ui_improvement',
      });
      await approveFeature(admin.token, feature.id, 'Scheduled for the next release.');
      const [voter, second] = await Promise.all([registerUser(), registerUser()]);
      await voteOn(voter.token, feature.id, 40);
      await voteOn(second.token, feature.id, 2);
      const page = await openSignedIn(browser, voter, '/features');

      // Act
      const card = await findFeatureCard(page, feature.title);
      const text = await card.innerText();

      // Assess
      expect(await card.getByRole('img', { name: 'High priority' }).isVisible()).toBe(true);
      expect(await card.getByRole('heading', { level: 3 }).innerText()).toBe(feature.title);
      expect(text).toContain(project.title);
      expect(text).toContain('Approved');
      expect(text).toContain('UI Improvement');
      expect(text).toContain('Readers want a dark theme.');
      expect(text).toContain('42 eggs');
      expect(text).toContain('2 votes');
      expect(text).toContain('by Card Author');
      expect(await card.locator('time').getAttribute('datetime')).toBe(feature.created_at);
      expect(await card.locator('time').innerText()).toBe(
        new Date(feature.created_at).toLocaleDateString('en-US', {
          year: 'numeric',
          month: 'long',
          day: 'numeric',
          timeZone: 'UTC',
        }),
      );
      expect(await card.getByRole('list', { name: 'Tags' }).innerText()).toMatch(/theme\s+night/);
      expect(text).toMatch(/Use case\s+Reading late at night\./);
      expect(text).toMatch(/Expected benefits\s+Less eye strain\./);
      expect(text).toMatch(/Team note\s+Scheduled for the next release\./);
    });

    it('leaves out the tags, use case, benefits and notes a request does not have', async () => {
      // Prepare
      const author = await registerUser({ display_name: 'Plain Author' });
      const feature = await createApprovedFeature(author.token, admin.token, projectId, {
        tags: [],
        priority_level: 'low',
      });
      const page = await openSignedIn(browser, author, '/features');

      // Act
      const card = await findFeatureCard(page, feature.title);
      const text = await card.innerText();

      // Assess
      expect(text).toContain('by Plain Author');
      expect(text).toContain('0 eggs');
      expect(text).toContain('0 votes');
      expect(await card.getByRole('img', { name: 'Low priority' }).isVisible()).toBe(true);
      expect(await card.getByRole('list', { name: 'Tags' }).count()).toBe(0);
      expect(text).not.toContain('Use case');
      expect(text).not.toContain('Expected benefits');
      expect(text).not.toContain('Team note');
    });

    it('offers Vote only on approved requests, and it opens the vote modal', async () => {
      // Prepare
      const author = await registerUser();
      const approved = await createApprovedFeature(author.token, admin.token, projectId);
      const pending = await createFeature(author.token, projectId);
      const rejected = await createFeature(author.token, projectId);
      await rejectFeature(admin.token, rejected.id);
      const page = await openSignedIn(browser, admin, '/features?status=all');

      // Act
      const approvedCard = await findFeatureCard(page, approved.title);
      const pendingCard = await findFeatureCard(page, pending.title);
      const rejectedCard = await findFeatureCard(page, rejected.title);
      await approvedCard.getByRole('button', { name: `Vote on ${approved.title}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Vote with Eggs' });
      await dialog.waitFor();

      // Assess
      expect(await dialog.getByText(approved.title).first().isVisible()).toBe(true);
      expect(await pendingCard.getByRole('button', { name: /^Vote/ }).count()).toBe(0);
      expect(await rejectedCard.getByRole('button').count()).toBe(0);
      expect(await rejectedCard.getByText('Rejected', { exact: true }).isVisible()).toBe(true);
      expect(await approvedCard.getByRole('button', { name: /^(Approve|Reject)/ }).count()).toBe(0);
    });
  });

  describe('moderation', () => {
    it('approves a pending request with notes: it leaves Pending, focus stays in the list, and it shows under Approved with the notes', async () => {
      // Prepare
      const author = await registerUser();
      const feature = await createFeature(author.token, projectId);
      const page = await openSignedIn(browser, admin, '/features?status=pending');
      const card = await findFeatureCard(page, feature.title);

      // Act
      await card.getByRole('button', { name: `Approve ${feature.title}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Approve Feature' });
      await dialog.waitFor();
      const explanation = await dialog.innerText();
      await dialog.getByLabel('Notes (optional)').fill('Looks useful, go ahead.');
      await dialog.getByRole('button', { name: 'Approve Feature' }).click();
      await dialog.waitFor({ state: 'detached' });
      await card.waitFor({ state: 'detached' });
      await page.waitForFunction(() => document.activeElement !== document.body);
      const focusAfterward = await page.evaluate(() => document.activeElement?.textContent);
      const toast = await page.getByTestId('toast').innerText();
      await page.getByRole('button', { name: 'Approved', exact: true }).click();
      await page.getByRole('list', { name: 'Approved feature requests' }).waitFor();
      const approvedCard = await findFeatureCard(page, feature.title);

      // Assess
      expect(focusAfterward).toBe('Pending feature requests');
      expect(toast).toContain(`Approved “${feature.title}”: people can vote on it now.`);
      expect(explanation).toContain('allows users to vote');
      expect(await approvedCard.innerText()).toMatch(/Team note\s+Looks useful, go ahead\./);
      expect(
        await approvedCard.getByRole('button', { name: `Vote on ${feature.title}` }).isVisible(),
      ).toBe(true);
      expect(await featureOf(admin.token, feature.id)).toMatchObject({
        status: 'approved',
        approval_notes: 'Looks useful, go ahead.',
      });
    });

    it('takes an approval back from its toast: Undo, reachable at every width, puts the card back in Pending', async () => {
      // Prepare
      const author = await registerUser();
      const feature = await createFeature(author.token, projectId);
      const page = await openSignedIn(browser, admin, '/features?status=pending');
      const card = await findFeatureCard(page, feature.title);
      await card.getByRole('button', { name: `Approve ${feature.title}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Approve Feature' });
      await dialog.getByRole('button', { name: 'Approve Feature' }).click();
      await card.waitFor({ state: 'detached' });
      const undo = page
        .getByTestId('toast')
        .filter({ hasText: `Approved “${feature.title}”` })
        .getByRole('button', { name: 'Undo' });
      const reachable: Record<string, boolean> = {};
      for (const { label, viewport } of SCREEN_WIDTHS) {
        await resizeTo(page, viewport);
        reachable[label] = (await undo.isVisible()) && (await fitsWidth(page, undo));
      }

      // Act
      await undo.click();
      const undone = page
        .getByTestId('toast')
        .filter({ hasText: `“${feature.title}” is back in Pending.` });
      await undone.waitFor();
      const back = await findFeatureCard(page, feature.title);

      // Assess
      expect(reachable).toEqual(
        Object.fromEntries(SCREEN_WIDTHS.map(({ label }) => [label, true])),
      );
      expect(await back.getByRole('button', { name: `Approve ${feature.title}` }).isVisible()).toBe(
        true,
      );
      expect((await featureOf(admin.token, feature.id)).status).toBe('pending');
    });

    it("rejects a pending request after confirmation and refunds its author's 100 eggs", async () => {
      // Prepare
      const author = await registerUser();
      const feature = await createFeature(author.token, projectId);
      const before = (await profileOf(author.token)).egg_balance;
      const page = await openSignedIn(browser, admin, '/features?status=pending');
      const card = await findFeatureCard(page, feature.title);

      // Act
      await card.getByRole('button', { name: `Reject ${feature.title}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Reject Feature' });
      await dialog.waitFor();
      const explanation = await dialog.innerText();
      await dialog.getByRole('button', { name: 'Reject Feature' }).click();
      await dialog.waitFor({ state: 'detached' });
      await card.waitFor({ state: 'detached' });

      // Assess
      expect(explanation).toContain('prevents further voting');
      expect(explanation).toContain('100 eggs');
      expect(before).toBe(400);
      expect((await profileOf(author.token)).egg_balance).toBe(500);
      expect((await featureOf(admin.token, feature.id)).status).toBe('rejected');
    });

    it('rejects from All: the card stays, shown Rejected without its buttons, and focus goes to the list heading', async () => {
      // Prepare
      const author = await registerUser();
      const feature = await createFeature(author.token, projectId);
      const page = await openSignedIn(browser, admin, '/features?status=all');
      const card = await findFeatureCard(page, feature.title);

      // Act
      await card.getByRole('button', { name: `Reject ${feature.title}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Reject Feature' });
      await dialog.getByRole('button', { name: 'Reject Feature' }).click();
      await dialog.waitFor({ state: 'detached' });
      await card.getByText('Rejected', { exact: true }).waitFor();
      const focused = await page.evaluate(() => document.activeElement?.textContent);

      // Assess
      expect(focused).toBe('All feature requests');
      expect(await card.getByRole('button', { name: /^(Approve|Reject)/ }).count()).toBe(0);
    });

    it('repeats a rejection whose answer was lost with the same Idempotency-Key: one click, refunded once', async () => {
      // Prepare
      const author = await registerUser();
      const feature = await createFeature(author.token, projectId);
      const page = await openSignedIn(browser, admin, '/features?status=pending');
      const keys: (string | null)[] = [];
      await page.route('**/api/admin/features/*/reject', async (route) => {
        keys.push(await route.request().headerValue('idempotency-key'));
        if (keys.length > 1) return route.continue();
        // The server rejects and refunds, but its answer never reaches the browser.
        await route.fetch();
        return route.abort('connectionreset');
      });
      const card = await findFeatureCard(page, feature.title);
      await card.getByRole('button', { name: `Reject ${feature.title}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Reject Feature' });
      await dialog.getByLabel('Notes (optional)').fill('Duplicate of another request');

      // Act
      await dialog.getByRole('button', { name: 'Reject Feature' }).click();
      await dialog.waitFor({ state: 'detached' });

      // Assess
      expect(keys).toHaveLength(2);
      expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
      expect(keys[1]).toBe(keys[0]);
      expect((await profileOf(author.token)).egg_balance).toBe(500);
      expect((await featureOf(admin.token, feature.id)).status).toBe('rejected');
    });

    it('cancels a moderation without sending anything', async () => {
      // Prepare
      const author = await registerUser();
      const feature = await createFeature(author.token, projectId);
      const page = await openSignedIn(browser, admin, '/features?status=pending');
      const card = await findFeatureCard(page, feature.title);
      let sent = 0;
      await page.route('**/api/admin/features/**', async (route) => {
        sent += 1;
        await route.continue();
      });

      // Act
      await card.getByRole('button', { name: `Reject ${feature.title}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Reject Feature' });
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });

      // Assess
      expect(sent).toBe(0);
      expect((await featureOf(admin.token, feature.id)).status).toBe('pending');
      expect(await card.isVisible()).toBe(true);
    });

    it("alerts 'Failed to approve feature: <message>' when the approval fails, and the request stays pending", async () => {
      // Prepare
      const author = await registerUser();
      const feature = await createFeature(author.token, projectId);
      const page = await openSignedIn(browser, admin, '/features?status=pending');
      await page.route('**/api/admin/features/*/approve', (route) =>
        fulfillJson(route, 500, {
          success: false,
          error: 'Server error occurred. Please try again later.',
          code: 'SERVER_ERROR',
        }),
      );
      const card = await findFeatureCard(page, feature.title);
      await card.getByRole('button', { name: `Approve ${feature.title}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Approve Feature' });
      await dialog.getByLabel('Notes (optional)').fill('Keep these notes');

      // Act
      const alert = acceptNextDialog(page);
      await dialog.getByRole('button', { name: 'Approve Feature' }).click();
      const { message, type } = await alert;

      // Assess
      expect(type).toBe('alert');
      expect(message).toBe(
        'Failed to approve feature: Server error occurred. Please try again later.',
      );
      expect(await dialog.getByLabel('Notes (optional)').inputValue()).toBe('Keep these notes');
      expect((await featureOf(admin.token, feature.id)).status).toBe('pending');
    });

    it("alerts 'Failed to reject feature: <message>' with the server's message", async () => {
      // Prepare
      const author = await registerUser();
      const feature = await createFeature(author.token, projectId);
      const page = await openSignedIn(browser, admin, '/features?status=pending');
      await page.route('**/api/admin/features/*/reject', (route) =>
        fulfillJson(route, 400, {
          success: false,
          error: 'Only a pending feature can be rejected',
          code: 'VALIDATION_ERROR',
        }),
      );
      const card = await findFeatureCard(page, feature.title);
      await card.getByRole('button', { name: `Reject ${feature.title}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Reject Feature' });

      // Act
      const alert = acceptNextDialog(page);
      await dialog.getByRole('button', { name: 'Reject Feature' }).click();
      const { message } = await alert;

      // Assess
      expect(message).toBe('Failed to reject feature: Only a pending feature can be rejected');
      expect((await profileOf(author.token)).egg_balance).toBe(400);
    });
  });

  describe('list states', () => {
    it("shows 'Failed to load features' with 'Try Again', which loads the list", async () => {
      // Prepare
      const user = await registerUser();
      let failing = true;
      const page = await openSignedIn(browser, user, '/features', {
        prepare: (target) =>
          target.route(
            (url) => isFeatureList(url),
            (route) =>
              failing
                ? fulfillJson(route, 500, {
                    success: false,
                    error: 'Server error occurred. Please try again later.',
                    code: 'SERVER_ERROR',
                  })
                : route.continue(),
          ),
      });
      const alert = page.getByRole('alert').filter({ hasText: 'Failed to load features' });
      await alert.waitFor({ timeout: 15_000 });
      const shown = await alert.innerText();

      // Act
      failing = false;
      await alert.getByRole('button', { name: 'Try Again' }).click();
      await featureList(page);

      // Assess
      expect(shown).toContain('Server error occurred. Please try again later.');
      expect(await alert.count()).toBe(0);
    });

    it("shows the empty state, whose 'Create First Feature' opens the create modal", async () => {
      // Prepare
      const user = await registerUser();
      const page = await openSignedIn(browser, user, '/features', {
        prepare: (target) =>
          target.route(
            (url) => isFeatureList(url),
            (route) =>
              fulfillJson(route, 200, {
                success: true,
                data: { features: [] },
                next_cursor: null,
              }),
          ),
      });
      const main = page.getByRole('main');
      await main.getByRole('heading', { name: 'No features yet' }).waitFor();

      // Act
      const hint = await main.getByText('Be the first to create a feature request!').isVisible();
      await main.getByRole('button', { name: 'Create First Feature' }).click();

      // Assess
      expect(hint).toBe(true);
      expect(await page.getByRole('dialog', { name: 'Create Feature Request' }).isVisible()).toBe(
        true,
      );
    });

    it('says an empty Pending tab has nothing waiting for review, without inviting a first request', async () => {
      // Prepare
      const page = await openSignedIn(browser, admin, '/features?status=pending', {
        prepare: (target) =>
          target.route(
            (url) => isFeatureList(url),
            (route) =>
              fulfillJson(route, 200, { success: true, data: { features: [] }, next_cursor: null }),
          ),
      });
      const main = page.getByRole('main');

      // Act
      await main.getByText('No requests are waiting for review.').waitFor();

      // Assess
      expect(await main.getByText('Be the first to create a feature request!').count()).toBe(0);
      expect(await main.getByRole('button', { name: 'Create First Feature' }).count()).toBe(0);
    });

    it("loads the next page with the previous page's cursor from 'Load More Features'", async () => {
      // Prepare
      const user = await registerUser();
      await createApprovedFeature(user.token, admin.token, projectId);
      await createApprovedFeature(user.token, admin.token, projectId);
      const answered: (string | null)[] = [];
      const sent: (string | null)[] = [];
      const page = await openSignedIn(browser, user, '/features', {
        prepare: (target) =>
          target.route(
            (url) => isFeatureList(url),
            async (route) => {
              const url = new URL(route.request().url());
              sent.push(url.searchParams.get('cursor'));
              if (url.searchParams.has('cursor')) return route.continue();
              // A first page of one makes the real API answer a real cursor.
              url.searchParams.set('limit', '1');
              const response = await route.fetch({ url: url.href });
              const json = (await response.json()) as { next_cursor: string | null };
              answered.push(json.next_cursor);
              return route.fulfill({ response, json });
            },
          ),
      });
      const list = await featureList(page);
      const firstPage = await list.getByRole('article').count();

      // Act
      await page.getByRole('button', { name: 'Load More Features' }).click();
      await list.getByRole('article').nth(1).waitFor();
      // Each card's title links to its request: the same link twice is a request shown twice
      // (titles alone may repeat across the stack's requests).
      const links = await list
        .getByRole('heading', { level: 3 })
        .getByRole('link')
        .evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href')));

      // Assess
      expect(firstPage).toBe(1);
      expect(answered[0]).toEqual(expect.any(String));
      expect(sent).toEqual([null, answered[0]]);
      expect(links.length).toBeGreaterThan(1);
      expect(new Set(links).size).toBe(links.length);
    });
  });

  describe('accessibility and layout', () => {
    it('has no serious axe violations signed out, signed in, and as admin on Pending', async () => {
      // Prepare
      const author = await registerUser();
      await createFeature(author.token, projectId);
      const visitor = await browser.openPage('/features', { bypassCSP: true });
      await visitor.getByRole('heading', { name: 'Feature Request System' }).waitFor();
      const user = await openSignedIn(browser, author, '/features?status=all', {
        bypassCSP: true,
      });
      await featureList(user);
      const moderator = await openSignedIn(browser, admin, '/features?status=pending', {
        bypassCSP: true,
      });
      await (
        await featureList(moderator)
      )
        .getByRole('button', { name: /^Approve/ })
        .first()
        .waitFor();

      // Act
      const results = {
        signedOut: await seriousAccessibilityViolations(visitor),
        signedIn: await seriousAccessibilityViolations(user),
        admin: await seriousAccessibilityViolations(moderator),
      };

      // Assess
      expect(results).toEqual({ signedOut: [], signedIn: [], admin: [] });
    });

    it('has no serious axe violations with the moderation dialog open', async () => {
      // Prepare
      const author = await registerUser();
      const feature = await createFeature(author.token, projectId);
      const page = await openSignedIn(browser, admin, '/features?status=pending', {
        bypassCSP: true,
      });
      const card = await findFeatureCard(page, feature.title);
      await card.getByRole('button', { name: `Approve ${feature.title}` }).click();
      await page.getByRole('dialog', { name: 'Approve Feature' }).waitFor();

      // Act
      const violations = await seriousAccessibilityViolations(page);

      // Assess
      expect(violations).toEqual([]);
    });

    it('fits a phone: nothing scrolls sideways and the actions stay reachable', async () => {
      // Prepare
      const author = await registerUser();
      const feature = await createFeature(author.token, projectId, {
        title: `A rather long request title that has to wrap on a phone ${Date.now()}`,
        tags: ['one', 'two', 'three', 'four', 'five'],
      });
      const page = await openSignedIn(browser, admin, '/features?status=pending', {
        viewport: VIEWPORTS.phone,
      });

      // Act
      const card = await findFeatureCard(page, feature.title);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      const create = await page
        .getByRole('button', { name: 'Create Request (100 eggs)' })
        .boundingBox();
      const cardBox = await card.boundingBox();
      const approve = card.getByRole('button', { name: `Approve ${feature.title}` });

      // Assess
      expect(overflow).toBeLessThanOrEqual(0);
      expect(create && create.x >= 0 && create.x + create.width <= VIEWPORTS.phone.width).toBe(
        true,
      );
      expect(cardBox && cardBox.x >= 0 && cardBox.x + cardBox.width <= VIEWPORTS.phone.width).toBe(
        true,
      );
      expect(await approve.isVisible()).toBe(true);
      expect(await filterState(page)).toEqual({
        labels: ['All', 'Approved', 'Pending'],
        pressed: ['Pending'],
      });
    });
  });
});
