import { CONTEXT_KEYS } from '../../config/site-context';
import { currentDeployContext, deployCommand, shellWord, siteContextOf } from '../deploy-context';
import { OpsError, type OpsEnvironment } from '../ops-environment';

/** Where an old commit's app reads its context keys. */
const OLD_SITE_CONTEXT = 'infra/aws/config/site-context.ts';

/** Keys whose value a deploy that did not read them would change, with what that would do. */
const DANGEROUS_IF_UNREAD: ReadonlyMap<
  string,
  { readonly harmless?: string; readonly harm: string }
> = new Map([
  [
    CONTEXT_KEYS.tableName,
    { harm: 'it would make a new, empty table and point every function at it' },
  ],
  [
    CONTEXT_KEYS.tableStreamArn,
    { harm: "the stream consumers would follow the stack's own table" },
  ],
  [CONTEXT_KEYS.tokenKeyGeneration, { harmless: '1', harm: 'the token signing key would rotate' }],
  [
    CONTEXT_KEYS.originSecretGeneration,
    { harmless: '1', harm: 'the origin secret would be replaced' },
  ],
]);

/**
 * Prints how to deploy an older commit with the CURRENT context: the old checkout's `cdk.json`
 * is the old context (an old key generation rotates the keys again, a missing `tableName` makes a
 * new table), so every current site key is passed with `-c`, which wins over `cdk.json`
 * (https://docs.aws.amazon.com/cdk/v2/guide/get-context-var.html). Refuses when that cannot be
 * made safe: the old `cdk.json` sets a key the current context does not, or the old code does not
 * read a key whose value matters.
 */
export function planRollback(
  ops: OpsEnvironment,
  options: { readonly to: string; readonly context: readonly string[] },
): void {
  const current = currentDeployContext(ops.repoRoot, options.context);
  if (!current.has(CONTEXT_KEYS.stage)) {
    throw new OpsError(
      'Name the stage the rollback deploys: -c stage=prod (or put it in cdk.json).',
    );
  }
  const git = (args: readonly string[], what: string) => {
    try {
      return ops.git(args);
    } catch {
      throw new OpsError(`${what} (git ${args.join(' ')}).`);
    }
  };
  const commit = git(
    ['rev-parse', '--verify', `${options.to}^{commit}`],
    `No commit "${options.to}"`,
  ).trim();
  const old = siteContextOf(
    git(['show', `${commit}:cdk.json`], `${options.to} has no cdk.json`),
    `${options.to}:cdk.json`,
  );
  const oldCode = git(
    ['show', `${commit}:${OLD_SITE_CONTEXT}`],
    `${options.to} has no ${OLD_SITE_CONTEXT}`,
  );

  const problems: string[] = [];
  for (const [key, value] of old) {
    if (!current.has(key)) {
      problems.push(
        `${options.to}'s cdk.json sets ${key}=${value}, the current context does not: pass -c ${key}=… ` +
          'with the value that holds now.',
      );
    }
  }
  for (const [key, value] of current) {
    const danger = DANGEROUS_IF_UNREAD.get(key);
    if (!danger || value === danger.harmless || oldCode.includes(`'${key}'`)) continue;
    problems.push(`${options.to} does not read ${key} (${value}): ${danger.harm}.`);
  }
  if (problems.length > 0) {
    throw new OpsError(`Not safe to deploy ${options.to}:\n  ${problems.join('\n  ')}`);
  }

  // Pass the generations even at their default, so an old cdk.json's value cannot apply.
  const context = new Map(current);
  for (const [key, { harmless }] of DANGEROUS_IF_UNREAD) {
    if (harmless && !context.has(key)) context.set(key, harmless);
  }
  const differing = [...context].filter(([key, value]) => old.has(key) && old.get(key) !== value);
  ops.print(`Deploy ${options.to} (${commit.slice(0, 12)}) with the current context:`);
  ops.print('');
  ops.print(`  git worktree add ../hatchworks-rollback ${shellWord(commit)}`);
  ops.print('  cd ../hatchworks-rollback && npm ci');
  ops.print(`  ${deployCommand(context)}`);
  if (differing.length > 0) {
    ops.print('');
    ops.print(`${options.to}'s cdk.json differs; the flags above win:`);
    for (const [key, value] of differing)
      ops.print(`  ${key}: ${old.get(key)} there, ${value} now`);
  }
}
