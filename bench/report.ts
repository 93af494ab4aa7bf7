import { formatFloor, type FloorFigures } from './dynamodb-floor';
import type { InvariantResult } from './invariants';
import type { BenchOptions } from './options';
import type { Sample } from './workload';

export interface RouteSummary {
  readonly route: string;
  readonly requests: number;
  /** Answers by HTTP status, e.g. {"200": 812, "409": 40}. */
  readonly statuses: Record<string, number>;
  readonly perSecond: number;
  readonly latencyMs: { p50: number; p90: number; p99: number; max: number; mean: number };
  readonly dynamodb: {
    /** Average DynamoDB calls per request, in all and by command. */
    readonly callsPerRequest: number;
    readonly commandsPerRequest: Record<string, number>;
    /** Of those, calls that failed (e.g. transactions cancelled by a changed balance or total). */
    readonly failedPerRequest: Record<string, number>;
    /** Average consumed capacity units per request (reads and writes together). */
    readonly capacityPerRequest: number;
    /** The most capacity one request of this route consumed. */
    readonly maxCapacity: number;
  };
}

export interface BenchReport {
  readonly startedAt: string;
  readonly options: BenchOptions;
  readonly environment: {
    readonly node: string;
    readonly cpus: number;
    /** The machine's 1-minute load average before and after the run: other work skews latency. */
    readonly loadAverage: { readonly before: number; readonly after: number };
    readonly engine: string;
  };
  readonly seconds: number;
  readonly requests: number;
  readonly perSecond: number;
  readonly routes: readonly RouteSummary[];
  /** The vote route's figures: latency and transaction attempts per vote. */
  readonly votes?: {
    readonly p50: number;
    readonly p99: number;
    readonly transactionAttemptsPerVote: number;
    readonly cancelledPerVote: number;
    /**
     * The hot scenarios only: DynamoDB Local alone with a vote's reads and transaction, as many
     * clients, measured in the same invocation (bench/dynamodb-floor.ts), and p99 ÷ its p99.
     */
    readonly floor?: FloorFigures;
    readonly p99VersusFloor?: number;
  };
  readonly invariants: readonly InvariantResult[];
  readonly ok: boolean;
}

export const VOTE_ROUTE = 'POST /api/features/vote';

/** How far the hot vote's p99 may be above DynamoDB Local's own for the same work. */
export const FLOOR_P99_GOAL = 1.2;

/** TransactWriteItems calls per request of a route (each attempt is one), and the cancelled ones. */
export function transactionAttempts(route: RouteSummary) {
  const pick = (counts: Record<string, number>) =>
    Object.entries(counts)
      .filter(([command]) => command.startsWith('TransactWrite'))
      .reduce((total, [, count]) => total + count, 0);
  return {
    perVote: pick(route.dynamodb.commandsPerRequest),
    failedPerVote: pick(route.dynamodb.failedPerRequest),
  };
}

/** The value below which `fraction` of the sorted values fall (nearest rank). */
export function percentile(sorted: readonly number[], fraction: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil(fraction * sorted.length)));
  return sorted[rank - 1] ?? 0;
}

const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;

export function summarise(samples: readonly Sample[], seconds: number): RouteSummary[] {
  const byRoute = new Map<string, Sample[]>();
  for (const sample of samples) {
    byRoute.set(sample.route, [...(byRoute.get(sample.route) ?? []), sample]);
  }
  return [...byRoute]
    .map(([route, list]): RouteSummary => {
      const latencies = list.map((sample) => sample.ms).sort((a, b) => a - b);
      const statuses: Record<string, number> = {};
      const commands: Record<string, number> = {};
      const failed: Record<string, number> = {};
      let calls = 0;
      let capacity = 0;
      let maxCapacity = 0;
      for (const sample of list) {
        statuses[sample.status] = (statuses[sample.status] ?? 0) + 1;
        for (const [command, count] of Object.entries(sample.usage.calls)) {
          commands[command] = (commands[command] ?? 0) + count;
          calls += count;
        }
        for (const [command, count] of Object.entries(sample.usage.failed)) {
          failed[command] = (failed[command] ?? 0) + count;
        }
        capacity += sample.usage.capacity;
        maxCapacity = Math.max(maxCapacity, sample.usage.capacity);
      }
      const per = (total: number) => round(total / list.length, 2);
      return {
        route,
        requests: list.length,
        statuses,
        perSecond: round(list.length / seconds),
        latencyMs: {
          p50: round(percentile(latencies, 0.5)),
          p90: round(percentile(latencies, 0.9)),
          p99: round(percentile(latencies, 0.99)),
          max: round(latencies.at(-1) ?? 0),
          mean: round(latencies.reduce((total, value) => total + value, 0) / list.length),
        },
        dynamodb: {
          callsPerRequest: per(calls),
          commandsPerRequest: Object.fromEntries(
            Object.entries(commands)
              .sort(([a], [b]) => a.localeCompare(b))
              .map(([command, count]) => [command, per(count)]),
          ),
          failedPerRequest: Object.fromEntries(
            Object.entries(failed).map(([command, count]) => [command, per(count)]),
          ),
          capacityPerRequest: per(capacity),
          maxCapacity: round(maxCapacity, 2),
        },
      };
    })
    .sort((a, b) => b.requests - a.requests);
}

