/**
 * The cold-start figure of `npm run bench`: a fresh Node process imports one function's bundle
 * (built like the deployed ones, `FUNCTION_BUNDLING`) and answers one real event against the
 * bench's DynamoDB Local, against the same for a bare handler that only uses the DynamoDB
 * document client. Pairs alternate which goes first; the figure is the median of the pairs'
 * ratios. `BENCH_COLD_PAIRS` sets the number of pairs (default 15; 0 skips it).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { ROUTES, routeKey } from '@hatchworks/shared/routes';
import { FUNCTION_BUNDLING, routeDefines } from '../infra/aws/constructs/app-function';

/** The goal: a function's cold start at most this many times the bare handler's. */
export const COLD_START_GOAL = 1.3;

const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));
const FUNCTION_ENTRY = join(
  REPO_ROOT,
  'functions',
  'src',
  'handlers',
  'features',
  'list-features.ts',
);
const BARE_ENTRY = join(REPO_ROOT, 'infra', 'test', 'support', 'bare-handler.ts');

/** The route of that function, whose key and access level the CDK writes into its bundle. */
const ROUTE = ROUTES.find((route) => route.handler === 'features/list-features');

export interface ColdStartReport {
  /** The function measured: its route and handler module. */
  readonly route: string;
  readonly pairs: number;
  /** Minified bundle sizes, in bytes. */
  readonly bytes: { readonly function: number; readonly bare: number };
  /** Median milliseconds from the process's first line to the answered event. */
  readonly medianMs: { readonly function: number; readonly bare: number };
  /** Median of the per-pair ratios function / bare. */
  readonly ratio: number;
  readonly goal: number;
  readonly ok: boolean;
}

/**
 * Runs in the fresh process: times the import of the bundle and the first event, prints
 * `{ms, status}` and exits (the SDK's keep-alive sockets would hold the process open).
 */
const RUNNER = `
const started = performance.now();
const { handler } = await import(process.argv[2]);
const result = await handler(JSON.parse(process.argv[3]), {
  awsRequestId: 'cold-start', functionName: 'cold-start', getRemainingTimeInMillis: () => 10000,
});
const ms = performance.now() - started;
process.stdout.write(JSON.stringify({ ms, status: result?.statusCode }));
process.exit(0);
`;

/** A payload-2.0 event of `GET /api/features`, as the gateway builds it. */
function listFeaturesEvent(): unknown {
  const now = new Date();
  return {
    version: '2.0',
    routeKey: 'GET /api/features',
    rawPath: '/api/features',
    rawQueryString: '',
    headers: { host: 'localhost', accept: 'application/json' },
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: 'localhost',
      domainPrefix: 'localhost',
      http: {
        method: 'GET',
        path: '/api/features',
        protocol: 'HTTP/1.1',
        sourceIp: '127.0.0.1',
        userAgent: 'cold-start',
      },
      requestId: 'cold-start',
      routeKey: 'GET /api/features',
      stage: '$default',
      time: now.toUTCString(),
      timeEpoch: now.getTime(),
    },
    isBase64Encoded: false,
  };
}

function runOnce(bundle: string, event: unknown, dir: string, env: NodeJS.ProcessEnv) {
  return new Promise<number>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [join(dir, 'runner.mjs'), bundle, JSON.stringify(event)],
      {
        // Credentials in the environment, as Lambda provides them (DynamoDB Local takes any).
        env: {
          AWS_ACCESS_KEY_ID: 'local',
          AWS_SECRET_ACCESS_KEY: 'local',
          ...env,
          NODE_OPTIONS: '',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      try {
        const { ms, status } = JSON.parse(out) as { ms: number; status?: number };
        if (code !== 0 || status !== 200) throw new Error(`status ${status}, exit ${code}`);
        resolve(ms);
      } catch (error) {
        reject(new Error(`cold start of ${bundle} failed (${String(error)}): ${err || out}`));
      }
    });
  });
}

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** The number of pairs from `BENCH_COLD_PAIRS` (default 15; 0 skips the measure). */
export function coldStartPairs(env: NodeJS.ProcessEnv): number {
  const raw = env.BENCH_COLD_PAIRS;
  if (raw === undefined || raw === '') return 15;
  const pairs = Number(raw);
  if (!Number.isInteger(pairs) || pairs < 0) {
    throw new Error(`BENCH_COLD_PAIRS must be a whole number of at least 0, got "${raw}"`);
  }
  return pairs;
}

