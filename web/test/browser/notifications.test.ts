import { describe, expect, it } from 'vitest';
import type { Project } from '@hatchworks/shared/schemas/projects';
import {
  seriousAccessibilityViolations,
  skipBrowserTests,
  useBrowser,
  VIEWPORTS,
  screenshot,
} from './support/browser';
import { registerUser } from './support/accounts';
import { linkFromMail, waitForMail } from './support/mail';
import {
  apiData,
  approveFeature,
  createFeature,
  createProject,
  loginAdmin,
  openSignedIn,
} from './support/features';

/** An author whose feature request the admin approved and moved on: two notifications. */
async function authorWithTwoNotifications() {
  const admin = await loginAdmin();
  const project: Project = await createProject(admin.token);
  const author = await registerUser();
  const feature = await createFeature(author.token, project.id);
  await approveFeature(admin.token, feature.id, 'Looks useful');
  await apiData(`/api/admin/features/${feature.id}/status`, {
    method: 'PUT',
    token: admin.token,
    body: { status: 'in_progress', approval_notes: 'Started' },
  });
  // The fan-out runs from the table stream a moment later.
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const { unread_count } = await apiData<{ unread_count: number }>(
      '/api/notifications/unread-count',
      { token: author.token },
    );
    if (unread_count === 2) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { admin, author, feature };
}

