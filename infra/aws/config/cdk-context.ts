import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { REPO_ROOT } from '../paths';

/** The `context` of `cdk.json`: the feature flags, and whatever the operator keeps there. */
export function cdkJsonContext(): Record<string, unknown> {
  const cdkJson = JSON.parse(readFileSync(join(REPO_ROOT, 'cdk.json'), 'utf8')) as {
    context?: Record<string, unknown>;
  };
  return cdkJson.context ?? {};
}

/**
 * The `-c key=value` (`--context key=value`) arguments as the CDK CLI takes them: split at the
 * first `=`, the value kept as a string; a later one wins over an earlier one.
 */
export function contextFromArgs(args: readonly string[]): Record<string, string> {
  const { values } = parseArgs({
    args: [...args],
    options: { context: { type: 'string', short: 'c', multiple: true } },
    strict: true,
    allowPositionals: false,
  });
  return Object.fromEntries(
    (values.context ?? []).map((pair) => {
      const at = pair.indexOf('=');
      if (at <= 0) throw new Error(`-c takes key=value; got "${pair}".`);
      return [pair.slice(0, at), pair.slice(at + 1)];
    }),
  );
}

/** The context `cdk synth` gives the app: `cdk.json`'s, then the command line's on top. */
export const operatorContext = (args: readonly string[]): Record<string, unknown> => ({
  ...cdkJsonContext(),
  ...contextFromArgs(args),
});
