import { describe, expect, it } from 'vitest';
import { cleanAtWidths, skipBrowserTests, useBrowser, violationsAtWidths } from './support/browser';

const PAGES = [
  { name: 'Home', path: '/', ready: 'Explore Project →' },
  { name: 'About', path: '/about', ready: 'About Eggs' },
  { name: 'Tracker', path: '/tracker', ready: 'Most Voted Requests' },
  { name: 'Page not found', path: '/no-such-page', ready: 'Page not found' },
];
describe.skipIf(skipBrowserTests)('Accessibility', () => {
  const browser = useBrowser();

  it.each(PAGES)(
    'finds no serious or critical axe violations on $name at any width',
    async ({ path, ready }) => {
      // Prepare
      const page = await browser.openPage(path, { bypassCSP: true });
      await page.getByText(ready).first().waitFor();

      // Act
      const violations = await violationsAtWidths(page);

      // Assess
      expect(violations).toEqual(cleanAtWidths());
    },
  );
});
