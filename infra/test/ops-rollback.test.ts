import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runOps } from '../aws/ops/run-ops';
import { opsEnvironment, REGION, repoWithContext } from './support/ops';

const TAG = 'prod-20261125T1200';
const TABLE = 'Hatchworks-Prod-DataTable4A3D2C1B-1Q2W3E4R5T6Y-restored-20261125T120000';
const STREAM = `arn:aws:dynamodb:${REGION}:123456789012:table/${TABLE}/stream/2026-11-27T10:15:30.123`;

/** This commit's site-context.ts: what an old commit that reads every key has. */
const SITE_CONTEXT_SOURCE = readFileSync(
  new URL('../aws/config/site-context.ts', import.meta.url),
  'utf8',
);

/**
 * A repository whose tag `TAG` has `oldContext` in its cdk.json and `oldCode` as its
 * site-context.ts, and whose working tree's cdk.json has `currentContext`.
 */
function repository(
  oldContext: Record<string, unknown>,
  currentContext: Record<string, unknown>,
  oldCode = SITE_CONTEXT_SOURCE,
) {
  const dir = repoWithContext(oldContext);
  mkdirSync(join(dir, 'infra', 'aws', 'config'), { recursive: true });
  writeFileSync(join(dir, 'infra', 'aws', 'config', 'site-context.ts'), oldCode);
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=ops', '-c', 'user.email=ops@example.com', ...args], {
      cwd: dir,
      stdio: 'pipe',
    });
  git('init', '-q');
  git('add', '.');
  git('commit', '-qm', 'the deploy before');
  git('tag', TAG);
  writeFileSync(join(dir, 'cdk.json'), JSON.stringify({ context: currentContext }));
  return dir;
}

/** `npm run ops -- rollback` in `repoRoot`, with real git. */
async function rollback(repoRoot: string, ...argv: string[]) {
  const { ops, lines } = opsEnvironment({
    repoRoot,
    git: (args) => execFileSync('git', args, { cwd: repoRoot, encoding: 'utf8', stdio: 'pipe' }),
  });
  await runOps(['rollback', '--ref', TAG, ...argv], ops);
  return lines;
}

describe('npm run ops -- rollback', () => {
  it('deploys the old commit with the current context, whatever the old cdk.json says', async () => {
    // Arrange: since the tag, the token key was rotated to 2 and the stack switched to a restore
    const repoRoot = repository(
      { '@aws-cdk/core:enablePartitionLiterals': true, region: REGION, tokenKeyGeneration: '1' },
      {
        region: REGION,
        tokenKeyGeneration: '2',
        tableName: TABLE,
        tableStreamArn: STREAM,
      },
    );
    // Act
    const lines = await rollback(repoRoot, '-c', 'stage=prod', '-c', 'alarmEmail=ops@example.com');
    // Assess: every key passed with -c (which wins over the old cdk.json), the generations too
    expect(lines).toContain(
      `  npm run deploy -- -c stage=prod -c region=${REGION} -c alarmEmail=ops@example.com ` +
        `-c tableName=${TABLE} -c tableStreamArn=${STREAM} -c tokenKeyGeneration=2 ` +
        '-c originSecretGeneration=1',
    );
    expect(lines[0]).toMatch(
      new RegExp(`^Deploy ${TAG} \\([0-9a-f]{12}\\) with the current context:$`),
    );
    expect(lines).toContain('  tokenKeyGeneration: 1 there, 2 now');
  });

  it('refuses an old commit that does not read tableName while the stack uses a restored table', async () => {
    // Arrange: the old code knows no tableName: its deploy would make a new, empty table
    const repoRoot = repository(
      {},
      { stage: 'prod', tableName: TABLE, tableStreamArn: STREAM },
      SITE_CONTEXT_SOURCE.replaceAll("'tableName'", "'tableNameUnknown'").replaceAll(
        "'tableStreamArn'",
        "'streamUnknown'",
      ),
    );
    // Act + Assess
    await expect(rollback(repoRoot)).rejects.toThrow(
      `${TAG} does not read tableName (${TABLE}): it would make a new, empty table`,
    );
  });

  it('refuses an old commit that does not read a rotated key generation', async () => {
    const repoRoot = repository(
      {},
      { stage: 'prod', originSecretGeneration: '3' },
      SITE_CONTEXT_SOURCE.replaceAll("'originSecretGeneration'", "'unknown'"),
    );

    await expect(rollback(repoRoot)).rejects.toThrow(
      'does not read originSecretGeneration (3): the origin secret would be replaced',
    );
  });

  it('refuses when the old cdk.json sets a key the current context does not', async () => {
    const repoRoot = repository({ domainName: 'old.example.com' }, { stage: 'prod' });

    await expect(rollback(repoRoot)).rejects.toThrow(
      `${TAG}'s cdk.json sets domainName=old.example.com, the current context does not`,
    );
  });

  it('refuses without a stage, and a context key that does not exist', async () => {
    const repoRoot = repository({}, {});

    await expect(rollback(repoRoot)).rejects.toThrow(/Name the stage/);
    await expect(rollback(repoRoot, '-c', 'stage=prod', '-c', 'tablename=x')).rejects.toThrow(
      '"tablename" is no context key of the site',
    );
  });
});
