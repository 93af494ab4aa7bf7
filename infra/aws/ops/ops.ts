/**
 * `npm run ops -- <verb>`: the runbook's operator steps on AWS (docs/operations.md, "Operator
 * commands"). Every verb finds the site stack's resources by its outputs (DescribeStacks) and
 * waits where AWS needs waiting.
 */
import { OpsError } from './ops-environment';
import { runOps } from './run-ops';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

runOps(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error instanceof OpsError ? `Error: ${error.message}` : error);
    process.exitCode = 1;
  },
);
