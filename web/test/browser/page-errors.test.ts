import { describe, expect, it } from 'vitest';
import { skipBrowserTests, useBrowser } from './support/browser';

describe.skipIf(skipBrowserTests)('A page that cannot be loaded', () => {
  const browser = useBrowser();

  it('shows "This page could not be shown" below a working header, and the next page loads', async () => {
    // Prepare: Home loads; the About page's chunk will fail to download
    const page = await browser.openPage('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.route(/\/assets\/about-[^/]*\.js$/, (route) => route.abort());

    // Act
    await page
      .getByRole('navigation')
      .first()
      .getByRole('link', { name: 'About', exact: true })
      .click();

    // Assess
    const panel = page.getByRole('heading', { name: 'This page could not be shown' });
    await panel.waitFor();
    expect(await page.title()).toBe('Something went wrong | Hatchworks');
    expect(await page.getByRole('button', { name: 'Try Again' }).isVisible()).toBe(true);
    expect(await page.getByRole('banner').getByRole('link', { name: 'Tracker' }).count()).toBe(1);

    // Another page clears the error and shows itself
    await page.getByRole('banner').getByRole('link', { name: 'Tracker', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Tracker' }).waitFor();
    expect(await panel.count()).toBe(0);
  });
});
