import { randomUUID } from 'node:crypto';
import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import {
  seriousAccessibilityViolations,
  siteUrl,
  skipBrowserTests,
  useBrowser,
} from './support/browser';
import { registerUser } from './support/accounts';
import { linkFromMail, waitForMail } from './support/mail';
import {
  apiData,
  createApprovedFeature,
  createProject,
  loginAdmin,
  openSignedIn,
  voteOn,
} from './support/features';

/** An Atom entry as the parser reads it: a typed title is an object with its text. */
type AtomEntry = { title: string | { '#text': string } };

/**
 * Closing the loop, through the screens: a voter comments, the admin answers as the Team,
 * moves the request to in progress and to completed, announces it in the changelog; the voter
 * hears of it on the bell and by mail (with a working unsubscribe link), and the roadmap, the
 * changelog and its feed show it.
 */
describe.skipIf(skipBrowserTests)('Closing the loop on a feature request', () => {
  const browser = useBrowser();

  it(
    'tells a voter everything that happens to the request they paid for',
    { timeout: 150_000 },
    async () => {
      // Prepare: an approved request with a voter.
      const admin = await loginAdmin();
      const project = await createProject(admin.token);
      const author = await registerUser();
      const voter = await registerUser({ display_name: 'Voter Vera' });
      const feature = await createApprovedFeature(author.token, admin.token, project.id);
      await voteOn(voter.token, feature.id, 30);
      const since = new Date();

      // Act: the voter comments on the request's page.
      const voterPage = await openSignedIn(browser, voter, `/features/${feature.id}`, {
        bypassCSP: true,
      });
      await voterPage.getByLabel('Add a comment').fill('Could it export to CSV as well?');
      await voterPage.getByRole('button', { name: 'Post comment' }).click();
      await voterPage.getByRole('article', { name: 'Comment by Voter Vera' }).waitFor();

      // Act: the admin answers as the Team and pins it, then moves the work along.
      const adminPage = await openSignedIn(browser, admin, `/features/${feature.id}`, {
        bypassCSP: true,
      });
      await adminPage.getByLabel('Add a comment').fill('Yes, CSV is part of it.');
      await adminPage.getByRole('button', { name: 'Post comment' }).click();
      const answer = adminPage.getByRole('article').filter({ hasText: 'Yes, CSV is part of it.' });
      await answer.getByRole('button', { name: 'Pin as Team answer' }).click();
      await adminPage.getByRole('article', { name: /^Team answer/ }).waitFor();

      for (const status of ['In Progress', 'Completed']) {
        await adminPage.getByRole('button', { name: 'Change status' }).click();
        const dialog = adminPage.getByRole('dialog', { name: 'Change status' });
        await dialog.getByLabel('New status').selectOption({ label: status });
        await dialog.getByRole('button', { name: 'Save status' }).click();
        await adminPage
          .getByTestId('toast')
          .filter({ hasText: `Status changed to ${status}.` })
          .waitFor();
      }

      // Act: announce it from the request's page.
      await adminPage.getByRole('link', { name: 'Announce in changelog' }).click();
      const form = adminPage.getByRole('form', { name: 'Publish entry' });
      expect(await form.getByRole('checkbox', { name: feature.title }).isChecked()).toBe(true);
      const title = `CSV export ${randomUUID().slice(0, 8)}`;
      await form.getByLabel('Title').fill(title);
      await form.getByLabel('Body').fill('Exports are here.\n\nThank you for the eggs.');
      await form.getByRole('button', { name: 'Publish entry' }).click();
      await adminPage.getByRole('article', { name: title }).waitFor();

      // Assess: the voter's bell counts the Team answer, both status changes and the announcement.
      await voterPage.goto('/');
      const bell = voterPage.getByRole('button', { name: 'Notifications, 4 unread' });
      await expect
        .poll(
          async () => {
            await voterPage.evaluate(() => window.dispatchEvent(new Event('focus')));
            return bell.count();
          },
          { timeout: 20_000, interval: 500 },
        )
        .toBe(1);
      await bell.click();
      const panel = voterPage.getByRole('region', { name: 'Notifications' });
      const list = panel.getByRole('list', { name: 'Latest notifications' });
      await list.waitFor();
      const text = await list.innerText();
      expect(text).toContain(title);
      expect(text).toMatch(/The team answered/);
      expect(text).toMatch(/Status changed to Completed/);
      expect(await seriousAccessibilityViolations(voterPage)).toEqual([]);
      await panel.getByRole('button', { name: 'Mark all read' }).click();
      await voterPage.getByRole('button', { name: 'Notifications', exact: true }).waitFor();

      // Assess: one batched mail, with a one-click unsubscribe that works signed out.
      const mail = await waitForMail(voter.user.email, { subject: /updates/i, after: since });
      expect(mail.list_unsubscribe).toMatch(/^<https?:\/\/.+>$/);
      const link = linkFromMail(mail, '/unsubscribe');
      const unsubscribe = await browser.openPage(`${link.pathname}${link.search}`, {
        bypassCSP: true,
      });
      await unsubscribe.getByRole('heading', { name: 'You are unsubscribed' }).waitFor();
      const preferences = await apiData<{ email: Record<string, boolean> }>(
        '/api/user/notification-preferences',
        { token: voter.token },
      );
      expect(Object.values(preferences.email).every((on) => !on)).toBe(true);

      // Assess: the roadmap and the changelog show it; the feed is Atom.
      const roadmap = await browser.openPage(`/roadmap?project=${project.id}`);
      const completed = roadmap.getByRole('region', { name: 'Recently Completed' });
      await completed.getByRole('link', { name: feature.title }).waitFor();
      const changelog = await browser.openPage('/changelog');
      const entry = changelog.getByRole('article', { name: title });
      await entry.getByRole('link', { name: feature.title }).waitFor();
      const feed = await fetch(siteUrl('/changelog.xml'));
      expect(feed.headers.get('content-type')).toContain('application/atom+xml');
      const atom = new XMLParser({ ignoreAttributes: false }).parse(await feed.text()) as {
        feed: { '@_xmlns': string; entry: AtomEntry | AtomEntry[] };
      };
      expect(atom.feed['@_xmlns']).toBe('http://www.w3.org/2005/Atom');
      const titles = [atom.feed.entry]
        .flat()
        .map((item) => (typeof item.title === 'string' ? item.title : item.title['#text']));
      expect(titles).toContain(title);
    },
  );
});
