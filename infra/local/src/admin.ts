/**
 * Operator command: `npm run admin -- grant <email>` / `revoke <email>`, and the one-off
 * `backfill-tracker-votes` (issue 13: gives tracker votes written before merging existed the index
 * keys a merge reads them by; a paged, conditional Scan, safe to run twice and beside live traffic).
 * Locally it uses the running `npm start` (or starts DynamoDB Local on `.data/` itself);
 * with `--table <name>` it works on that DynamoDB table in AWS (credentials and AWS_REGION from
 * the environment, as for the AWS CLI).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startDynamoDbLocal, type RunningDynamoDb } from './dynamodb-local';
import { LocalStackError } from './local-error';
import { DATA_DIR } from './paths';
import { freePort } from './stack';

const USAGE =
  'Usage: npm run admin -- grant|revoke <email> [--table <aws-table-name>]\n' +
  '       npm run admin -- backfill-tracker-votes [--table <aws-table-name>]';

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

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { table: { type: 'string' } },
  });
  const [action, email] = positionals;
  const backfill = action === 'backfill-tracker-votes' && positionals.length === 1;
  if (!backfill && ((action !== 'grant' && action !== 'revoke') || !email)) {
    throw new LocalStackError(USAGE);
  }

  let owned: RunningDynamoDb | undefined;
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  process.env.LOG_LEVEL ??= 'WARN';
  if (values.table) {
    process.env.TABLE_NAME = values.table;
    delete process.env.DYNAMODB_ENDPOINT;
  } else {
    const local = await localEndpoint();
    owned = local.owned;
    process.env.TABLE_NAME = local.tableName;
    process.env.DYNAMODB_ENDPOINT = local.endpoint;
  }
  try {
    if (backfill) {
      const { backfillTrackerVoteIndex } =
        await import('@hatchworks/functions/data/tracker-vote-index-backfill');
      const { updated } = await backfillTrackerVoteIndex();
      console.log(`${updated} tracker vote(s) given their merge index keys.`);
      return;
    }
    if (!email) throw new LocalStackError(USAGE);
    const users = await import('@hatchworks/functions/data/users-repository');
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
