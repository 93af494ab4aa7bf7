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

  it('shows the unread count on the bell, lists the notifications and marks all read', async () => {
    // Prepare
    const { admin, author, feature } = await authorWithTwoNotifications();
    const page = await openSignedIn(browser, author, '/', { bypassCSP: true });

    // Act
    const bell = page.getByRole('link', { name: 'Notifications, 2 unread' });
    await bell.waitFor();
    await screenshot(page, 'notifications-bell-1280');
    await bell.click();
    await page.getByRole('heading', { level: 1, name: 'Notifications' }).waitFor();
    const list = page.getByRole('list', { name: 'Notifications' });
    await list.waitFor();

    // Assess
    const items = list.getByRole('listitem');
    expect(await items.count()).toBe(2);
    expect(await items.nth(0).innerText()).toContain('Status changed to In progress');
    expect(await items.nth(1).innerText()).toContain('approved');
    expect(await page.locator('.notification--unread').count()).toBe(2);
    expect(
      await items
        .nth(0)
        .getByRole('link', { name: new RegExp(feature.title) })
        .getAttribute('href'),
    ).toBe(`/features/${feature.id}`);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'notifications-list-1280');

    // Act
    await page.getByRole('button', { name: 'Mark all read' }).click();
    await page.getByRole('link', { name: 'Notifications', exact: true }).waitFor();

    // Assess (the bell and the list refresh separately: wait for the list too)
    await expect.poll(() => page.locator('.notification--unread').count()).toBe(0);
    expect(await page.locator('.notification--read').count()).toBe(2);
    expect(await page.getByRole('button', { name: 'Mark all read' }).isDisabled()).toBe(true);

    // Act: the request is completed while the page is open; the bell asks again on focus
    await apiData(`/api/admin/features/${feature.id}/status`, {
      method: 'PUT',
      token: admin.token,
      body: { status: 'completed' },
    });
    const raised = page.getByRole('link', { name: 'Notifications, 1 unread' });
    const deadline = Date.now() + 10_000;
    while (!(await raised.isVisible()) && Date.now() < deadline) {
      await page.evaluate(() => window.dispatchEvent(new Event('focus')));
      await page.waitForTimeout(250);
    }

    // Assess
    expect(await raised.isVisible()).toBe(true);
  });

  it('works on a phone and at 1024 px, with the bell in reach', async () => {
    // Prepare
    const { author } = await authorWithTwoNotifications();

    for (const [name, viewport] of [
      ['390', VIEWPORTS.phone],
      ['1024', { width: 1024, height: 800 }],
    ] as const) {
      // Act
      const page = await openSignedIn(browser, author, '/', { viewport, bypassCSP: true });
      const bell = page.getByRole('link', { name: /^Notifications/ });
      await bell.waitFor();
      await bell.click();
      await page.getByRole('list', { name: 'Notifications' }).waitFor();

      // Assess
      expect(await bell.isVisible()).toBe(true);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
      );
      expect(overflow).toBe(false);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await screenshot(page, `notifications-list-${name}`);
    }
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

    // Assess
    expect(await page.getByRole('link', { name: 'Notifications', exact: true }).isVisible()).toBe(
      true,
    );
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
    await section.getByText('Notification preferences saved.').waitFor();
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
    expect(Object.values(preferences.email)).toEqual([false, false, false, false]);
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
