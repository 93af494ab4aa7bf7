import type { OpsEnvironment } from '../ops-environment';
import { readStackOutputs } from '../stack-outputs';

/** Prints the site stack's outputs, one `Key  value` line each. */
export async function printOutputs(ops: OpsEnvironment): Promise<void> {
  const { all } = await readStackOutputs(ops);
  const width = Math.max(0, ...[...all.keys()].map((key) => key.length));
  for (const [key, value] of all) ops.print(`${key.padEnd(width)}  ${value}`);
}
