import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Homepage } from '@hatchworks/shared/schemas/projects';
import { skipBrowserTests, useBrowser } from './support/browser';
import { expectedHref, fetchHomepageData } from './support/homepage-data';

const STATUS_LABELS: Record<string, string> = {
  'non-working': 'Non-Working',
  MVP: 'MVP',
  'fully-working': 'Fully Working',
};

describe.skipIf(skipBrowserTests)('Home page', () => {
  const browser = useBrowser();
  let homepage: Homepage;
  let projects: Homepage['groups'][string]['projects'];

  beforeAll(async () => {
    homepage = await fetchHomepageData();
    projects = Object.values(homepage.groups).flatMap((group) => group.projects);
  });

  const openHome = async () => {
    const page = await browser.openPage('/');
    await page.getByRole('heading', { name: 'Project Portfolio' }).waitFor();
    await page.getByText('Explore Project →').first().waitFor();
    return page;
  };

  it('shows every homepage project as a card under its group heading', async () => {
    // Prepare
    expect(projects.length).toBeGreaterThan(0);

    // Act
    const page = await openHome();

    // Assess
    for (const group of Object.values(homepage.groups)) {
      const heading = page.getByRole('heading', { level: 3, name: group.name, exact: true });
      expect(await heading.isVisible()).toBe(true);
    }
    for (const project of projects) {
      const card = page.getByRole('article', { name: project.title, exact: true });
      const title = card.getByRole('link', { name: project.title, exact: true });
      expect(await title.getAttribute('href')).toBe(expectedHref(project));
    }
    expect(await page.getByText('Explore Project →').count()).toBe(projects.length);
  });

  it('keeps each card to three pills at most: status, stage and Build Required', async () => {
    // Prepare
    const page = await openHome();

    // Act
    const cards = await Promise.all(
      projects.map(async (project) => {
        const card = page.getByRole('article', { name: project.title, exact: true });
        const pills = card.getByRole('list', { name: 'Status and deployment' });
        const details = card.getByRole('list', { name: 'Deployment details' });
        return {
          pillCount: await pills.locator('.badge').count(),
          pills: await pills.innerText(),
          details: (await details.count()) > 0 ? await details.innerText() : '',
        };
      }),
    );

    // Assess: the pills carry status, stage and Build Required; the rest is plain text
    projects.forEach((project, index) => {
      const card = cards[index];
      expect(card?.pillCount).toBeLessThanOrEqual(3);
      const pills = [
        project.status && (STATUS_LABELS[project.status] ?? project.status),
        project.stage,
      ].filter((text): text is string => Boolean(text));
      for (const text of pills) expect(card?.pills).toContain(text);
      expect(card?.pills.includes('Build Required')).toBe(
        project.deployment?.requiresBuild === true,
      );
      const details = [
        project.deployment?.type,
        project.version && `v${project.version.replace(/^v/i, '')}`,
        project.deployment?.packageManager,
        project.deployment?.backend?.type,
      ].filter((text): text is string => Boolean(text?.trim()));
      for (const text of details) expect(card?.details).toContain(text.trim());
    });
  });

  it('shows the portfolio before the Project Status Guide at 390, 1024 and 1280 px', async () => {
    // Prepare
    const page = await openHome();

    for (const width of [390, 1024, 1280]) {
      // Act
      await page.setViewportSize({ width, height: 800 });
      const firstCard = await page.getByRole('article').first().boundingBox();
      const guide = await page.getByRole('region', { name: 'Project Status Guide' }).boundingBox();

      // Assess: the first project card sits above the guide and near the top of the page
      expect(firstCard && guide && firstCard.y < guide.y).toBe(true);
      expect(firstCard?.y).toBeLessThan(1_100);
    }
  });

  it('opens GitHub repositories in a new tab with rel="noopener noreferrer"', async () => {
    // Prepare
    const page = await openHome();
    const withRepository = projects.filter((project) => project.repository?.url);
    expect(withRepository.length).toBeGreaterThan(0);

    // Act
    const links = await Promise.all(
      withRepository.map(async (project) => {
        const link = page.getByRole('link', {
          name: `${project.title} on GitHub (opens in a new tab)`,
          exact: true,
        });
        return {
          href: await link.getAttribute('href'),
          target: await link.getAttribute('target'),
          rel: await link.getAttribute('rel'),
        };
      }),
    );

    // Assess
    links.forEach((link, index) => {
      expect(link).toEqual({
        href: withRepository[index]?.repository?.url,
        target: '_blank',
        rel: 'noopener noreferrer',
      });
    });
  });

  it("offers one button per group that scrolls to the group's section and focuses its heading", async () => {
    // Prepare
    const page = await openHome();
    await page.setViewportSize({ width: 390, height: 800 });
    const nav = page.getByRole('navigation', { name: 'Project groups' });
    const groups = Object.values(homepage.groups);
    expect(await nav.getByRole('link').count()).toBe(groups.length);
    const last = groups.at(-1);
    if (!last) throw new Error('the homepage has no groups');

    // Act
    await nav.getByRole('link', { name: last.name, exact: true }).click();

    // Assess: the page stays on Home, the group's heading has focus and is in view
    const heading = page.getByRole('heading', { level: 3, name: last.name, exact: true });
    await expect.poll(() => heading.evaluate((el) => el === document.activeElement)).toBe(true);
    await expect
      .poll(() => heading.evaluate((el) => el.getBoundingClientRect().top))
      .toBeLessThan(800);
    expect(new URL(page.url()).pathname).toBe('/');
    expect(new URL(page.url()).hash).toMatch(/^#group-/);
  });

  it('explains the badges in the Project Status Guide word for word', async () => {
    // Prepare
    const page = await openHome();

    // Act
    const guide = await page.getByRole('region', { name: 'Project Status Guide' }).innerText();

    // Assess
    const lines = guide.replace(/\s+/g, ' ');
    for (const text of [
      'Non-Working in development, not yet functional',
      'MVP minimum viable product, basic features working',
      'Fully Working version 1.0+, production ready',
      'Static HTML/CSS/JS only',
      'React modern React frontend',
      'Backend API and database integration',
      'Auth user authentication system',
    ]) {
      expect(lines).toContain(text);
    }
  });

  it('shows the year and the rights line in the footer, without a toolchain line', async () => {
    // Prepare
    const page = await openHome();

    // Act
    const text = await page.getByRole('contentinfo').innerText();

    // Assess
    expect(text).toContain(`© ${new Date().getFullYear()} Hatchworks. All rights reserved.`);
    expect(text).not.toContain('Requires');
  });

  it('shows "Loading Hatchworks projects..." while the projects load', async () => {
    // Prepare
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });

    // Act
    const page = await browser.openPage('/', {
      prepare: (p) =>
        p.route('**/api/projects/homepage', async (route) => {
          await held;
          await route.continue();
        }),
    });
    const loading = page.getByText('Loading Hatchworks projects...', { exact: true });
    await loading.waitFor();
    release();

    // Assess
    await page.getByText('Explore Project →').first().waitFor();
    expect(await loading.count()).toBe(0);
  });

  it('shows "Error: Server error occurred. Please try again later." when the API fails', async () => {
    // Prepare
    const prepare = (page: Page) =>
      page.route('**/api/projects/homepage', (route) =>
        route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ success: false, error: 'Internal error', code: 'SERVER_ERROR' }),
        }),
      );

    // Act
    const page = await browser.openPage('/', { prepare });
    const alert = page.getByRole('alert');
    await alert.waitFor({ timeout: 20_000 });

    // Assess
    expect(await alert.innerText()).toContain(
      'Error: Server error occurred. Please try again later.',
    );
    expect(await page.getByText('Explore Project →').count()).toBe(0);
  });
});
