/**
 * `npm start`: the whole product on one machine, no AWS account needed. Data persists under
 * `.data/`; Ctrl-C stops everything, DynamoDB Local included.
 */
import { accessSync, constants, existsSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { localRuntimeConfig } from './local-config';
import { LocalStackError } from './local-error';
import { DATA_DIR, WEB_ROOT } from './paths';
import { DEMO_ACCOUNTS } from './seed-accounts';
import { startLocalStack, type LocalStack } from './stack';

function port(): number {
  const value = Number(process.env.PORT ?? 3000);
  if (!Number.isInteger(value) || value < 1 || value > 65535) {
    throw new LocalStackError(
      `PORT must be a number between 1 and 65535, got "${process.env.PORT}".`,
    );
  }
  return value;
}

function checkDataDir(): void {
  if (!existsSync(DATA_DIR)) return;
  const fix = 'move or delete it to start with fresh demo data';
  if (!statSync(DATA_DIR).isDirectory())
    throw new LocalStackError(`${DATA_DIR} is not a folder: ${fix}.`);
  try {
    accessSync(DATA_DIR, constants.R_OK | constants.W_OK);
  } catch {
    throw new LocalStackError(
      `${DATA_DIR} is not readable and writable: fix its permissions or ${fix}.`,
    );
  }
}

/**
 * The functions' keys live in `keys.json` now; the HS256 token secret of earlier versions signs
 * nothing any more, so it does not linger on disk.
 */
function forgetOldTokenSecret(): void {
  rmSync(join(DATA_DIR, 'token-secret'), { force: true });
}

async function main(): Promise<void> {
  if (!existsSync(join(WEB_ROOT, 'index.html'))) {
    throw new LocalStackError(
      'The web bundle is missing: run "npm run build" first (npm start does it).',
    );
  }
  checkDataDir();
  forgetOldTokenSecret();
  const stack: LocalStack = await startLocalStack({
    port: port(),
    dataDir: join(DATA_DIR, 'dynamodb'),
    webRoot: WEB_ROOT,
    tableName: process.env.TABLE_NAME ?? 'hatchworks-local',
    config: localRuntimeConfig(),
    keysFile: join(DATA_DIR, 'keys.json'),
    idpDataDir: join(DATA_DIR, 'idp'),
    searchDir: join(DATA_DIR, 'search'),
    demoData: true,
  });

  // The operator command finds the running database through this file.
  const endpointFile = join(DATA_DIR, 'dynamodb-endpoint.json');
  writeFileSync(
    endpointFile,
    JSON.stringify({ endpoint: stack.dynamoEndpoint, tableName: stack.tableName }),
  );
  process.once('exit', () => rmSync(endpointFile, { force: true }));

  // One write, so whoever reads the output (a terminal, the tests) gets the banner whole.
  console.log(
    [
      '',
      `  Hatchworks is running at ${stack.url}`,
      `  Data: ${DATA_DIR} (${stack.seeded ? 'demo data seeded' : 'existing data kept'})`,
      '  Demo accounts (email / password):',
      ...DEMO_ACCOUNTS.map(
        (account) => `    ${account.role.padEnd(5)}  ${account.email} / ${account.password}`,
      ),
      `  Signing in: "Login" opens the local hosted login at ${stack.issuer}`,
      '    (the demo accounts and every account registered on the site sign in there).',
      `  Mail: every mail the site sends lands in the local mailbox at ${stack.mailboxUrl}`,
      '    (kept in memory until you stop; nothing is delivered outside this machine).',
      '  Press Ctrl-C to stop.',
      '',
    ].join('\n'),
  );

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n  ${signal}: stopping...`);
    stack.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
  if (error instanceof LocalStackError) {
    console.error(`Error: ${error.message}`);
  } else {
    console.error('Error: the local stack failed to start:', error);
  }
  process.exit(1);
});
