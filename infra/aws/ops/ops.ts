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
    // An AWS error's name and message say what went wrong (AccessDenied, a missing credential);
    // a stack trace of the SDK's would not.
    if (error instanceof OpsError) console.error(`Error: ${error.message}`);
    else if (error instanceof Error) console.error(`Error: ${error.name}: ${error.message}`);
    else console.error(error);
    process.exitCode = 1;
  },
);
