import { checkBootstrap } from './checks/bootstrap';
import { checkCognitoDomain } from './checks/cognito-domain';
import { checkLambdaConcurrency } from './checks/lambda-concurrency';
import { checkMailSender, checkSesAccount, checkSesIdentity } from './checks/mail';
import { checkTemplateQuotas } from './checks/template-quotas';
import { fail, type Check, type CheckResult, type ClientsFor, type PreflightTarget } from './check';

/** The checks in the order they print. */
export const CHECKS: readonly (readonly [string, Check])[] = [
  ['mail sender', checkMailSender],
  ['SES identity', checkSesIdentity],
  ['SES account', checkSesAccount],
  ['CDK bootstrap', checkBootstrap],
  ['Cognito domain', checkCognitoDomain],
  ['Lambda concurrency', checkLambdaConcurrency],
  ['template quotas', checkTemplateQuotas],
];

/**
 * Runs every check; one that cannot ask AWS (no permission, throttled, offline) fails with
 * the SDK's answer rather than stopping the others.
 */
export async function runChecks(
  target: PreflightTarget,
  clients: ClientsFor,
  checks = CHECKS,
): Promise<CheckResult[]> {
  const results: CheckResult[] = [];
  for (const [name, check] of checks) {
    try {
      results.push(...(await check(target, clients)));
    } catch (error) {
      const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      results.push(
        fail(name, `could not ask AWS (${message})`, 'the read permission it names, then again'),
      );
    }
  }
  return results;
}
