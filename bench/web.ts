/**
 * `npm run bench:web`: Lighthouse (mobile preset: a mid-range phone on slow 4G, simulated) against
 * a local stack it starts itself (DynamoDB Local in memory with the demo data, the built SPA and
 * the real handlers on a free port), each public page several times with the Debian Chromium.
 * Prints the median of each category score and of LCP/FCP/TBT/CLS beside the budgets and writes
 * them to bench/results/web-<timestamp>.json. A benchmark, not a test: the figures depend on the
 * machine and its load, and nothing fails over budget.
 *
 * The floor: a bare page built from the site's own packages (bench/floor/), served by the same
 * stack under /apps/floor/ and audited in the same rounds as the site's pages. The site's pages are
 * held to it (score within 3 points, TBT within 100 ms), which a busy machine moves alike.
 */
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { WEB_ROOT } from '../infra/local/src/paths';
import { startLocalStack } from '../infra/local/src/stack';
import { buildFloor } from './floor/build';
import { loadLighthouseTools, type LaunchedChrome, type LighthouseTools } from './lighthouse-tools';

const RESULTS_DIR = fileURLToPath(new URL('./results/', import.meta.url));
/** Where the floor is built: a project build folder of the bench's stack, never web/dist. */
const FLOOR_BUILDS = fileURLToPath(new URL('../.bench/web-floor/', import.meta.url));
const FLOOR_PAGE = '/apps/floor/';
/** How far a page may fall behind the floor measured in the same rounds. */
const VERSUS_FLOOR = { scorePoints: 3, tbtMs: 100 } as const;
const DEFAULT_PAGES = ['/', '/about', '/tracker', '/tracker/requests', '/features'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];

/** What each figure is held to: the budgets, and Google's "good" Web Vitals thresholds. */
const BUDGETS = {
  performance: { min: 95, text: '≥ 95' },
  accessibility: { min: 100, text: '100' },
  'best-practices': { min: 0, text: '-' },
  seo: { min: 0, text: '-' },
  lcpMs: { max: 2_500, text: '≤ 2.5 s' },
  fcpMs: { max: 1_800, text: '≤ 1.8 s' },
  tbtMs: { max: 200, text: '≤ 200 ms' },
  cls: { max: 0.1, text: '≤ 0.1' },
} as const;

const METRICS = {
  lcpMs: 'largest-contentful-paint',
  fcpMs: 'first-contentful-paint',
  tbtMs: 'total-blocking-time',
  cls: 'cumulative-layout-shift',
} as const;
type Metric = keyof typeof METRICS;

type Figures = Record<Category | Metric, number>;

const USAGE = `Usage: npm run bench:web -- [options]

  --runs N        Lighthouse runs per page; the median is reported (default 3)
  --pages LIST    comma-separated site paths (default ${DEFAULT_PAGES.join(',')});
                  the floor (${FLOOR_PAGE}) is always measured too
  --out FILE      where to write the JSON report (default bench/results/web-<timestamp>.json)
  --help          this text

Chromium: CHROMIUM_PATH (default /usr/bin/chromium); nothing is downloaded.`;

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** The Lighthouse version and browser of the runs, for the report. */
const seen = { lighthouse: '', browser: '' };

