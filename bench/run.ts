/**
 * `npm run bench`: starts its own local stack (DynamoDB Local in memory on a free port, the real
 * handlers behind the local gateway), lets simulated users vote, claim, read and create
 * concurrently over HTTP, then prints throughput, latency and DynamoDB cost per route and checks
 * the ledger invariants. Exit code 1 when an invariant fails. Not part of `npm test`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { WEB_ROOT } from '../infra/local/src/paths';
import { startLocalStack, type LocalStack } from '../infra/local/src/stack';
import { coldStartPairs, formatColdStart, measureColdStart } from './cold-start';
import { measureDynamoDbFloor, type FloorFigures } from './dynamodb-floor';
import { DynamoDbMeter } from './dynamodb-meter';
import { checkInvariants } from './invariants';
import { benchMerge, formatMergeBench } from './merge';
import { readOptions, USAGE, UsageError, type BenchOptions } from './options';
import {
  formatReport,
  summarise,
  transactionAttempts,
  VOTE_ROUTE,
  type BenchReport,
} from './report';
import { benchSearch, formatSearch } from './search';
import { Client, run, setUp } from './workload';

const RESULTS_DIR = fileURLToPath(new URL('./results/', import.meta.url));

/**
 * `--keep`: the bench's table stays reachable after the report, so the operator's reconciliation
 * (`npm run admin -- audit-ledger`) can read what the run left, until Ctrl-C.
 */
async function keepRunning(stack: LocalStack): Promise<void> {
  console.log(
    [
      '',
      "The bench's DynamoDB Local keeps running (Ctrl-C stops it). Audit its table with:",
      `  npm run admin -- audit-ledger --table ${stack.tableName} --endpoint ${stack.dynamoEndpoint}`,
    ].join('\n'),
  );
  await new Promise<void>((resolve) => {
    process.once('SIGINT', () => resolve());
    process.once('SIGTERM', () => resolve());
  });
}

async function bench(options: BenchOptions): Promise<boolean> {
  const startedAt = new Date();
  const loadBefore = loadavg()[0] ?? 0;
  const runId = startedAt.toISOString().replace(/[:.]/g, '-');
  // Created before the stack so it sees every request the local server starts.
  const meter = new DynamoDbMeter();
  const since = (from: number) => `${((performance.now() - from) / 1000).toFixed(1)} s`;
  let mark = performance.now();
  console.log('Starting the local stack (DynamoDB Local in memory)...');
  const stack: LocalStack = await startLocalStack({
    port: 0,
    webRoot: WEB_ROOT,
    tableName: 'hatchworks-bench',
    config: { apiBaseUrl: '/api', auth: null, donation: null },
  });
  try {
    // The handlers' own client module, now that the stack has set their environment.
    const { db } = await import('@hatchworks/functions/modules/table/client');
    meter.attach(db);
    const client = new Client(stack.url, meter);

    console.log(`  ready in ${since(mark)}`);
    mark = performance.now();
    console.log(
      `Setting up ${options.users} users and ${options.features} approved features (${options.scenario})...`,
    );
    const setup = await setUp(client, options, runId);
    console.log(`  done in ${since(mark)}`);
    console.log(
      options.operations === undefined
        ? `Running for ${options.seconds} s...`
        : `Running ${options.operations} requests...`,
    );
    const { seconds } = await run(client, setup, options);
    if (!client.samples.some((sample) => Object.keys(sample.usage.calls).length > 0)) {
      throw new Error('No DynamoDB call was attributed to a request: the meter is not attached.');
    }

    // A merge of 1,000 votes and its unmerge (BENCH_MERGE_VOTES, 0 leaves it out),
    // before the invariant check, which then covers the moved votes too.
    const mergeVotes = Number(process.env.BENCH_MERGE_VOTES ?? 1_000);
    let merge: Awaited<ReturnType<typeof benchMerge>> | undefined;
    if (mergeVotes > 0) {
      mark = performance.now();
      console.log(`Merging a request of ${mergeVotes} votes into another, then unmerging...`);
      merge = await benchMerge(db, stack.tableName, mergeVotes);
      console.log(`  done in ${since(mark)}`);
    }

    // The hot scenarios against DynamoDB Local's own rate for the same work, on this machine now.
    let floor: FloorFigures | undefined;
    if (options.scenario === 'hot' || options.scenario === 'burst') {
      mark = performance.now();
      console.log(
        `Measuring DynamoDB Local alone with a vote's work (${options.users} clients)...`,
      );
      floor = await measureDynamoDbFloor({
        clients: options.users,
        seconds: Math.min(options.seconds, 15),
        reads: 3,
        feature: true,
      });
      console.log(`  done in ${since(mark)}`);
    }

    console.log('Checking the invariants...');
    const invariants = await checkInvariants(db, stack.tableName, client.samples);
    const routes = summarise(client.samples, seconds);
    const voteRoute = routes.find((route) => route.route === VOTE_ROUTE);
    const attempts = voteRoute && transactionAttempts(voteRoute);
    const report: BenchReport = {
      startedAt: startedAt.toISOString(),
      options,
      environment: {
        node: process.versions.node,
        cpus: cpus().length,
        loadAverage: {
          before: Math.round(loadBefore * 10) / 10,
          after: Math.round((loadavg()[0] ?? 0) * 10) / 10,
        },
        engine: 'DynamoDB Local (in memory), handlers in process behind the local gateway',
      },
      seconds: Math.round(seconds * 100) / 100,
      requests: client.samples.length,
      perSecond: Math.round((client.samples.length / seconds) * 10) / 10,
      routes,
      ...(voteRoute && attempts
        ? {
            votes: {
              p50: voteRoute.latencyMs.p50,
              p99: voteRoute.latencyMs.p99,
              transactionAttemptsPerVote: attempts.perVote,
              cancelledPerVote: attempts.failedPerVote,
              ...(floor && floor.p99 > 0
                ? {
                    floor,
                    p99VersusFloor: Math.round((voteRoute.latencyMs.p99 / floor.p99) * 100) / 100,
                  }
                : {}),
            },
          }
        : {}),
      invariants,
      ok: invariants.every((check) => check.ok) && (merge?.exact ?? true),
    };
    // Search latency at 1k and 10k requests, and over HTTP at 1k, after the load.
    console.log('Measuring search...');
    const search = await benchSearch(stack.url, db, stack.tableName);
    // Fresh processes against this stack's DynamoDB Local, after the load so it doesn't skew it.
    const pairs = coldStartPairs(process.env);
    const coldStart = pairs > 0 ? await measureColdStart(pairs, process.env) : undefined;
    const path = resolve(options.out ?? join(RESULTS_DIR, `${runId}.json`));
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(
      path,
      `${JSON.stringify({ ...report, search, merge, coldStart }, null, 2)}
`,
    );
    console.log(formatReport(report, path));
    console.log(`
${formatSearch(search)}`);
    if (merge)
      console.log(`
${formatMergeBench(merge)}`);
    if (coldStart) console.log(`\n${formatColdStart(coldStart)}`);
    if (options.keep) await keepRunning(stack);
    return report.ok;
  } finally {
    await stack.stop();
  }
}

async function main(): Promise<number> {
  const options = readOptions(process.argv.slice(2), process.env);
  if (options === 'help') {
    console.log(USAGE);
    return 0;
  }
  return (await bench(options)) ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (
      error instanceof UsageError ||
      (error as { code?: unknown }).code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION'
    ) {
      console.error(`Error: ${(error as Error).message}\n\n${USAGE}`);
    } else {
      console.error('Error: the bench failed:', error);
    }
    process.exit(2);
  },
);
