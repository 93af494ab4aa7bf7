import { describe, expect, it } from 'vitest';
import { skipBrowserTests, useBrowser } from './support/browser';

describe.skipIf(skipBrowserTests)('About page', () => {
  const browser = useBrowser();

  it('describes the site as a free AI playground with attribution and optional donations', async () => {
    // Prepare
    const page = await browser.openPage('/about');

    // Act
    await page.getByRole('heading', { level: 1 }).waitFor();
    const text = (await page.getByRole('main').innerText()).replace(/\s+/g, ' ');

    // Assess
    expect(text).toContain('free AI playground');
    expect(text).toContain('experiments, games, apps and stories');
    expect(text).toContain('Reuse does require attribution');
    expect(text).toContain('entirely optional');
    expect(await page.title()).toBe('About | Hatchworks');
  });

  it("explains eggs in a section headed 'About Eggs'", async () => {
    // Prepare
    const page = await browser.openPage('/about');

    // Act
    const section = page.getByRole('region', { name: 'About Eggs' });
    await section.waitFor();
    const text = (await section.innerText()).replace(/\s+/g, ' ');

    // Assess
    expect(text).not.toContain('just for visiting');
    expect(text).toContain('You get 500 when you verify your email');
    expect(text).toContain('claim 100 more each day with Claim Daily');
    expect(text).toContain('requesting features and boosting existing ones');
    expect(text).toContain('500 welcome eggs when you verify your email');
    expect(text).toContain('100 more eggs every day you claim them');
    expect(text).toContain('100 eggs to request a new feature');
  });
});
