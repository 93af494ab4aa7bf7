/**
 * `npm run preflight -- -c stage=prod [-c region=… -c mailFrom=…]`: read-only checks of the
 * account before a deploy, one line each; exits 1 when one fails (docs/operations.md, "Deploy").
 */
import { GetCallerIdentityCommand, STSClient } from '@aws-sdk/client-sts';
import { operatorContext } from '../../config/cdk-context';
import { CONTEXT_KEYS } from '../../config/site-context';
import { EDGE_REGION } from '../../site-app';
import { exitCodeOf, fail, formatResult, ok, type CheckResult } from './check';
import { awsClients } from './clients';
import { runChecks } from './run-checks';
import { contextProblem, isTarget, synthesizeTarget } from './target';

/** The operator's region as `cdk` finds it: the SDK's (AWS_REGION, the profile), else none. */
async function defaultRegion(): Promise<string | undefined> {
  try {
    return await new STSClient({}).config.region();
  } catch {
    return undefined;
  }
}

async function preflight(args: readonly string[]): Promise<CheckResult[]> {
  let context: Record<string, unknown>;
  try {
    context = operatorContext(args);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return [fail('arguments', message, 'npm run preflight -- -c key=value [-c key=value …]')];
  }
  const problem = contextProblem(context);
  if (problem) return [problem];
  const sdkRegion = await defaultRegion();
  const named = context[CONTEXT_KEYS.region];
  const stsRegion = (typeof named === 'string' ? named : undefined) ?? sdkRegion ?? EDGE_REGION;
  let account: string;
  try {
    const caller = await new STSClient({ region: stsRegion }).send(
      new GetCallerIdentityCommand({}),
    );
    account = caller.Account ?? '';
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return [
      fail(
        'credentials',
        message,
        'AWS_PROFILE=<profile> (aws sso login --profile <profile>), or aws configure',
      ),
    ];
  }
  // What the CDK CLI hands the app: the account and region of the credentials.
  process.env.CDK_DEFAULT_ACCOUNT = account;
  if (sdkRegion && !process.env.CDK_DEFAULT_REGION) process.env.CDK_DEFAULT_REGION = sdkRegion;
  const credentials = ok('credentials', `account ${account}`);
  const target = synthesizeTarget(context, account);
  if (!isTarget(target)) return [credentials, target];
  return [credentials, ...(await runChecks(target, awsClients()))];
}

const results = await preflight(process.argv.slice(2));
for (const result of results) process.stdout.write(`${formatResult(result)}\n`);
process.exitCode = exitCodeOf(results);
