import { randomUUID } from 'node:crypto';
import type { Feature } from '@hatchworks/shared/schemas/features';
import type { AuthResult } from '@hatchworks/shared/schemas/users';
import { beforeAll, describe, expect, it } from 'vitest';
import { registerUser } from './support/accounts';
import {
  seriousAccessibilityViolations,
  skipBrowserTests,
  resizeTo,
  useBrowser,
  VIEWPORTS,
  screenshot,
} from './support/browser';
import {
  apiData,
  createApprovedFeature,
  createProject,
  loginAdmin,
  openSignedIn,
} from './support/features';

const WIDTHS = [
  { label: 'phone', viewport: VIEWPORTS.phone },
  { label: 'tablet', viewport: { width: 1024, height: 800 } },
  { label: 'desktop', viewport: VIEWPORTS.desktop },
];

describe.skipIf(skipBrowserTests)('Changelog (/changelog)', () => {
  const browser = useBrowser();
  let admin: AuthResult;
  let member: AuthResult;
  let completed: Feature;

  beforeAll(async () => {
    admin = await loginAdmin();
    const author = await registerUser();
    member = author;
    const project = await createProject(admin.token);
    const feature = await createApprovedFeature(author.token, admin.token, project.id);
    completed = await apiData<Feature>(`/api/admin/features/${feature.id}/status`, {
      method: 'PUT',
      token: admin.token,
      body: { status: 'completed' },
    });
  });

  it('lets an admin publish an entry closing the request ?announce names', async () => {
    // Prepare
    const page = await openSignedIn(browser, admin, `/changelog?announce=feature:${completed.id}`, {
      bypassCSP: true,
    });
    const form = page.getByRole('form', { name: 'Publish entry' });
    const option = form.getByRole('checkbox', { name: completed.title });
    await option.waitFor();
    const title = `Shipped ${randomUUID().slice(0, 8)}`;

    // Act
    expect(await option.isChecked()).toBe(true);
    await form.getByLabel('Title').fill(title);
    await form.getByLabel('Body').fill('It is done & <b>live</b>.\n\nThanks to every voter.');
    await form.getByRole('button', { name: 'Publish entry' }).click();
    await page
      .getByTestId('toast')
      .filter({ hasText: `Published "${title}".` })
      .waitFor();

    // Assess: the toast is the one announcement
    expect(await page.getByRole('status').filter({ hasText: 'Published' }).count()).toBe(0);
    const entry = page.getByRole('article', { name: title });
    await entry.waitFor();
    expect(await form.count()).toBe(0);
    expect(new URL(page.url()).searchParams.has('announce')).toBe(false);
    expect(await entry.getByText('It is done & <b>live</b>.').isVisible()).toBe(true);
    expect(await entry.getByText('Thanks to every voter.').isVisible()).toBe(true);
    expect(await entry.getByRole('link', { name: completed.title }).getAttribute('href')).toBe(
      `/features/${completed.id}`,
    );
    expect(await entry.getAttribute('id')).toMatch(/^entry-/);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });

  it("shows the server's message when an entry is refused, keeping what was typed", async () => {
    // Prepare
    const page = await openSignedIn(browser, admin, '/changelog');
    await page.getByRole('button', { name: 'Publish entry' }).click();
    const form = page.getByRole('form', { name: 'Publish entry' });

    // Act
    await form.getByLabel('Body').fill('A body without a title.');
    await form.getByRole('button', { name: 'Publish entry' }).click();
    const alert = form.getByRole('alert').filter({ hasText: 'Title is required' });
    await alert.waitFor();

    // Assess
    expect(await form.getByLabel('Body').inputValue()).toBe('A body without a title.');
    expect(await form.getByLabel('Title').getAttribute('aria-describedby')).toBe(
      await alert.getAttribute('id'),
    );
    await form.getByRole('button', { name: 'Cancel' }).click();
    expect(await form.count()).toBe(0);
  });

  it('lets an admin delete an entry after confirming', async () => {
    // Prepare
    const title = `Mistake ${randomUUID().slice(0, 8)}`;
    await apiData('/api/changelog', {
      method: 'POST',
      token: admin.token,
      body: { title, body: 'Published by mistake.' },
    });
    const page = await openSignedIn(browser, admin, '/changelog');
    const entry = page.getByRole('article', { name: title });
    await entry.waitFor();

    // Act
    await entry.getByRole('button', { name: `Delete "${title}"` }).click();
    await entry.getByRole('button', { name: 'Keep' }).click();
    await entry.getByRole('button', { name: `Delete "${title}"` }).click();
    await entry.getByRole('button', { name: 'Delete entry' }).click();
    await page
      .getByTestId('toast')
      .filter({ hasText: `Deleted "${title}".` })
      .waitFor();

    // Assess
    await entry.waitFor({ state: 'detached' });
    expect(await page.getByRole('article', { name: title }).count()).toBe(0);
  });

  it('shows the entries and the Atom feed link to visitors, without the publish form', async () => {
    // Prepare / Act
    const page = await browser.openPage('/changelog');
    await page.getByRole('heading', { level: 1, name: 'Changelog' }).waitFor();
    await page.getByRole('article').first().waitFor();

    // Assess
    const feed = page.getByRole('link', { name: 'Atom feed' });
    expect(await feed.getAttribute('href')).toBe('/changelog.xml');
    expect(
      await page.locator('link[rel="alternate"][type="application/atom+xml"]').getAttribute('href'),
    ).toBe('/changelog.xml');
    expect(await page.getByRole('button', { name: 'Publish entry' }).count()).toBe(0);
    const atom = await page.request.get('/changelog.xml');
    expect(atom.headers()['content-type']).toBe('application/atom+xml; charset=utf-8');
  });

  it('is axe clean at every width, signed out, as a user and as an admin', async () => {
    // Prepare: one page per role, resized through the widths.
    const visitor = await browser.openPage('/changelog', { bypassCSP: true });
    await visitor.getByRole('article').first().waitFor();
    const signedIn = await openSignedIn(browser, admin, '/changelog', { bypassCSP: true });
    await signedIn.getByRole('article').first().waitFor();
    await signedIn.getByRole('button', { name: 'Publish entry' }).click();
    await signedIn.getByRole('form', { name: 'Publish entry' }).waitFor();
    await signedIn.getByText(/Loading completed requests/).waitFor({ state: 'detached' });
    const asUser = await openSignedIn(browser, member, '/changelog', { bypassCSP: true });
    await asUser.getByRole('article').first().waitFor();
    const pages = { 'signed-out': visitor, admin: signedIn, user: asUser };

    // Act
    const violations: Record<string, unknown[]> = {};
    for (const { label, viewport } of WIDTHS) {
      for (const [role, page] of Object.entries(pages)) {
        await resizeTo(page, viewport);
        violations[`${label} ${role}`] = await seriousAccessibilityViolations(page);
        await screenshot(page, `changelog-${label}-${role}`);
      }
    }
    const userCanPublish = await asUser.getByRole('button', { name: 'Publish entry' }).count();

    // Assess
    expect(violations).toEqual(Object.fromEntries(Object.keys(violations).map((key) => [key, []])));
    expect(userCanPublish).toBe(0);
  });
});
