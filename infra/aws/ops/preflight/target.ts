import { App, Token } from 'aws-cdk-lib';
import { CONTEXT_KEYS, SiteContextError, readSiteSettings } from '../../config/site-context';
import { createSiteApp } from '../../site-app';
import { fail, type CheckResult, type PreflightTarget } from './check';

const CONTEXT_FIX = 'set the context it names (infra/aws/README.md, "Settings")';

/**
 * The context as the app reads it (`readSiteSettings`), before any credentials are needed: the
 * app's own refusal, such as prod without `mailFrom`, as a failed line; undefined when it reads.
 */
export function contextProblem(context: Record<string, unknown>): CheckResult | undefined {
  try {
    readSiteSettings(new App({ context }).node);
    return undefined;
  } catch (error) {
    if (!(error instanceof SiteContextError)) throw error;
    return fail('context', error.message, CONTEXT_FIX);
  }
}

/**
 * The app synthesized from the operator's context as `cdk synth` would (cdk-nag included), with
 * bundling skipped: the checks read stacks, templates and settings, not the functions' code. A
 * context the app refuses, or a synth that fails, is the one failed line.
 */
export function synthesizeTarget(
  context: Record<string, unknown>,
  account: string,
): PreflightTarget | CheckResult {
  try {
    const site = createSiteApp({ context: { ...context, 'aws:cdk:bundling-stacks': [] } });
    site.app.synth();
    const region = site.stack.region;
    if (Token.isUnresolved(region)) {
      return fail(
        'context',
        'no region for the site stack',
        `-c ${CONTEXT_KEYS.region}=<region>, or AWS_REGION / the profile's region`,
      );
    }
    return { settings: site.settings, account, region, app: site.app };
  } catch (error) {
    if (error instanceof SiteContextError) {
      return fail('context', error.message, CONTEXT_FIX);
    }
    const message = error instanceof Error ? error.message : String(error);
    return fail('synth', message, 'npx cdk synth -q with the same -c flags shows the whole report');
  }
}

export const isTarget = (value: PreflightTarget | CheckResult): value is PreflightTarget =>
  'app' in value;
