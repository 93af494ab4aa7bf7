import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { writeFileSync } from 'node:fs';
import { WEB_ROOT } from '../infra/local/src/paths';
import { startLocalStack } from '../infra/local/src/stack';
const stack = await startLocalStack({ port: 0, webRoot: WEB_ROOT, tableName: 'dbg', demoData: true, config: { apiBaseUrl: '/api', auth: null, donation: null } });
const chrome = await launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
for (const p of (process.argv[2] ?? '/').split(',')) {
  const r = await lighthouse(new URL(p, stack.url).href, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
  const lhr = r!.lhr;
  const name = p.replace(/\W/g, '_');
  writeFileSync(`/tmp/webweight-lhr${name}.json`, JSON.stringify(lhr));
  const a = lhr.audits;
  console.log(p, lhr.categories.performance!.score);
  for (const k of ['layout-shifts', 'largest-contentful-paint-element', 'network-requests']) {
    const items = (a[k]?.details as any)?.items ?? [];
    console.log(k, JSON.stringify(items.map((i: any) => k === 'network-requests' ? [i.url.replace(stack.url, ''), i.transferSize, Math.round(i.networkRequestTime), Math.round(i.networkEndTime)] : i), null, 0).slice(0, 3000));
  }
}
chrome.kill(); await stack.stop(); process.exit(0);
