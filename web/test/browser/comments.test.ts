import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Comment } from '@hatchworks/shared/schemas/comments';
import type { AuthResult } from '@hatchworks/shared/schemas/users';
import { registerUser } from './support/accounts';
import {
  seriousAccessibilityViolations,
  skipBrowserTests,
  useBrowser,
  VIEWPORTS,
  type Viewport,
  screenshot,
} from './support/browser';
import {
  apiData,
  createApprovedFeature,
  createProject,
  loginAdmin,
  openSignedIn,
} from './support/features';
import { submitTrackerRequest, submitTrackerSuggestion } from './support/tracker';

const commentsSection = (page: Page) => page.getByRole('region', { name: /^Comments/ });

/** Posts a comment over the API as `token`'s user. */
const postComment = (path: string, token: string, body: string, parent_id?: string) =>
  apiData<Comment>(path, {
    method: 'POST',
    token,
    body: { body, ...(parent_id ? { parent_id } : {}) },
  });

describe.skipIf(skipBrowserTests)('Comments on the detail pages', () => {
  const browser = useBrowser();

  async function openAs(path: string, auth: AuthResult | null, viewport?: Viewport) {
    // bypassCSP lets axe-core be injected.
    const options = { bypassCSP: true, ...(viewport ? { viewport } : {}) };
    const page = auth
      ? await openSignedIn(browser, auth, path, options)
      : await browser.openPage(path, options);
    await commentsSection(page).waitFor();
    return page;
  }

  it('lets a user comment, reply and edit on a tracker request, announcing each action', async () => {
    // Prepare
    const user = await registerUser({ display_name: 'Commenter Ada' });
    const request = await submitTrackerRequest();
    const page = await openAs(`/tracker/requests/${request.id}`, user);
    const section = commentsSection(page);
    await section.getByText('No comments yet').waitFor();

    // Act: comment, with a link in it.
    const field = section.getByLabel('Add a comment');
    await field.fill('See https://example.com/spec. <b>not bold</b>');
    await section.getByText('45 / 2000').waitFor();
    await section.getByRole('button', { name: 'Post comment' }).click();

    // Assess
    const mine = section.getByRole('article', { name: 'Comment by Commenter Ada' });
    await mine.waitFor();
    await expect.poll(() => field.inputValue()).toBe('');
    // The toast answers the post; the field keeps focus for the next comment.
    await page.getByTestId('toast').filter({ hasText: 'Comment posted' }).waitFor();
    expect(await field.evaluate((node) => node === document.activeElement)).toBe(true);
    const link = mine.getByRole('link', { name: 'https://example.com/spec' });
    expect(await link.getAttribute('rel')).toBe('nofollow ugc noopener');
    expect(await mine.locator('b').count()).toBe(0);
    await section.getByRole('heading', { name: 'Comments (1)' }).waitFor();

    // Act: reply to it.
    await mine.getByRole('button', { name: 'Reply' }).click();
    const replyField = section.getByLabel('Reply to Commenter Ada');
    await expect
      .poll(() => replyField.evaluate((node) => node === document.activeElement))
      .toBe(true);
    await replyField.fill('And a reply for @commenter-ada.');
    await section.getByRole('button', { name: 'Post reply' }).click();
    const replies = section.getByRole('list', { name: 'Replies to Commenter Ada' });
    await replies.getByText('And a reply').waitFor();
    await page.getByTestId('toast').filter({ hasText: 'Reply posted to Commenter Ada' }).waitFor();
    // Focus goes back to the thread's Reply button; the mention is highlighted.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent?.trim()))
      .toBe('Reply');
    const mention = replies.getByText('@commenter-ada', { exact: true });
    expect(await mention.evaluate((node) => node.tagName)).toBe('STRONG');
    await screenshot(page, 'comments-reply-toast-1280');

    // Act: edit the first comment.
    await mine.getByRole('button', { name: 'Edit' }).first().click();
    const editField = section.getByLabel('Edit your comment');
    await editField.fill('Changed my mind');
    await section.getByRole('button', { name: 'Save' }).click();
    await mine.getByText('Changed my mind').waitFor();
    await mine.getByText('edited', { exact: true }).waitFor();

    // Assess: the card on the list shows the count and links here.
    await page.goto('/tracker/requests?sort=date');
    const card = page.getByRole('article', { name: request.title, exact: true });
    await card.getByRole('link', { name: '2 comments' }).waitFor();
    await card.getByRole('link', { name: request.title }).click();
    await page.waitForURL(`**/tracker/requests/${request.id}`);
    await page.getByRole('heading', { level: 1, name: request.title }).waitFor();
  });

  it('lets an admin pin a Team answer, shown first and marked as the studio’s', async () => {
    // Prepare
    const [admin, user] = await Promise.all([loginAdmin(), registerUser()]);
    const suggestion = await submitTrackerSuggestion();
    const path = `/api/tracker/project-suggestions/${suggestion.id}/comments`;
    const answer = await postComment(path, admin.token, 'We will build this next quarter.');
    const fromUser = await postComment(path, user.token, 'Later comment from a user');
    const page = await openAs(`/tracker/suggestions/${suggestion.id}`, admin);
    const section = commentsSection(page);
    const adminComment = section.getByRole('article').filter({ hasText: answer.body });
    await adminComment.waitFor();

    // Act
    await adminComment.getByRole('button', { name: 'Pin as Team answer' }).click();

    // Assess
    const team = section.getByRole('article', { name: /^Team answer/ });
    await team.waitFor();
    await page.getByTestId('toast').filter({ hasText: 'Pinned as the Team answer' }).waitFor();
    const first = section.getByRole('article').first();
    expect(await first.innerText()).toContain('We will build this next quarter.');
    expect(await first.innerText()).toMatch(/Team answer/i);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    // A user's comment pinned as the answer is the team's now: its author is offered no Edit.
    await apiData(`/api/comments/${fromUser.id}/pin`, { method: 'PUT', token: admin.token });
    const userPage = await openAs(`/tracker/suggestions/${suggestion.id}`, user);
    const pinnedForUser = commentsSection(userPage).getByRole('article', { name: /^Team answer/ });
    await pinnedForUser.getByText('Later comment from a user').waitFor();
    expect(await pinnedForUser.getByRole('button', { name: 'Edit' }).count()).toBe(0);
    expect(await pinnedForUser.getByRole('button', { name: 'Delete' }).count()).toBe(1);
  });

  it('asks signed-out visitors to sign in and shows the 404 of an unknown item', async () => {
    const request = await submitTrackerRequest();
    const page = await openAs(`/tracker/requests/${request.id}`, null);
    const section = commentsSection(page);
    await section.getByRole('button', { name: 'Login to comment' }).waitFor();
    expect(await section.getByLabel('Add a comment').count()).toBe(0);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    await page.goto('/tracker/suggestions/01UNKNOWNSUGGESTION');
    await page.getByRole('heading', { name: 'Project suggestion not found' }).waitFor();
  });

  it('shows a feature request with its comments, its vote button and a delete confirmation', async () => {
    // Prepare
    const [admin, user] = await Promise.all([loginAdmin(), registerUser()]);
    const project = await createProject(admin.token);
    const feature = await createApprovedFeature(user.token, admin.token, project.id);
    await postComment(`/api/features/${feature.id}/comments`, user.token, 'My own comment');
    const page = await openAs(`/features/${feature.id}`, user);
    const section = commentsSection(page);
    await page.getByRole('heading', { level: 1, name: feature.title }).waitFor();
    await page.getByRole('button', { name: `Vote on ${feature.title}` }).waitFor();
    const mine = section.getByRole('article').filter({ hasText: 'My own comment' });
    await mine.waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    // Act
    await mine.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete comment' });
    await dialog.getByRole('button', { name: 'Delete comment' }).click();

    // Assess
    await section.getByText('No comments yet').waitFor();
    await page.getByTestId('toast').filter({ hasText: 'Comment deleted' }).waitFor();
  });

  it('shows an error with a retry when the comments cannot be loaded', async () => {
    // Prepare
    const request = await submitTrackerRequest();
    let fail = true;
    const page = await browser.openPage(`/tracker/requests/${request.id}`, {
      prepare: (tab) =>
        tab.route('**/api/tracker/feature-requests/*/comments*', (route) =>
          fail
            ? route.fulfill({
                status: 500,
                contentType: 'application/json',
                body: JSON.stringify({ success: false, error: 'Boom', code: 'SERVER_ERROR' }),
              })
            : route.continue(),
        ),
    });
    const section = commentsSection(page);
    // Act
    const retry = section.getByRole('button', { name: 'Try again' });
    await retry.waitFor();
    fail = false;
    await retry.click();
    // Assess
    await section.getByText('No comments yet').waitFor();
    expect(await retry.count()).toBe(0);
  });

  it('fits a phone and a desktop, signed out, as a user and as an admin', async () => {
    const [admin, user] = await Promise.all([loginAdmin(), registerUser({ display_name: 'Mo' })]);
    const request = await submitTrackerRequest({
      description: 'A long description to see how the page wraps on a small phone screen.',
    });
    const path = `/api/tracker/feature-requests/${request.id}/comments`;
    const top = await postComment(path, user.token, 'Would love this. https://example.com/a');
    await postComment(path, admin.token, 'Thanks, on the list.', top.id);
    const pinned = await postComment(path, admin.token, 'Planned for the next release.');
    await apiData(`/api/comments/${pinned.id}/pin`, { method: 'PUT', token: admin.token });
    const widths = {
      phone: VIEWPORTS.phone,
      tablet: { width: 1024, height: 800 },
      desktop: VIEWPORTS.desktop,
    };
    for (const [who, auth] of [
      ['signed-out', null],
      ['user', user],
      ['admin', admin],
    ] as const) {
      for (const [name, viewport] of Object.entries(widths)) {
        const page = await openAs(`/tracker/requests/${request.id}`, auth, viewport);
        await commentsSection(page)
          .getByRole('article', { name: /^Team answer/ })
          .waitFor();
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow).toBeLessThanOrEqual(0);
        await screenshot(page, `comments-${who}-${name}`);
      }
    }
    // The other two pages, on a phone.
    const project = await createProject(admin.token);
    const feature = await createApprovedFeature(user.token, admin.token, project.id);
    await postComment(`/api/features/${feature.id}/comments`, user.token, 'First!');
    const suggestion = await submitTrackerSuggestion();
    for (const [name, path] of [
      ['feature', `/features/${feature.id}`],
      ['suggestion', `/tracker/suggestions/${suggestion.id}`],
    ] as const) {
      const page = await openAs(path, user, VIEWPORTS.phone);
      await page.getByRole('heading', { level: 1 }).waitFor();
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      await screenshot(page, `comments-user-phone-${name}`);
    }
  });
});
