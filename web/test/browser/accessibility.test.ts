import { describe, expect, it } from 'vitest';
import {
  skipBrowserTests,
  seriousAccessibilityViolations,
  useBrowser,
  VIEWPORTS,
} from './support/browser';

const PAGES = [
  { name: 'Home', path: '/', ready: 'Explore Project →' },
  { name: 'About', path: '/about', ready: 'About Eggs' },
  { name: 'Tracker', path: '/tracker', ready: 'Most Voted Requests' },
  { name: 'Page not found', path: '/no-such-page', ready: 'Page not found' },
];
const WIDTHS = [
  { label: 'desktop', viewport: VIEWPORTS.desktop },
  { label: 'phone', viewport: VIEWPORTS.phone },
];
const CASES = PAGES.flatMap((page) => WIDTHS.map((width) => ({ ...page, ...width })));

describe.skipIf(skipBrowserTests)('Accessibility', () => {
  const browser = useBrowser();

  it.each(CASES)(
    'finds no serious or critical axe violations on $name at $label width',
    async ({ path, ready, viewport }) => {
      // Prepare
      const page = await browser.openPage(path, { viewport, bypassCSP: true });
      await page.getByText(ready).first().waitFor();

      // Act
      const violations = await seriousAccessibilityViolations(page);

      // Assess
      expect(violations).toEqual([]);
    },
  );
});