/**
 * Builds both bundles and times `pairs` cold starts of each in fresh processes, with `env` (the
 * running local stack's: table name, DynamoDB Local's endpoint, the functions' keys).
 */
export async function measureColdStart(
  pairs: number,
  env: NodeJS.ProcessEnv,
): Promise<ColdStartReport> {
  const dir = mkdtempSync(join(tmpdir(), 'hatchworks-cold-start-'));
  try {
    await build({
      entryPoints: { function: FUNCTION_ENTRY, bare: BARE_ENTRY },
      outdir: dir,
      outExtension: { '.js': '.mjs' },
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: FUNCTION_BUNDLING.target,
      mainFields: FUNCTION_BUNDLING.mainFields,
      minify: FUNCTION_BUNDLING.minify,
      external: FUNCTION_BUNDLING.externalModules,
      banner: { js: FUNCTION_BUNDLING.banner ?? '' },
      define: ROUTE ? routeDefines({ key: routeKey(ROUTE), access: ROUTE.access }) : {},
      logLevel: 'error',
    });
    writeFileSync(join(dir, 'runner.mjs'), RUNNER);
    const fn = join(dir, 'function.mjs');
    const bare = join(dir, 'bare.mjs');
    // One untimed start of each, so the disk cache is warm for both alike.
    await runOnce(fn, listFeaturesEvent(), dir, env);
    await runOnce(bare, {}, dir, env);
    const fnMs: number[] = [];
    const bareMs: number[] = [];
    const ratios: number[] = [];
    for (let pair = 0; pair < pairs; pair++) {
      let f: number;
      let b: number;
      if (pair % 2 === 0) {
        f = await runOnce(fn, listFeaturesEvent(), dir, env);
        b = await runOnce(bare, {}, dir, env);
      } else {
        b = await runOnce(bare, {}, dir, env);
        f = await runOnce(fn, listFeaturesEvent(), dir, env);
      }
      fnMs.push(f);
      bareMs.push(b);
      ratios.push(f / b);
    }
    const ratio = Math.round(median(ratios) * 100) / 100;
    return {
      route: 'ListFeatures (features/list-features)',
      pairs,
      bytes: { function: statSync(fn).size, bare: statSync(bare).size },
      medianMs: {
        function: Math.round(median(fnMs) * 10) / 10,
        bare: Math.round(median(bareMs) * 10) / 10,
      },
      ratio,
      goal: COLD_START_GOAL,
      ok: ratio <= COLD_START_GOAL,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function formatColdStart(report: ColdStartReport): string {
  const kb = (bytes: number) => `${Math.round(bytes / 1024)} KB`;
  return [
    `Cold start (fresh Node process: import the bundle, answer one event; median of ${report.pairs} pairs)`,
    `  ${report.route}: ${report.medianMs.function} ms, ${kb(report.bytes.function)}`,
    `  bare document-client handler: ${report.medianMs.bare} ms, ${kb(report.bytes.bare)}`,
    `  ratio ${report.ratio}x (goal <= ${report.goal}x) ${report.ok ? 'ok' : 'OVER GOAL'}`,
  ].join('\n');
}

/** `tsx bench/cold-start.ts`: the measure alone, against a stack of its own. */
async function main(): Promise<void> {
  const { startLocalStack } = await import('../infra/local/src/stack');
  const { WEB_ROOT } = await import('../infra/local/src/paths');
  const stack = await startLocalStack({
    port: 0,
    webRoot: WEB_ROOT,
    tableName: 'hatchworks-cold-start',
    config: { apiBaseUrl: '/api', auth: null, donation: null },
  });
  try {
    console.log(
      formatColdStart(await measureColdStart(coldStartPairs(process.env) || 15, process.env)),
    );
  } finally {
    await stack.stop();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error('Error: the cold-start measure failed:', error);
      process.exit(2);
    },
  );
}
