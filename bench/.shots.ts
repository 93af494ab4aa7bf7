import { chromium } from 'playwright-core';
import { WEB_ROOT } from '../infra/local/src/paths';
import { startLocalStack } from '../infra/local/src/stack';
const stack = await startLocalStack({ port: 0, webRoot: WEB_ROOT, tableName: 'shots', demoData: true, config: { apiBaseUrl: '/api', auth: null, donation: null } });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const tag = process.argv[2] ?? 'x';
for (const p of (process.argv[3] ?? '/').split(',')) for (const width of [390, 412, 1280]) {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  await page.goto(new URL(p, stack.url).href);
  await page.waitForLoadState('networkidle');
  const nav = await page.locator('.group-nav').boundingBox().catch(() => null);
  console.log(p, width, 'group-nav', JSON.stringify(nav), 'scrollW', await page.evaluate(() => document.documentElement.scrollWidth));
  await page.screenshot({ path: `/tmp/webweight-${tag}-${p.replace(/\W/g, '_')}-${width}.png` });
  await page.close();
}
await browser.close(); await stack.stop(); process.exit(0);
