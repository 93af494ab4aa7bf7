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

  it('takes each group button to its group on the page, its heading focused, before the guide (390, 1024, 1280 px)', async () => {
    // Prepare
    const page = await openHome();
    const nav = page.getByRole('navigation', { name: 'Project groups' });
    const groups = Object.entries(homepage.groups);
    const seen: string[] = [];

    // Act
    for (const [width, [, group]] of [390, 1024, 1280].map(
      (w, i) => [w, groups[i % groups.length]!] as const,
    )) {
      await page.setViewportSize({ width, height: 800 });
      await page.evaluate(() => window.scrollTo(0, 0));
      await nav.getByRole('link', { name: group.name, exact: true }).click();
      const heading = page.getByRole('heading', { level: 3, name: group.name, exact: true });
      await expect
        .poll(() => heading.evaluate((node) => node === document.activeElement))
        .toBe(true);
      const top = (await heading.boundingBox())!.y;
      seen.push(`${width}: ${top > 0 && top < 800 ? 'in view' : `at ${top}`}`);
    }
    const order = await page.evaluate(() => {
      const portfolio = document.getElementById('portfolio-title')!;
      const guide = document.getElementById('status-guide-title')!;
      return portfolio.compareDocumentPosition(guide) & Node.DOCUMENT_POSITION_FOLLOWING
        ? 'portfolio first'
        : 'guide first';
    });

    // Assess
    expect(seen).toEqual(['390: in view', '1024: in view', '1280: in view']);
    expect(order).toBe('portfolio first');
    expect(new URL(page.url()).pathname).toBe('/');
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

  it('shows the year and the rights line in the footer, and the build-tool requirements on About', async () => {
    // Prepare
    const page = await openHome();
    const tools = Object.entries(homepage.global.buildTools)
      .map(([tool, version]) => `${tool} ${version}`)
      .join(' · ');

    // Act
    const footer = await page.getByRole('contentinfo').innerText();
    await page.getByRole('contentinfo').getByRole('link', { name: 'About' }).click();
    const built = page.getByRole('region', { name: "How it's built" });
    await built.getByText('Requires').waitFor();

    // Assess
    expect(footer).toContain(`© ${new Date().getFullYear()} Hatchworks. All rights reserved.`);
    expect(footer).not.toContain('Requires');
    expect(await built.innerText()).toContain(`Requires ${tools}`);
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
