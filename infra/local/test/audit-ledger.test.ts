import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { CreateFeatureInputSchema } from '@hatchworks/shared/schemas/features';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEB_ROOT } from '../src/paths';
import { startLocalStack, type LocalStack } from '../src/stack';

const ADMIN = fileURLToPath(new URL('../src/admin.ts', import.meta.url));
const REPO = fileURLToPath(new URL('../../../', import.meta.url));
const TABLE = 'hatchworks-audit';

let stack: LocalStack;
let dataDir: string;
/** The demo user, who claims, creates, votes and whose balance the corruption bumps. */
let userId: string;
let featureId: string;

/** Runs `npm run admin -- …`'s entry point as an operator would. */
function runAdmin(args: string[], env: Record<string, string> = {}) {
  return spawnSync(process.execPath, ['--import', 'tsx', ADMIN, ...args], {
    cwd: REPO,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
}

/** Bumps a number of one item straight in the table, past every code path: a corruption. */
async function bump(key: Record<string, unknown>, attribute: string, by: number) {
  const { db, tableName } = await import('@hatchworks/functions/modules/table/client');
  await db.send(
    new UpdateCommand({
      TableName: tableName,
      Key: key,
      UpdateExpression: 'ADD #value :by',
      ExpressionAttributeNames: { '#value': attribute },
      ExpressionAttributeValues: { ':by': by },
    }),
  );
}

const mismatchLines = (stdout: string) => stdout.split('\n').filter((line) => /^ {8}\S/.test(line));

beforeAll(async () => {
  // The demo seed writes through the repositories the API uses: accounts with their welcome, an
  // admin's grant, feature requests created, approved, rejected (refunded), moved on, and voted.
  stack = await startLocalStack({
    port: 0,
    webRoot: WEB_ROOT,
    tableName: TABLE,
    config: { apiBaseUrl: '/api', auth: null, donation: null },
    demoData: true,
  });
  const users = await import('@hatchworks/functions/modules/accounts/users-repository');
  const { createUser } = await import('@hatchworks/functions/modules/accounts/user-creation');
  const { claimDailyEggs } = await import('@hatchworks/functions/modules/eggs/eggs-repository');
  const { listProjects } =
    await import('@hatchworks/functions/modules/projects/projects-repository');
  const { createFeature } =
    await import('@hatchworks/functions/modules/features/features-repository');
  const { changeFeatureStatus } =
    await import('@hatchworks/functions/modules/features/feature-moderation');
  const { castVote } = await import('@hatchworks/functions/modules/features/votes-repository');
  const { deleteUser } = await import('@hatchworks/functions/modules/accounts/account-deletion');
  const { personHashes } = await import('@hatchworks/functions/lib/identity-hash');

  const user = await users.getUserByEmail('user@hatchworks.local');
  if (!user) throw new Error('the demo user is missing');
  userId = user.id;
  await claimDailyEggs(userId);
  const { items: projects } = await listProjects(1);
  const feature = await createFeature(
    userId,
    CreateFeatureInputSchema.parse({
      title: 'Audit the ledger',
      description: 'A request the audit test votes on.',
      feature_type: 'new_feature',
      project_id: projects[0]?.id,
    }),
  );
  featureId = feature.id;
  await changeFeatureStatus(featureId, 'approved');
  await castVote(userId, featureId, 7);
  await castVote(userId, featureId, 3);

  // An account that registers, votes, then is deleted: its tombstone and votes stay.
  const persons = await personHashes({ email: 'leaver@example.com' });
  const created = await createUser({
    email: 'leaver@example.com',
    username: 'leaver',
    displayName: 'Leaver',
    isVerified: true,
    persons,
    makeUsernameUnique: true,
  });
  if (!created.created) throw new Error('the leaving account was not created');
  await claimDailyEggs(created.user.id);
  await castVote(created.user.id, featureId, 11);
  const leaver = await users.getUserById(created.user.id);
  if (!leaver) throw new Error('the leaving account is missing');
  await deleteUser(leaver, persons);

  // What a running `npm start` leaves for the command to find its DynamoDB Local by.
  dataDir = mkdtempSync(join(tmpdir(), 'hatchworks-audit-'));
  writeFileSync(
    join(dataDir, 'dynamodb-endpoint.json'),
    JSON.stringify({ endpoint: stack.dynamoEndpoint, tableName: TABLE }),
  );
}, 120_000);

afterAll(async () => {
  await stack?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('npm run admin -- audit-ledger', () => {
  it('finds every invariant holding on a table written by the real code paths, and exits 0', () => {
    const audit = runAdmin(['audit-ledger'], { DATA_DIR: dataDir });

    expect(audit.stderr).toBe('');
    expect(audit.status).toBe(0);
    expect(audit.stdout).not.toContain('FAIL');
    expect(audit.stdout).toContain('ok    balance = sum of ledger, for every user');
    // The two demo accounts and the deleted one (found by its vote); the seed's requests + one.
    expect(audit.stdout).toMatch(
      /^3 users, \d+ features checked: 0 mismatch\(es\) \(\d+ DynamoDB requests\)\.$/m,
    );
  });

  it('reports a balance bumped by 7 in the table as exactly that mismatch, and exits 1', async () => {
    const { userKeys } = await import('@hatchworks/functions/modules/table/keys');
    const { getUserById } = await import('@hatchworks/functions/modules/accounts/users-repository');
    const balance = (await getUserById(userId))?.egg_balance ?? Number.NaN;
    await bump(userKeys.item(userId), 'egg_balance', 7);
    try {
      const audit = runAdmin([
        'audit-ledger',
        '--table',
        TABLE,
        '--endpoint',
        stack.dynamoEndpoint,
      ]);

      expect(audit.status).toBe(1);
      expect(mismatchLines(audit.stdout)).toEqual([
        `        user ${userId}: balance ${balance + 7}, expected ${balance} (sum of its ledger)`,
      ]);
      expect(audit.stdout).toContain('FAIL  balance = sum of ledger, for every user');
      expect(audit.stdout).toMatch(/^3 users, \d+ features checked: 1 mismatch\(es\)/m);
    } finally {
      await bump(userKeys.item(userId), 'egg_balance', -7);
    }
  });

  it("reports a feature's total_eggs raised in the table, and the rank keys it no longer matches", async () => {
    const { featureKeys } = await import('@hatchworks/functions/modules/table/keys');
    const { auditLedger } = await import('@hatchworks/functions/modules/eggs/ledger-audit');
    await bump(featureKeys.item(featureId), 'total_eggs', 5);
    try {
      const audit = await auditLedger();

      const failed = audit.results.filter((check) => !check.ok);
      expect(failed.map((check) => check.name)).toEqual([
        'total_eggs = sum of votes (and vote_count = voters), per feature',
        'rank keys carry the total and status (lists sorted by eggs), per feature',
      ]);
      expect(failed[0]?.violations).toEqual([
        `feature ${featureId}: total_eggs 26, expected 21 (sum of its 2 votes)`,
      ]);
      expect(failed[1]?.violations).toHaveLength(1);
      expect(failed[1]?.violations[0]).toMatch(
        new RegExp(
          `^feature ${featureId}: GSI1SK 0999999999979#${featureId}, expected 0999999999974#`,
        ),
      );
      expect(audit.mismatches).toBe(2);
    } finally {
      await bump(featureKeys.item(featureId), 'total_eggs', -5);
    }
    expect((await auditLedger()).mismatches).toBe(0);
  });

  it('refuses --endpoint without --table', () => {
    const audit = runAdmin(['audit-ledger', '--endpoint', stack.dynamoEndpoint]);

    expect(audit.status).toBe(1);
    expect(audit.stderr).toMatch(/^Error: --endpoint needs --table/);
  });
});
