import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FrameLocator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embedPath } from '@hatchworks/shared/embed';
import type { Feature } from '@hatchworks/shared/schemas/features';
import type { Project } from '@hatchworks/shared/schemas/projects';
import type { TrackerFeatureRequest } from '@hatchworks/shared/schemas/tracker';
import {
  cleanAtWidths,
  seriousAccessibilityViolations,
  siteUrl,
  skipBrowserTests,
  useBrowser,
  VIEWPORTS,
} from './support/browser';
import { registerUser, signInAtIdp, TEST_PASSWORD } from './support/accounts';
import { apiData, approveFeature, createFeature, loginAdmin } from './support/features';
import { submitTrackerRequest } from './support/tracker';

/**
 * The pages of the studio's projects that load the widget, on an origin of their own: the stack
 * answers on `localhost`, this server on `127.0.0.1` (another site to the browser). Each page
 * is `/<project key>` and carries the one line of the README's snippet.
 */
let host: Server;
const hostOrigin = () => `http://127.0.0.1:${(host.address() as AddressInfo).port}`;

beforeAll(async () => {
  host = createServer((request, response) => {
    const key = decodeURIComponent((request.url ?? '/').slice(1));
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>A studio project</title></head>
<body><main><h1>A studio project</h1><p><a href="#top">A link of the page</a></p></main>
<script src="${siteUrl('/widget.js')}" data-project="${key}" async></script>
</body></html>`);
  });
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
});

afterAll(async () => {
  await new Promise<void>((resolve) => host.close(() => resolve()));
});

/** A fresh project whose build path gives it a slug, embeddable from the given origins. */
async function embeddableProject(origins: readonly string[]): Promise<Project & { slug: string }> {
  const admin = await loginAdmin();
  const slug = `widget-${randomUUID().slice(0, 8)}`;
  const project = await apiData<Project>('/api/projects', {
    method: 'POST',
    token: admin.token,
    body: {
      title: `Widget Nest ${slug.slice(7)}`,
      group_name: 'Web Applications',
      path: `/apps/${slug}/`,
      embed_origins: origins,
    },
  });
  return { ...project, slug };
}

const panelOf = (page: Page): FrameLocator => page.frameLocator('iframe[title^="Feedback"]');
const feedbackButton = (page: Page) => page.getByRole('button', { name: 'Feedback', exact: true });

/** Opens the widget with a click and waits for the panel to show the project. */
async function openPanel(page: Page, project: Pick<Project, 'title'>): Promise<FrameLocator> {
  await feedbackButton(page).click();
  const panel = panelOf(page);
  await panel.getByText(project.title, { exact: true }).waitFor();
  return panel;
}

describe.skipIf(skipBrowserTests)('Feedback widget', () => {
  const browser = useBrowser();

  it('shows on a demo build: opens and closes by keyboard, focus goes into the panel and back', async () => {
    // Prepare: an open request of the seeded project the demo build is.
    const projects = await apiData<{ projects: Project[] }>('/api/projects?limit=100');
    const yolkRunner = projects.projects.find((project) => project.path === '/apps/yolk-runner/');
    const request = await submitTrackerRequest({ project_id: yolkRunner?.id });
    const page = await browser.openPage('/apps/yolk-runner/');
    const button = feedbackButton(page);
    await button.waitFor();

    // Act: Tab to the button, Enter opens, the panel takes focus; Esc inside it closes.
    await button.focus();
    await page.keyboard.press('Enter');
    const panel = panelOf(page);
    const heading = panel.getByRole('heading', { level: 1, name: 'Feedback' });
    await heading.waitFor();
    await expect.poll(() => heading.evaluate((node) => node === document.activeElement)).toBe(true);
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    await panel.getByText('Yolk Runner', { exact: true }).waitFor();
    // On the site's own origin a visitor votes on the tracker as on the site (its cookie is sent).
    const upvote = panel.getByRole('button', { name: `Upvote ${request.title}` });
    await upvote.click();
    await expect.poll(() => upvote.getAttribute('aria-pressed')).toBe('true');
    await heading.focus();
    await page.keyboard.press('Escape');

    // Assess
    await expect.poll(() => button.getAttribute('aria-expanded')).toBe('false');
    await expect.poll(() => button.evaluate((node) => node.matches(':focus'))).toBe(true);
    expect(await page.locator('iframe[title^="Feedback"]').isVisible()).toBe(false);

    // The Close button in the panel closes it too, and the button toggles it.
    await page.keyboard.press('Enter');
    await expect.poll(() => button.getAttribute('aria-expanded')).toBe('true');
    await panel.getByRole('button', { name: 'Close feedback' }).click();
    await expect.poll(() => button.getAttribute('aria-expanded')).toBe('false');
    await expect.poll(() => button.evaluate((node) => node.matches(':focus'))).toBe(true);
  });

  it('opens without motion for a visitor who asks for reduced motion, with it otherwise', async () => {
    // Prepare
    const page = await browser.openPage('/apps/yolk-runner/');
    /** The animation the panel opens with (its computed `animation-name`). */
    const animationsOnOpen = async () => {
      await feedbackButton(page).click();
      const name = await page.evaluate(() => {
        const panel = document
          .querySelector('hatchworks-feedback')
          ?.shadowRoot?.getElementById('panel');
        return panel ? getComputedStyle(panel).animationName : 'no panel';
      });
      await feedbackButton(page).click();
      await expect.poll(() => feedbackButton(page).getAttribute('aria-expanded')).toBe('false');
      return name;
    };

    // Act
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const reduced = await animationsOnOpen();
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    const full = await animationsOnOpen();

    // Assess
    expect(reduced).toBe('none');
    expect(full).not.toBe('none');
    expect(full).not.toBe('no panel');
  });

  it('lets a visitor submit a request anonymously from a listed site', async () => {
    // Prepare
    const project = await embeddableProject([hostOrigin()]);
    const page = await browser.openPage(`${hostOrigin()}/${project.slug}`);
    const panel = await openPanel(page, project);
    await panel.getByText('No open requests yet. Be the first to submit one!').waitFor();
    const title = `Widget request ${randomUUID().slice(0, 8)}`;

    // Act
    await panel.getByRole('button', { name: 'Submit a request' }).click();
    await panel.getByLabel('Title').fill(title);
    await panel.getByLabel('Description').fill('Sent from the feedback widget.');
    await panel.getByLabel('Category').selectOption('New Feature');
    await panel.getByRole('button', { name: 'Submit Request' }).click();

    // Assess: the panel says so and lists it; the tracker has it, for this project, anonymous.
    await panel.getByText('Request submitted. Thank you!').waitFor();
    await panel.getByRole('link', { name: title }).waitFor();
    const listed = await apiData<{ feature_requests: TrackerFeatureRequest[] }>(
      `/api/tracker/feature-requests?project_id=${project.id}`,
    );
    expect(listed.feature_requests.map((request) => request.title)).toEqual([title]);
    expect(listed.feature_requests[0]?.category).toBe('New Feature');
    // From another site the tracker's cookie is not sent: a visitor signs in to vote there.
    expect(await panel.getByRole('button', { name: `Upvote ${title}` }).count()).toBe(0);
    expect(await panel.getByRole('button', { name: 'Sign in to vote' }).isVisible()).toBe(true);
  });

  it('signs in through the login popup and puts eggs on an approved request', async () => {
    // Prepare: an approved request of the project, and a person with eggs.
    const project = await embeddableProject([hostOrigin()]);
    const author = await registerUser();
    const admin = await loginAdmin();
    const feature = await createFeature(author.token, project.id, {
      title: `Egg me ${project.slug}`,
    });
    await approveFeature(admin.token, feature.id);
    const voter = await registerUser();
    const page = await browser.openPage(`${hostOrigin()}/${project.slug}`);
    const panel = await openPanel(page, project);
    await panel.getByRole('link', { name: feature.title }).waitFor();

    // Act: sign in in the popup; the panel comes back signed in.
    const popupOpened = page.context().waitForEvent('page');
    await panel.getByRole('button', { name: 'Sign in', exact: true }).click();
    const popup = await popupOpened;
    await signInAtIdp(popup, voter.user.email, TEST_PASSWORD);
    await panel.getByText(/^Signed in as /).waitFor();
    await panel.getByText(`${voter.user.egg_balance} eggs`).waitFor();
    await panel.getByRole('button', { name: `Vote eggs on ${feature.title}` }).click();
    await panel.getByLabel(/^Eggs for/).fill('25');
    await panel.getByRole('button', { name: 'Vote 25 Eggs' }).click();

    // Assess
    await panel.getByText(`You put 25 eggs on “${feature.title}”.`).waitFor();
    await panel.getByText(`${voter.user.egg_balance - 25} eggs`).waitFor();
    await expect.poll(() => popup.isClosed(), { timeout: 10_000 }).toBe(true);
    const voted = await apiData<Feature>(`/api/features/${feature.id}`);
    expect(voted.total_eggs).toBe(25);
  });

  it('covers a phone screen and is clean for axe inside', async () => {
    // Prepare
    const project = await embeddableProject([hostOrigin()]);
    const page = await browser.openPage(`${hostOrigin()}/${project.slug}`, {
      viewport: VIEWPORTS.phone,
    });

    // Act
    await openPanel(page, project);

    // Assess: the frame fills the screen; the panel's own page has no serious violation.
    const box = await page.locator('iframe[title^="Feedback"]').boundingBox();
    expect(box?.width).toBe(VIEWPORTS.phone.width);
    expect(box?.height).toBe(VIEWPORTS.phone.height);
    const alone = await browser.openPage(embedPath(project.slug), {
      viewport: { width: 400, height: 640 },
      bypassCSP: true,
    });
    await alone.getByText(project.title, { exact: true }).waitFor();
    await alone.getByText('No open requests yet. Be the first to submit one!').waitFor();
    const found: Record<string, unknown> = {};
    for (const { label, viewport } of [
      { label: 'phone', viewport: VIEWPORTS.phone },
      { label: 'frame', viewport: { width: 400, height: 640 } },
    ]) {
      await alone.setViewportSize(viewport);
      found[label] = await seriousAccessibilityViolations(alone);
    }
    expect(found).toEqual(cleanAtWidths([{ label: 'phone' }, { label: 'frame' }]));
  });

  it('cannot be framed by a site the project does not list', async () => {
    // Prepare: the project lists another origin, not this page's.
    const project = await embeddableProject(['https://studio.example']);
    const page = await browser.openPage(`${hostOrigin()}/${project.slug}`);

    // Act
    await feedbackButton(page).click();

    // Assess: the browser refuses to show the panel; the widget says so and links the site.
    await page.getByText("Feedback can't open on this page.").waitFor({ timeout: 15_000 });
    expect(await panelOf(page).getByRole('heading', { name: 'Feedback' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Open the tracker' }).getAttribute('href')).toBe(
      siteUrl('/tracker'),
    );
  });
});
