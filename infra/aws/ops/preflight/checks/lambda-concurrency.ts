import { GetAccountSettingsCommand } from '@aws-sdk/client-lambda';
import { Stack, type Stage } from 'aws-cdk-lib';
import { synthesizedTemplates } from '../../../quotas';
import { fail, ok, warn, type Check } from '../check';

const LAMBDA_QUOTAS = 'https://docs.aws.amazon.com/lambda/latest/dg/gettingstarted-limits.html';

/** The concurrency an account gets by default; a new account may start far lower (even 10). */
const DEFAULT_CONCURRENCY = 1000;

/**
 * Lambda keeps 100 concurrent executions unreserved: reservations may take only what is left
 * above them (https://docs.aws.amazon.com/lambda/latest/dg/configuration-concurrency.html).
 */
const UNRESERVED_MINIMUM = 100;

/** The functions the app deploys in `region`, nested stacks included, and the concurrency they reserve. */
export function functionDemand(
  app: Stage,
  region: string,
): { functions: number; reserved: number } {
  const inRegion = new Set(
    app.node
      .findAll()
      .filter((construct): construct is Stack => Stack.isStack(construct))
      .filter((stack) => stack.region === region)
      .map((stack) => stack.node.path),
  );
  const functions = synthesizedTemplates(app)
    .filter((entry) => inRegion.has(entry.path))
    .flatMap((entry) => Object.values(entry.template.Resources ?? {}))
    .filter((resource) => resource.Type === 'AWS::Lambda::Function');
  const reserved = functions.reduce((sum, resource) => {
    const value = resource.Properties?.ReservedConcurrentExecutions;
    return sum + (typeof value === 'number' ? value : 0);
  }, 0);
  return { functions: functions.length, reserved };
}

/**
 * The account's Lambda concurrency in the site's region (GetAccountSettings: AccountLimit
 * ConcurrentExecutions and UnreservedConcurrentExecutions;
 * https://docs.aws.amazon.com/lambda/latest/api/API_GetAccountSettings.html) against what the
 * stack deploys. Every function shares the one limit; new accounts get reduced quotas, raised
 * with usage or on request ("Lambda quotas", the page of LAMBDA_QUOTAS); the quota code of
 * "Concurrent executions" is L-B99A9384
 * (https://briankeating.net/blog/2025-03-07-understanding-aws-lambda-concurrent-execution-quota).
 */
export const checkLambdaConcurrency: Check = async ({ app, region }, clients) => {
  const check = `Lambda concurrency (${region})`;
  const { functions, reserved } = functionDemand(app, region);
  const { AccountLimit } = await clients(region).lambda.send(new GetAccountSettingsCommand({}));
  const limit = AccountLimit?.ConcurrentExecutions ?? 0;
  const unreserved = AccountLimit?.UnreservedConcurrentExecutions ?? limit;
  const found = `account limit ${limit} (${unreserved} unreserved) for ${functions} functions`;
  const request =
    `Service Quotas → AWS Lambda → Concurrent executions → Request increase, or aws ` +
    `service-quotas request-service-quota-increase --service-code lambda --quota-code ` +
    `L-B99A9384 --desired-value ${DEFAULT_CONCURRENCY} --region ${region} (${LAMBDA_QUOTAS})`;
  if (reserved > 0 && reserved > unreserved - UNRESERVED_MINIMUM) {
    return [
      fail(
        check,
        `${found}: the stack reserves ${reserved}, more than the ${unreserved} unreserved less the ` +
          `${UNRESERVED_MINIMUM} Lambda keeps free`,
        request,
      ),
    ];
  }
  if (limit < DEFAULT_CONCURRENCY) {
    return [
      warn(
        check,
        `${found}: below the default ${DEFAULT_CONCURRENCY}, the whole site serves at most ` +
          `${limit} requests at once and answers the rest 429/503`,
        request,
      ),
    ];
  }
  return [ok(check, `${found}${reserved > 0 ? `, ${reserved} reserved by the stack` : ''}`)];
};
