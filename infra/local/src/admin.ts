/**
 * Operator command: `npm run admin -- grant <email>` / `revoke <email>`, the one-off
 * `backfill-tracker-votes` (gives tracker votes written before merging existed the index
 * keys a merge reads them by; a paged, conditional Scan, safe to run twice and beside live traffic)
 * and `audit-ledger` (checks every ledger invariant with paged Queries, changes nothing,
 * exit code 1 when something does not add up).
 * Locally it uses the running `npm start` (or starts DynamoDB Local on `.data/` itself);
 * with `--table <name>` it works on that DynamoDB table in AWS (credentials and AWS_REGION from
 * the environment, as for the AWS CLI), or on a DynamoDB Local given by `--endpoint <url>` (the
 * one `npm run bench -- --keep` leaves running).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { LedgerAudit } from '@hatchworks/functions/modules/eggs/ledger-audit';
import { startDynamoDbLocal, type RunningDynamoDb } from './dynamodb-local';
import { LocalStackError } from './local-error';
import { DATA_DIR } from './paths';
import { freePort } from './stack';

const USAGE = `Usage: npm run admin -- grant|revoke <email> [--table <aws-table-name>]
       npm run admin -- backfill-tracker-votes [--table <aws-table-name>]
       npm run admin -- audit-ledger [--table <aws-table-name>] [--endpoint <url>]

  audit-ledger  read-only: checks every ledger invariant (balance = sum of the user's ledger,
                entries chained by balance_after, no negative balance, one daily claim per user
                and UTC day, total_eggs and vote_count = the feature's votes, rank keys, votes
                only on approved/in progress/completed features, every vote paid for and
                holding at least 1 egg) with paged Queries, one request at a time (no Scan);
                exit code 0 when all hold, 1 on any mismatch
  --table       a DynamoDB table in AWS (credentials and AWS_REGION from the environment)
  --endpoint    with --table: a DynamoDB Local at this URL instead of AWS (e.g. the bench's)`;

/** Where a running `npm start` says its DynamoDB Local listens. */
export const ENDPOINT_FILE = join(DATA_DIR, 'dynamodb-endpoint.json');

/**
 * Whether the running `npm start`'s DynamoDB Local answers. Generous, because a false "no" makes
 * this command open the same data folder with a second DynamoDB Local.
 */
async function reachable(endpoint: string): Promise<boolean> {
  try {
    await fetch(endpoint, { signal: AbortSignal.timeout(5000) });
    return true;
  } catch {
    return false;
  }
}

async function localEndpoint(): Promise<{
  endpoint: string;
  tableName: string;
  owned?: RunningDynamoDb;
}> {
  if (existsSync(ENDPOINT_FILE)) {
    const running = JSON.parse(readFileSync(ENDPOINT_FILE, 'utf8')) as {
      endpoint: string;
      tableName: string;
    };
    if (await reachable(running.endpoint)) return running;
  }
  if (!existsSync(join(DATA_DIR, 'dynamodb'))) {
    throw new LocalStackError('No local data yet: run "npm start" once first.');
  }
  const owned = await startDynamoDbLocal({
    port: await freePort(),
    dataDir: join(DATA_DIR, 'dynamodb'),
  });
  return {
    endpoint: owned.endpoint,
    tableName: process.env.TABLE_NAME ?? 'hatchworks-local',
    owned,
  };
}

/** The audit in words: each invariant, its mismatches, then one summary line. */
function formatAudit(report: LedgerAudit): string {
  const lines = report.results.flatMap((check) => [
    `${check.ok ? 'ok  ' : 'FAIL'}  ${check.name} (${check.checked})`,
    ...check.violations.map((violation) => `        ${violation}`),
  ]);
  return [
    ...lines,
    `${report.users} users, ${report.features} features checked: ${report.mismatches} mismatch(es) (${report.requests} DynamoDB requests).`,
  ].join('\n');
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { table: { type: 'string' }, endpoint: { type: 'string' } },
  });
  const [action, email] = positionals;
  const backfill = action === 'backfill-tracker-votes' && positionals.length === 1;
  const audit = action === 'audit-ledger' && positionals.length === 1;
  if (!backfill && !audit && ((action !== 'grant' && action !== 'revoke') || !email)) {
    throw new LocalStackError(USAGE);
  }
  if (values.endpoint && !values.table) {
    throw new LocalStackError(`--endpoint needs --table (the table's name there).\n\n${USAGE}`);
  }

  let owned: RunningDynamoDb | undefined;
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  process.env.LOG_LEVEL ??= 'WARN';
  if (values.table) {
    process.env.TABLE_NAME = values.table;
    if (values.endpoint) process.env.DYNAMODB_ENDPOINT = values.endpoint;
    else delete process.env.DYNAMODB_ENDPOINT;
  } else {
    const local = await localEndpoint();
    owned = local.owned;
    process.env.TABLE_NAME = local.tableName;
    process.env.DYNAMODB_ENDPOINT = local.endpoint;
  }
  try {
    if (audit) {
      const { auditLedger } = await import('@hatchworks/functions/modules/eggs/ledger-audit');
      const report = await auditLedger();
      console.log(formatAudit(report));
      process.exitCode = report.mismatches === 0 ? 0 : 1;
      return;
    }
    if (backfill) {
      const { backfillTrackerVoteIndex } =
        await import('@hatchworks/functions/modules/tracker/tracker-vote-index-backfill');
      const { updated } = await backfillTrackerVoteIndex();
      console.log(`${updated} tracker vote(s) given their merge index keys.`);
      return;
    }
    if (!email) throw new LocalStackError(USAGE);
    const users = await import('@hatchworks/functions/modules/accounts/users-repository');
    const user = await users.getUserByEmail(email);
    if (!user) {
      throw new LocalStackError(
        `No account with the email ${email}: the person must sign in once first.`,
      );
    }
    await users.setRole(user.id, action === 'grant' ? 'admin' : 'user');
    console.log(`${email} is now ${action === 'grant' ? 'an admin' : 'a regular user'}.`);
  } finally {
    await owned?.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof LocalStackError ? `Error: ${error.message}` : error);
  process.exit(1);
});
