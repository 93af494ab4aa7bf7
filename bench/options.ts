import { parseArgs } from 'node:util';

/**
 * `mixed`: the site's usual mix over a few features; `hot`: every user keeps voting on one request
 * (a sustained stress: as many votes in flight as users, all the time); `burst`: rounds in which
 * every user votes on one request at the same moment, the next round once all are answered.
 */
export const SCENARIOS = ['mixed', 'hot', 'burst'] as const;
export type Scenario = (typeof SCENARIOS)[number];

export interface BenchOptions {
  /** What the users do (see SCENARIOS). */
  readonly scenario: Scenario;
  /** Simulated users, each with its own account and eggs. */
  readonly users: number;
  /** Requests each user keeps in flight at once (more than one races a user against itself). */
  readonly inFlight: number;
  /** How long the measured phase runs, in seconds (ignored when `operations` is set). */
  readonly seconds: number;
  /** A fixed number of measured requests instead of a duration. */
  readonly operations: number | undefined;
  /** Approved feature requests the users vote on. */
  readonly features: number;
  /** Seed of the workload's random choices, for a repeatable mix. */
  readonly seed: number;
  /** Where the JSON report goes; bench/results/<timestamp>.json when absent. */
  readonly out: string | undefined;
  /** Leave the stack's DynamoDB Local running after the report, for `audit-ledger`, until Ctrl-C. */
  readonly keep: boolean;
}

export const USAGE = `Usage: npm run bench -- [options]

  --scenario S    mixed (default): votes, lists, claims, profiles and creations over a few
                  features; hot: 50 users on one request, every user only voting on it,
                  non-stop; burst: rounds of all 50 voting on it at the same moment
                  (forces --features 1; env BENCH_SCENARIO)
  --users N       simulated users (default 50, env BENCH_USERS)
  --in-flight N   requests each user keeps in flight (default 1, env BENCH_IN_FLIGHT)
  --seconds N     length of the measured phase (default 15, env BENCH_SECONDS)
  --ops N         a fixed number of measured requests instead (env BENCH_OPS)
  --features N    approved feature requests to vote on (default 5, env BENCH_FEATURES)
  --seed N        seed of the random workload mix (default: random, printed; env BENCH_SEED)
  --out FILE      where to write the JSON report (default bench/results/<timestamp>.json)
  --keep          after the report, keep the bench's DynamoDB Local (in memory) running until
                  Ctrl-C and print the \`npm run admin -- audit-ledger\` command that audits it
  --help          this text`;

export class UsageError extends Error {}

function positiveInteger(name: string, raw: string | undefined, fallback?: number) {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) {
    throw new UsageError(`${name} must be a whole number of at least 1, got "${raw}"`);
  }
  return value;
}

/** Reads the options from the command line, then the environment, then the defaults. */
export function readOptions(
  argv: readonly string[],
  env: NodeJS.ProcessEnv,
): BenchOptions | 'help' {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      scenario: { type: 'string' },
      users: { type: 'string' },
      'in-flight': { type: 'string' },
      seconds: { type: 'string' },
      ops: { type: 'string' },
      features: { type: 'string' },
      seed: { type: 'string' },
      out: { type: 'string' },
      keep: { type: 'boolean' },
      help: { type: 'boolean' },
    },
    strict: true,
  });
  if (values.help) return 'help';
  const scenario = values.scenario ?? env.BENCH_SCENARIO ?? 'mixed';
  if (!(SCENARIOS as readonly string[]).includes(scenario)) {
    throw new UsageError(`--scenario must be one of ${SCENARIOS.join(', ')}, got "${scenario}"`);
  }
  const features =
    scenario === 'hot' || scenario === 'burst'
      ? 1
      : (positiveInteger('--features', values.features ?? env.BENCH_FEATURES, 5) ?? 5);
  return {
    scenario: scenario as Scenario,
    users: positiveInteger('--users', values.users ?? env.BENCH_USERS, 50) ?? 50,
    inFlight: positiveInteger('--in-flight', values['in-flight'] ?? env.BENCH_IN_FLIGHT, 1) ?? 1,
    seconds: positiveInteger('--seconds', values.seconds ?? env.BENCH_SECONDS, 15) ?? 15,
    operations: positiveInteger('--ops', values.ops ?? env.BENCH_OPS),
    features,
    seed:
      positiveInteger('--seed', values.seed ?? env.BENCH_SEED) ??
      1 + Math.floor(Math.random() * 2 ** 31),
    out: values.out,
    keep: values.keep ?? false,
  };
}
