import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_PROJECTS } from '../../../infra/local/src/seed-data';
import {
  seriousAccessibilityViolations,
  skipBrowserTests,
  useBrowser,
  VIEWPORTS,
} from './support/browser';

/** The seeded projects shown on Home, by deployment path (other tests add projects of their own). */
const SEEDED = new Map(
  DEMO_PROJECTS.filter((project) => project.show_on_homepage !== false).map((project) => [
    project.deployment?.deployAs ?? '',
    project,
  ]),
);

interface HomeLink {
  readonly kind: 'title' | 'explore';
  readonly label: string;
  readonly href: string;
}

describe.skipIf(skipBrowserTests)('Project links on Home', () => {
  const browser = useBrowser();

  const openHome = async (): Promise<Page> => {
    const page = await browser.openPage('/');
    await page.getByRole('heading', { name: 'Project Portfolio' }).waitFor();
    await page.getByText('Explore Project →').first().waitFor();
    return page;
  };

  /** Every card title and Explore link on Home that leads to a seeded project. */
  const seededLinks = async (page: Page): Promise<HomeLink[]> => {
    const links: HomeLink[] = [];
    for (const project of SEEDED.values()) {
      const card = page.getByRole('article', { name: project.title, exact: true });
      const title = card.getByRole('link', { name: project.title, exact: true });
      const explore = card.getByRole('link', { name: 'Explore Project →' });
      links.push({
        kind: 'title',
        label: project.title,
        href: (await title.getAttribute('href')) ?? '',
      });
      links.push({
        kind: 'explore',
        label: project.title,
        href: (await explore.getAttribute('href')) ?? '',
      });
    }
    return links.filter((link) => SEEDED.has(link.href));
  };

  it('leads every card title and Explore link to a page of the project', async () => {
    // Prepare
    const page = await openHome();
    const links = await seededLinks(page);
    expect(links.filter((link) => link.kind === 'title')).toHaveLength(SEEDED.size);
    expect(links.filter((link) => link.kind === 'explore')).toHaveLength(SEEDED.size);

    // Act
    const visits: { link: HomeLink; status?: number; heading: string; notFound: number }[] = [];
    for (const link of links) {
      const response = await page.goto(link.href);
      const heading = await page.getByRole('heading', { level: 1 }).innerText();
      const notFound = await page.getByText('Page not found').count();
      visits.push({ link, ...(response ? { status: response.status() } : {}), heading, notFound });
    }

    // Assess
    for (const visit of visits) {
      expect(visit).toEqual({
        link: visit.link,
        status: 200,
        heading: SEEDED.get(visit.link.href)?.title,
        notFound: 0,
      });
    }
  });

  it('opens a project from its Explore link and leads back to Home', async () => {
    // Prepare
    const page = await openHome();
    const [project] = SEEDED.values();
    if (!project) throw new Error('no seeded project on Home');
    const card = page.getByRole('article', { name: project.title, exact: true });

    // Act
    await card.getByRole('link', { name: 'Explore Project →' }).click();
    await page.getByRole('heading', { level: 1, name: project.title }).waitFor();
    const projectUrl = new URL(page.url()).pathname;
    await page.getByRole('link', { name: '← Back to Hatchworks' }).click();

    // Assess
    expect(projectUrl).toBe(project.deployment?.deployAs);
    await page.getByRole('heading', { name: 'Project Portfolio' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
  });

  it('shows a page leading back to Home for a project path without a build', async () => {
    // Prepare
    const hidden = DEMO_PROJECTS.find((project) => project.show_on_homepage === false);
    const path = hidden?.deployment?.deployAs ?? '/apps/not-published/';
    const page = await browser.openPage('/');

    // Act
    const response = await page.goto(path);

    // Assess
    expect(response?.status()).toBe(404);
    await page
      .getByRole('heading', { level: 1, name: 'This project is not published yet' })
      .waitFor();
    await page.getByRole('link', { name: '← Back to Hatchworks' }).click();
    await page.getByRole('heading', { name: 'Project Portfolio' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
  });

  const firstSeeded = [...SEEDED.keys()][0] ?? '';
  const hiddenPath =
    DEMO_PROJECTS.find((project) => project.show_on_homepage === false)?.deployment?.deployAs ?? '';
  it.each([
    { name: 'a demo build', path: firstSeeded, viewport: VIEWPORTS.desktop },
    { name: 'a demo build', path: firstSeeded, viewport: VIEWPORTS.phone },
    { name: 'the missing-build page', path: hiddenPath, viewport: VIEWPORTS.desktop },
    { name: 'the missing-build page', path: hiddenPath, viewport: VIEWPORTS.phone },
  ])('keeps $name accessible and within $viewport.width px', async ({ path, viewport }) => {
    // Prepare
    const page = await browser.openPage(path, { viewport, bypassCSP: true });
    await page.getByRole('link', { name: '← Back to Hatchworks' }).waitFor();

    // Act
    const violations = await seriousAccessibilityViolations(page);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );

    // Assess
    expect(violations).toEqual([]);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
