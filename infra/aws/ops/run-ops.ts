import { execFileSync } from 'node:child_process';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { REPO_ROOT } from '../paths';
import { OpsError, type OpsEnvironment } from './ops-environment';
import { adoptTable } from './verbs/adopt-table';
import { copyPartition } from './verbs/copy-partition';
import { dropSearchSnapshot } from './verbs/drop-search-snapshot';
import { dropTable } from './verbs/drop-table';
import { findRequests } from './verbs/find-requests';
import { printOutputs } from './verbs/outputs';
import { restoreTable } from './verbs/restore-table';
import { resyncEmbedOrigins } from './verbs/resync-embed-origins';
import { planRollback } from './verbs/rollback';
import { rollbackFunction } from './verbs/rollback-function';
import { rollbackWeb } from './verbs/rollback-web';

export const USAGE = `Usage: npm run ops -- <verb> [--stack Hatchworks-Prod] [--region <region>] [options]

  outputs                                  the site stack's outputs
  drop-search-snapshot                     delete search/index.json (rebuilt from the table)
  resync-embed-origins                     rewrite the feedback panel's frame-ancestors store
                                           from the table
  restore-table --at <time>  [--name <n>]  point-in-time restore into a new table, wait until ACTIVE
  adopt-table --table <name> [-c k=v …]    give a restored table its stream, TTL, recovery and
                                           protection (each after ACTIVE); print the switch's deploy
  copy-partition --table <restored> --pk <PK>
                                           copy one partition from a restored table into the live one
  rollback --ref <tag|commit> [-c k=v …]   print the deploy of an older commit with the current
                                           context; refuse when it would rotate keys or lose the table
  drop-table --table <name>                delete a table the stack no longer uses (never its own)
  rollback-web --dist <old web/dist>       upload an older web build, invalidate CloudFront, wait
  rollback-function --route <id> --template <old cdk.out/<Stack>.template.json>
                                           point one route's function at an older bundle, wait
  find-requests --request-id <id> | --client <address> [--from <time>] [--to <time>]
                                           a request's lines, or a visitor's requests, in the logs

  -c k=v: context over the current cdk.json, as for npm run deploy. Credentials as for the AWS CLI.`;

/** Polls of a waiter: AWS answers in seconds to minutes, the operator waits at the terminal. */
const DEFAULT_PACE = { minDelay: 5, maxDelay: 30 };

const required = (value: string | undefined, flag: string): string => {
  if (!value) throw new OpsError(`This verb needs ${flag}.\n\n${USAGE}`);
  return value;
};

/** The verbs `runOps` knows (docs/operations.md, "Operator commands"). */
export const VERBS = [
  'outputs',
  'drop-search-snapshot',
  'resync-embed-origins',
  'restore-table',
  'adopt-table',
  'copy-partition',
  'drop-table',
  'rollback',
  'rollback-web',
  'rollback-function',
  'find-requests',
] as const;

const OPTIONS = {
  stack: { type: 'string', default: 'Hatchworks-Prod' },
  region: { type: 'string' },
  at: { type: 'string' },
  name: { type: 'string' },
  table: { type: 'string' },
  pk: { type: 'string' },
  ref: { type: 'string' },
  dist: { type: 'string' },
  route: { type: 'string' },
  template: { type: 'string' },
  'request-id': { type: 'string' },
  client: { type: 'string' },
  from: { type: 'string' },
  to: { type: 'string' },
  context: { type: 'string', short: 'c', multiple: true, default: [] as string[] },
} satisfies ParseArgsConfig['options'];

/** The long options `runOps` takes (`-c` is `--context`). */
export const OPTION_NAMES: readonly string[] = Object.keys(OPTIONS);

/** The command line, or what is wrong with it and the usage. */
function parsed(argv: readonly string[]) {
  try {
    return parseArgs({ args: [...argv], allowPositionals: true, options: OPTIONS });
  } catch (error) {
    throw new OpsError(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
  }
}

/** Runs one operator command; returns the exit code. */
export async function runOps(
  argv: readonly string[],
  environment: Partial<OpsEnvironment> = {},
): Promise<number> {
  const { values, positionals } = parsed(argv);
  const repoRoot = environment.repoRoot ?? REPO_ROOT;
  const ops: OpsEnvironment = {
    stackName: values.stack,
    region: values.region ?? process.env.AWS_REGION,
    print: (line) => process.stdout.write(`${line}\n`),
    pace: DEFAULT_PACE,
    repoRoot,
    git: (args) => execFileSync('git', args, { cwd: repoRoot, encoding: 'utf8', stdio: 'pipe' }),
    ...environment,
  };
  const [verb, ...extra] = positionals;
  if (extra.length > 0) throw new OpsError(`Unexpected ${extra.join(' ')}.\n\n${USAGE}`);
  switch (verb) {
    case 'outputs':
      await printOutputs(ops);
      return 0;
    case 'drop-search-snapshot':
      await dropSearchSnapshot(ops);
      return 0;
    case 'resync-embed-origins':
      await resyncEmbedOrigins(ops);
      return 0;
    case 'restore-table':
      await restoreTable(ops, { at: required(values.at, '--at'), name: values.name });
      return 0;
    case 'adopt-table':
      await adoptTable(ops, { table: required(values.table, '--table'), context: values.context });
      return 0;
    case 'copy-partition':
      await copyPartition(ops, {
        from: required(values.table, '--table'),
        pk: required(values.pk, '--pk'),
      });
      return 0;
    case 'rollback':
      planRollback(ops, { to: required(values.ref, '--ref'), context: values.context });
      return 0;
    case 'drop-table':
      await dropTable(ops, { table: required(values.table, '--table') });
      return 0;
    case 'rollback-function':
      await rollbackFunction(ops, {
        route: required(values.route, '--route'),
        template: required(values.template, '--template'),
      });
      return 0;
    case 'rollback-web':
      await rollbackWeb(ops, { dist: required(values.dist, '--dist') });
      return 0;
    case 'find-requests':
      await findRequests(ops, {
        requestId: values['request-id'],
        client: values.client,
        from: values.from,
        to: values.to,
      });
      return 0;
    default:
      throw new OpsError(USAGE);
  }
}