function table(rows: readonly (readonly string[])[]): string {
  const widths = rows[0]?.map((_, column) =>
    Math.max(...rows.map((row) => (row[column] ?? '').length)),
  );
  return rows
    .map((row) =>
      row
        .map((cell, column) =>
          column === 0 ? cell.padEnd(widths?.[column] ?? 0) : cell.padStart(widths?.[column] ?? 0),
        )
        .join('  '),
    )
    .join('\n');
}

/** The human summary printed at the end of a run. */
export function formatReport(report: BenchReport, reportPath: string): string {
  const { options } = report;
  const statuses = (route: RouteSummary) =>
    Object.entries(route.statuses)
      .map(([status, count]) => `${status}×${count}`)
      .join(' ');
  const rows = [
    ['route', 'requests', 'req/s', 'p50 ms', 'p99 ms', 'ddb calls', 'capacity', 'answers'],
    ...report.routes.map((route) => [
      route.route,
      String(route.requests),
      String(route.perSecond),
      String(route.latencyMs.p50),
      String(route.latencyMs.p99),
      String(route.dynamodb.callsPerRequest),
      String(route.dynamodb.capacityPerRequest),
      statuses(route),
    ]),
  ];
  const commands = report.routes.map(
    (route) =>
      `  ${route.route}: ${
        Object.entries(route.dynamodb.commandsPerRequest)
          .map(([command, count]) => {
            const failed = route.dynamodb.failedPerRequest[command];
            return `${command} ${count}${failed ? ` (${failed} failed)` : ''}`;
          })
          .join(', ') || 'no DynamoDB calls'
      }`,
  );
  const votes = report.routes.find((route) => route.route === VOTE_ROUTE);
  const attempts = votes ? transactionAttempts(votes) : undefined;
  const checks = report.invariants.flatMap((check) => [
    `  ${check.ok ? 'ok  ' : 'FAIL'}  ${check.name} (${check.checked})`,
    ...check.violations.map((violation) => `          ${violation}`),
  ]);
  return [
    '',
    `Hatchworks bench (${options.scenario}): ${options.users} users × ${options.inFlight} in flight, ` +
      `${options.operations === undefined ? `${options.seconds} s` : `${options.operations} requests`}, ` +
      `${options.features} approved features, seed ${options.seed}`,
    `  ${report.environment.engine}, Node ${report.environment.node}, ${report.environment.cpus} CPUs, ` +
      `load average ${report.environment.loadAverage.before} → ${report.environment.loadAverage.after}`,
    '',
    `Throughput: ${report.requests} requests in ${round(report.seconds)} s = ${report.perSecond} req/s`,
    '',
    table(rows),
    '',
    'DynamoDB calls per request (ddb calls, failed ones included) and consumed capacity units per',
    'request (capacity, of the calls that succeeded):',
    ...commands,
    '',
    ...(votes && attempts
      ? [
          `Votes: p50 ${votes.latencyMs.p50} ms, p99 ${votes.latencyMs.p99} ms, ` +
            `${attempts.perVote} transaction attempts per vote (${attempts.failedPerVote} cancelled)`,
          ...(report.votes?.floor && report.votes.p99VersusFloor !== undefined
            ? [
                `  DynamoDB Local alone (the floor, same run): ${formatFloor(report.votes.floor)}`,
                `  p99 ÷ the floor's p99: ${report.votes.p99VersusFloor}× (goal ≤ ${FLOOR_P99_GOAL}×)`,
              ]
            : []),
          '',
        ]
      : []),
    'Invariants:',
    ...checks,
    '',
    `Report: ${reportPath}`,
    report.ok ? 'All invariants hold.' : 'INVARIANT FAILED: see above.',
    '',
  ].join('\n');
}
