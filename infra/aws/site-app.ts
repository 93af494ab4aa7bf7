import { App, Validations, type AppProps } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { readSiteSettings } from './config/site-context';
import { SiteStack } from './stacks/site-stack';

export interface SiteApp {
  readonly app: App;
  readonly stack: SiteStack;
}

/**
 * Builds the app from its context: one SiteStack, checked by cdk-nag's AWS Solutions pack at
 * synth (an unacknowledged error finding fails `cdk synth`). The tests build the very same app.
 */
export function createSiteApp(
  props: AppProps = {},
  stackOverrides: { webDistPath?: string; projectBuildsPath?: string } = {},
): SiteApp {
  const app = new App(props);
  const settings = readSiteSettings(app.node);
  const stack = new SiteStack(app, settings.stackName, {
    description:
      'Hatchworks: portfolio and community site (CloudFront, S3, HTTP API, Lambda, DynamoDB, Cognito)',
    // Env-agnostic unless the CLI knows the account: synth works offline, with no credentials.
    env: {
      account: process.env.CDK_DEFAULT_ACCOUNT,
      region: process.env.CDK_DEFAULT_REGION,
    },
    runtimeConfig: settings.runtimeConfig,
    identity: settings.identity,
    tokens: settings.tokens,
    keyGenerations: settings.keyGenerations,
    ...(settings.customDomain ? { customDomain: settings.customDomain } : {}),
    logLevel: settings.logLevel,
    logConsumedCapacity: settings.logConsumedCapacity,
    ...(settings.mail ? { mail: settings.mail } : {}),
    ...stackOverrides,
  });
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  return { app, stack };
}
