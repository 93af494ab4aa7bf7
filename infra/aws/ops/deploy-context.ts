import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CONTEXT_KEYS } from '../config/site-context';
import { OpsError } from './ops-environment';

/** The app's context keys (site-context.ts): what a deploy of this site is told. */
export const SITE_CONTEXT_KEYS: readonly string[] = Object.values(CONTEXT_KEYS);

/** A deploy's context: the site keys of a `cdk.json`, then the operator's `-c key=value`. */
export type DeployContext = ReadonlyMap<string, string>;

/** The site keys of a `cdk.json`'s `context` (feature flags and the like are the code's own). */
export function siteContextOf(cdkJson: string, source: string): Map<string, string> {
  let context: unknown;
  try {
    context = (JSON.parse(cdkJson) as { context?: unknown }).context ?? {};
  } catch {
    throw new OpsError(`${source} is not JSON.`);
  }
  const entries = Object.entries(context as Record<string, unknown>);
  return new Map(
    entries
      .filter(([key, value]) => SITE_CONTEXT_KEYS.includes(key) && value !== null && value !== '')
      .map(([key, value]) => [key, String(value)]),
  );
}

/**
 * The context the next deploy must get: the current `cdk.json`'s site keys, overridden by the
 * operator's `-c key=value` flags (as the CDK CLI does). An unknown key is refused: a typo
 * would silently deploy the default.
 */
export function currentDeployContext(repoRoot: string, flags: readonly string[]): DeployContext {
  const context = siteContextOf(
    readFileSync(join(repoRoot, 'cdk.json'), 'utf8'),
    join(repoRoot, 'cdk.json'),
  );
  for (const flag of flags) {
    const match = /^([^=]+)=(.*)$/s.exec(flag);
    if (!match?.[1] || match[2] === undefined) {
      throw new OpsError(`-c takes key=value; got "${flag}".`);
    }
    if (!SITE_CONTEXT_KEYS.includes(match[1])) {
      throw new OpsError(
        `"${match[1]}" is no context key of the site (infra/aws/README.md, "Settings").`,
      );
    }
    context.set(match[1], match[2]);
  }
  return context;
}

/** One word for a POSIX shell: as it is when it is plain, else in single quotes. */
export const shellWord = (word: string): string =>
  /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;

/** `npm run deploy -- -c key=value …`, quoted for a POSIX shell, keys in the app's order. */
export function deployCommand(context: DeployContext): string {
  const flags = SITE_CONTEXT_KEYS.flatMap((key) => {
    const value = context.get(key);
    return value === undefined ? [] : [`-c ${shellWord(`${key}=${value}`)}`];
  });
  return ['npm run deploy --', ...flags].join(' ');
}