/** One Lighthouse run of one page: category scores (0–100) and the four metrics. */
async function audit({ lighthouse }: LighthouseTools, url: string, port: number): Promise<Figures> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...CATEGORIES],
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) {
    throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.message}`);
  }
  seen.lighthouse = lhr.lighthouseVersion;
  seen.browser = lhr.environment.hostUserAgent;
  const figures = {} as Figures;
  for (const category of CATEGORIES) {
    figures[category] = Math.round((lhr.categories[category]?.score ?? 0) * 100);
  }
  for (const [name, audit] of Object.entries(METRICS) as [Metric, string][]) {
    const value = lhr.audits[audit]?.numericValue;
    if (value === undefined) throw new Error(`Lighthouse measured no ${audit} on ${url}`);
    figures[name] = name === 'cls' ? Math.round(value * 1000) / 1000 : Math.round(value);
  }
  return figures;
}

/** Builds the floor page into its project build folder; answers its gzip weight. */
async function buildFloorPage(): Promise<{ gzipKb: number }> {
  rmSync(FLOOR_BUILDS, { recursive: true, force: true });
  const kb = await buildFloor(join(FLOOR_BUILDS, 'floor'));
  return { gzipKb: Math.round(kb * 10) / 10 };
}

/** Each page's medians minus the floor's: score points, LCP and TBT, and whether within bounds. */
function versusFloor(medians: Record<string, Figures>) {
  const floor = medians[FLOOR_PAGE];
  if (!floor) throw new Error('the floor was not measured');
  return Object.fromEntries(
    Object.entries(medians)
      .filter(([page]) => page !== FLOOR_PAGE)
      .map(([page, figures]) => {
        const performance = figures.performance - floor.performance;
        const tbtMs = figures.tbtMs - floor.tbtMs;
        const within =
          performance >= -VERSUS_FLOOR.scorePoints &&
          tbtMs <= VERSUS_FLOOR.tbtMs &&
          figures.accessibility === 100;
        return [page, { performance, lcpMs: figures.lcpMs - floor.lcpMs, tbtMs, within }];
      }),
  );
}

function floorTable(differences: ReturnType<typeof versusFloor>): string {
  const signed = (value: number, unit = '') => `${value > 0 ? '+' : ''}${value}${unit}`;
  const rows = [
    ['page', 'perf − floor', 'LCP − floor', 'TBT − floor', 'within'],
    ['bound', `≥ −${VERSUS_FLOOR.scorePoints}`, '-', `≤ +${VERSUS_FLOOR.tbtMs} ms`, 'a11y 100'],
    ...Object.entries(differences).map(([page, d]) => [
      page,
      signed(d.performance),
      signed(d.lcpMs, ' ms'),
      signed(d.tbtMs, ' ms'),
      d.within ? 'yes' : 'no ✗',
    ]),
  ];
  const widths = rows[0]!.map((_, index) => Math.max(...rows.map((row) => row[index]!.length)));
  return rows
    .map((row) =>
      row
        .map((cell, index) =>
          (index === 0 ? cell.padEnd : cell.padStart).call(cell, widths[index]!),
        )
        .join('  '),
    )
    .join('\n');
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

function format(name: Category | Metric, value: number): string {
  if (name === 'lcpMs' || name === 'fcpMs') return seconds(value);
  if (name === 'tbtMs') return `${value} ms`;
  if (name === 'cls') return value.toFixed(3);
  return String(value);
}

function withinBudget(name: Category | Metric, value: number): boolean {
  const budget = BUDGETS[name];
  return 'min' in budget ? value >= budget.min : value <= budget.max;
}

function table(medians: Record<string, Figures>): string {
  const columns: (Category | Metric)[] = [...CATEGORIES, 'lcpMs', 'fcpMs', 'tbtMs', 'cls'];
  const titles: Record<Category | Metric, string> = {
    performance: 'perf',
    accessibility: 'a11y',
    'best-practices': 'best pr.',
    seo: 'SEO',
    lcpMs: 'LCP',
    fcpMs: 'FCP',
    tbtMs: 'TBT',
    cls: 'CLS',
  };
  const rows = [
    ['page', ...columns.map((column) => titles[column])],
    ['budget', ...columns.map((column) => BUDGETS[column].text)],
    ...Object.entries(medians).map(([page, figures]) => [
      page,
      ...columns.map(
        (column) =>
          `${format(column, figures[column])}${withinBudget(column, figures[column]) ? '' : ' ✗'}`,
      ),
    ]),
  ];
  const widths = rows[0]!.map((_, index) => Math.max(...rows.map((row) => row[index]!.length)));
  const line = (row: string[]) =>
    row
      .map((cell, index) => (index === 0 ? cell.padEnd : cell.padStart).call(cell, widths[index]!))
      .join('  ');
  return [line(rows[0]!), line(rows[1]!), ...rows.slice(2).map(line)].join('\n');
}

async function bench(options: { runs: number; pages: string[]; out: string | undefined }) {
  if (!existsSync(join(WEB_ROOT, 'index.html'))) {
    throw new Error('web/dist is missing: run "npm run build -w web" first (bench:web does).');
  }
  const tools = await loadLighthouseTools();
  console.log('Building the floor page (bench/floor)...');
  const floorBuild = await buildFloorPage();
  const pages = [FLOOR_PAGE, ...options.pages.filter((page) => page !== FLOOR_PAGE)];
  const startedAt = new Date();
  const loadBefore = loadavg()[0] ?? 0;
  console.log('Starting the local stack (DynamoDB Local in memory, demo data)...');
  const stack = await startLocalStack({
    port: 0,
    webRoot: WEB_ROOT,
    tableName: 'hatchworks-bench-web',
    demoData: true,
    projectBuildsRoot: FLOOR_BUILDS,
    config: { apiBaseUrl: '/api', auth: null, donation: null },
  });
  let chrome: LaunchedChrome | undefined;
  try {
    chrome = await tools.launch({
      chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      chromeFlags: [
        '--headless=new',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    });
    const runs: Record<string, Figures[]> = Object.fromEntries(pages.map((p) => [p, []]));
    // Round by round rather than page by page, so a burst of load on the machine spreads out.
    for (let round = 1; round <= options.runs; round += 1) {
      for (const page of pages) {
        const figures = await audit(tools, new URL(page, stack.url).href, chrome.port);
        runs[page]!.push(figures);
        console.log(
          `  ${round}/${options.runs} ${page}: performance ${figures.performance}, accessibility ${figures.accessibility}, LCP ${seconds(figures.lcpMs)}`,
        );
      }
    }
    const medians: Record<string, Figures> = {};
    for (const [page, pageRuns] of Object.entries(runs)) {
      const figures = {} as Figures;
      for (const name of Object.keys(pageRuns[0]!) as (Category | Metric)[]) {
        figures[name] = median(pageRuns.map((run) => run[name]));
      }
      medians[page] = figures;
    }
    const report = {
      startedAt: startedAt.toISOString(),
      preset: 'Lighthouse mobile (simulated slow 4G, 4× CPU slowdown)',
      runsPerPage: options.runs,
      environment: {
        node: process.versions.node,
        cpus: cpus().length,
        loadAverage: {
          before: Math.round(loadBefore * 10) / 10,
          after: Math.round((loadavg()[0] ?? 0) * 10) / 10,
        },
        lighthouse: seen.lighthouse,
        browser: seen.browser,
      },
      budgets: BUDGETS,
      floor: { page: FLOOR_PAGE, gzipKb: floorBuild.gzipKb, bounds: VERSUS_FLOOR },
      medians,
      versusFloor: versusFloor(medians),
      runs,
    };
    const path = resolve(
      options.out ?? join(RESULTS_DIR, `web-${startedAt.toISOString().replace(/[:.]/g, '-')}.json`),
    );
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, `${JSON.stringify(report, null, 2)}\n`);
    console.log(
      `\nLighthouse mobile, median of ${options.runs} per page (✗ = over budget; load average ${report.environment.loadAverage.before} → ${report.environment.loadAverage.after} on ${report.environment.cpus} cores):\n`,
    );
    console.log(table(medians));
    console.log(
      `\nAgainst the floor (${FLOOR_PAGE}: the site's packages alone, ${floorBuild.gzipKb} KB gzip), in the same rounds:\n`,
    );
    console.log(floorTable(report.versusFloor));
    console.log(`\nReport: ${path}`);
  } finally {
    chrome?.kill();
    await stack.stop();
  }
}

function readOptions(argv: string[]) {
  const { values } = parseArgs({
    args: argv,
    options: {
      runs: { type: 'string' },
      pages: { type: 'string' },
      out: { type: 'string' },
      help: { type: 'boolean' },
    },
    strict: true,
  });
  if (values.help) return 'help' as const;
  const runs = Number(values.runs ?? 3);
  if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs must be at least 1`);
  const pages = values.pages?.split(',').filter(Boolean) ?? DEFAULT_PAGES;
  return { runs, pages, out: values.out };
}

try {
  const options = readOptions(process.argv.slice(2));
  if (options === 'help') {
    console.log(USAGE);
  } else {
    await bench(options);
  }
  process.exit(0);
} catch (error) {
  console.error('Error: the web bench failed:', error);
  process.exit(2);
}