describe.skipIf(skipBrowserTests)('Notifications (bell, /notifications, preferences)', () => {
  const browser = useBrowser();

  it('opens the bell’s panel by keyboard, groups the same events and marks all read', async () => {
    // Prepare
    const { admin, author, feature } = await authorWithTwoNotifications();
    const page = await openSignedIn(browser, author, '/', { bypassCSP: true });
    const bell = page.getByRole('button', { name: 'Notifications, 2 unread' });
    const panel = page.getByRole('region', { name: 'Notifications' });
    const focused = () =>
      page.evaluate(
        () =>
          document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent,
      );

    // Act: Enter opens the panel
    await bell.waitFor();
    expect(await bell.getAttribute('aria-expanded')).toBe('false');
    await screenshot(page, 'notifications-bell-1280');
    await bell.focus();
    await page.keyboard.press('Enter');
    const rows = panel.getByRole('list', { name: 'Latest notifications' }).getByRole('listitem');
    await rows.first().waitFor();

    // Assess: newest first, unread marked, relative and exact time
    expect(await bell.getAttribute('aria-expanded')).toBe('true');
    expect(await rows.count()).toBe(2);
    expect(await rows.nth(0).innerText()).toContain('Status changed to In progress');
    expect(await rows.nth(1).innerText()).toContain('approved');
    expect(await panel.locator('.notification--unread').count()).toBe(2);
    const time = rows.nth(0).locator('time');
    expect(await time.innerText()).toMatch(
      /^(just now|\d+ min ago) · \d{1,2} [A-Z][a-z]{2}, \d{2}:\d{2}$/,
    );
    expect(await time.getAttribute('title')).toMatch(/\d{2}:\d{2}$/);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    // Act: Tab walks into the panel, Esc closes it and gives focus back to the bell
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('Mark all read');
    await page.keyboard.press('Tab');
    expect(await focused()).toContain(feature.title);
    await page.keyboard.press('Escape');

    // Assess
    expect(await panel.isVisible()).toBe(false);
    expect(await focused()).toBe('Notifications, 2 unread');

    // Act: Space opens it again; "See all" leads to the page
    await page.keyboard.press(' ');
    await panel.getByRole('link', { name: 'See all notifications' }).click();
    await page.getByRole('heading', { level: 1, name: 'Notifications' }).waitFor();
    const list = page.getByRole('list', { name: 'Notifications' });
    await list.getByRole('listitem').nth(1).waitFor();

    // Assess
    expect(await panel.isVisible()).toBe(false);
    expect(
      await list
        .getByRole('listitem')
        .nth(0)
        .getByRole('link', { name: new RegExp(feature.title) })
        .getAttribute('href'),
    ).toBe(`/features/${feature.id}`);
    await screenshot(page, 'notifications-list-1280');

    // Act
    await page.getByRole('main').getByRole('button', { name: 'Mark all read' }).click();

    // Assess (the bell and the list refresh separately: wait for the list too)
    await page.getByTestId('toast').filter({ hasText: 'All notifications marked read' }).waitFor();
    await page.getByRole('button', { name: 'Notifications', exact: true }).waitFor();
    await expect.poll(() => list.locator('.notification--unread').count()).toBe(0);

    // Act: the request is completed while the page is open; the bell asks again on focus
    await apiData(`/api/admin/features/${feature.id}/status`, {
      method: 'PUT',
      token: admin.token,
      body: { status: 'completed' },
    });
    const raised = page.getByRole('button', { name: 'Notifications, 1 unread' });
    const deadline = Date.now() + 10_000;
    while (!(await raised.isVisible()) && Date.now() < deadline) {
      await page.evaluate(() => window.dispatchEvent(new Event('focus')));
      await page.waitForTimeout(250);
    }
    await raised.click();

    // Assess: two status changes on the same request read as one row
    await rows.first().filter({ hasText: '2 status changes' }).waitFor();
    expect(await rows.count()).toBe(2);
    expect(await rows.nth(0).innerText()).toContain('Status changed to Completed');
  });

  it('fits the panel at 390, 1024 and 1280 px and closes it on a click outside', async () => {
    // Prepare
    const { author } = await authorWithTwoNotifications();
    const page = await openSignedIn(browser, author, '/', {
      viewport: VIEWPORTS.phone,
      bypassCSP: true,
    });
    const bell = page.getByRole('button', { name: /^Notifications/ });
    const panel = page.getByRole('region', { name: 'Notifications' });
    const fits: { left: number; right: number; top: number; headerBottom: number }[] = [];

    for (const viewport of [
      VIEWPORTS.phone,
      { width: 1024, height: 800 },
      VIEWPORTS.desktop,
    ] as const) {
      // Act
      await page.setViewportSize(viewport);
      await bell.click();
      await panel.getByRole('listitem').first().waitFor();

      // Assess: inside the screen, the screen's width under the header on a phone
      const box = (await panel.boundingBox())!;
      const header = (await page.locator('header').first().boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
      fits.push({
        left: box.x,
        right: box.x + box.width,
        top: Math.round(box.y),
        headerBottom: Math.round(header.y + header.height),
      });
      expect(
        await page.evaluate(
          () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
        ),
      ).toBe(false);
      await screenshot(page, `notifications-panel-${viewport.width}`);

      // Act: a click outside closes it
      await page.mouse.click(viewport.width / 2, viewport.height - 10);

      // Assess
      await panel.waitFor({ state: 'hidden' });
      expect(await bell.getAttribute('aria-expanded')).toBe('false');
    }

    // Assess: on the phone the panel is the screen's width, right under the header
    const [phone] = fits;
    expect(phone).toMatchObject({ left: 0, right: VIEWPORTS.phone.width });
    expect(phone?.top).toBe(phone?.headerBottom);
  });

  it('shows the empty state to a new account and asks visitors to sign in', async () => {
    // Prepare
    const person = await registerUser();
    const visitor = await browser.openPage('/notifications');
    await visitor.getByRole('heading', { name: 'Sign in to see your notifications' }).waitFor();
    const page = await openSignedIn(browser, person, '/', { bypassCSP: true });

    // Act
    await page.goto('/notifications');
    await page.getByRole('heading', { name: 'No notifications yet' }).waitFor();

    // Assess: the bell's code comes after the page's (visitors never load it)
    const bell = page.getByRole('button', { name: 'Notifications', exact: true });
    await bell.waitFor();
    expect(await bell.isVisible()).toBe(true);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'notifications-empty-1280');
  });

  it('turns an email preference off on Profile and keeps it after a reload', async () => {
    // Prepare
    const person = await registerUser();
    const page = await openSignedIn(browser, person, '/profile', { bypassCSP: true });
    const section = page.getByRole('region', { name: 'Notifications' });
    const changelog = section.getByRole('checkbox', { name: /changelog announcements/i });
    await changelog.waitFor();

    // Act
    expect(await changelog.isChecked()).toBe(true);
    await changelog.uncheck();
    await page
      .getByTestId('toast')
      .filter({ hasText: 'Emails about "Changelog announcements" turned off.' })
      .waitFor();
    await page.reload();
    await page
      .getByRole('region', { name: 'Notifications' })
      .getByRole('checkbox', { name: /changelog announcements/i })
      .waitFor();

    // Assess
    const after = page
      .getByRole('region', { name: 'Notifications' })
      .getByRole('checkbox', { name: /changelog announcements/i });
    expect(await after.isChecked()).toBe(false);
    expect(
      await page
        .getByRole('region', { name: 'Notifications' })
        .getByRole('checkbox', { name: /status changes/i })
        .isChecked(),
    ).toBe(true);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'notifications-preferences-1280');
  });

  it("unsubscribes with one click from the mail's link, signed out", async () => {
    // Prepare: the author's batched mail (approval and status change in one)
    const since = new Date();
    const { author } = await authorWithTwoNotifications();
    const mail = await waitForMail(author.user.email, { subject: /updates/i, after: since });
    const link = linkFromMail(mail, '/unsubscribe');

    // Act
    const page = await browser.openPage(`${link.pathname}${link.search}`, {
      viewport: VIEWPORTS.phone,
      bypassCSP: true,
    });
    await page.getByRole('heading', { name: 'You are unsubscribed' }).waitFor();

    // Assess
    const preferences = await apiData<{ email: Record<string, boolean> }>(
      '/api/user/notification-preferences',
      { token: author.token },
    );
    expect(preferences.email).toEqual({
      status: false,
      announcements: false,
      team_answers: false,
      moderation: false,
      replies: false,
      mentions: false,
    });
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'unsubscribe-done-390');
  });

  it('answers an unsubscribe link without a valid token with its error', async () => {
    // Act
    const page = await browser.openPage('/unsubscribe?token=nobody.bad', {
      viewport: VIEWPORTS.phone,
      bypassCSP: true,
    });
    await page.getByRole('heading', { name: 'Could not unsubscribe' }).waitFor();

    // Assess
    expect(await page.getByText('This unsubscribe link is not valid.').isVisible()).toBe(true);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'unsubscribe-invalid-390');
  });
});
