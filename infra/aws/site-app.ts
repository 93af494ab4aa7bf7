import { App, Validations, type AppProps } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { readSiteSettings, type SiteSettings } from './config/site-context';
import { EdgeAlarmsStack, WafStack } from './stacks/edge-stacks';
import { SiteStack } from './stacks/site-stack';

/** CloudFront's region: its WAF web ACLs and its (and their) metrics live only there. */
export const EDGE_REGION = 'us-east-1';

export interface SiteApp {
  readonly app: App;
  readonly settings: SiteSettings;
  /** The stage's site stack. */
  readonly stack: SiteStack;
  /** Prod only: the web ACL's stack in us-east-1, deployed first. */
  readonly waf?: WafStack;
  /** Prod only: CloudFront's and the WAF's alarms in us-east-1, deployed last. */
  readonly edgeAlarms?: EdgeAlarmsStack;
}

/**
 * Builds the app from its context: the chosen stage's stacks (dev: the site stack alone; prod:
 * the WAF stack, the site stack and the edge alarms), checked by cdk-nag's AWS Solutions pack at
 * synth (an unacknowledged error finding fails `cdk synth`). The tests build the very same app.
 */
export function createSiteApp(
  props: AppProps = {},
  stackOverrides: { webDistPath?: string; projectBuildsPath?: string } = {},
): SiteApp {
  const app = new App(props);
  const settings = readSiteSettings(app.node);
  const account = process.env.CDK_DEFAULT_ACCOUNT;
  const prod = settings.stage === 'prod';
  // Prod's stacks reference each other across regions, which needs the site's region at synth:
  // the operator's, else the CLI's, else CloudFront's own.
  const region = prod ? (settings.region ?? EDGE_REGION) : settings.region;
  const crossRegionReferences = prod && region !== EDGE_REGION;
  const edgeEnv = { account, region: EDGE_REGION };

  const webAclName = `${settings.stackName}-Waf`;
  const waf = prod
    ? new WafStack(app, webAclName, {
        description: 'Hatchworks: the WAF web ACL in front of CloudFront (us-east-1)',
        env: edgeEnv,
        crossRegionReferences,
        webAclName,
      })
    : undefined;
  const stack = new SiteStack(app, settings.stackName, {
    description:
      'Hatchworks: portfolio and community site (CloudFront, S3, HTTP API, Lambda, DynamoDB, Cognito)',
    // Dev stays env-agnostic unless the CLI knows the account: synth works offline.
    env: { account, region },
    crossRegionReferences,
    stage: settings.stage,
    alarms: settings.alarms,
    ...(settings.existingTable ? { existingTable: settings.existingTable } : {}),
    ...(waf ? { webAcl: { arn: waf.firewall.webAcl.attrArn, name: webAclName } } : {}),
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
  const edgeAlarms = prod
    ? new EdgeAlarmsStack(app, `${settings.stackName}-EdgeAlarms`, {
        description: "Hatchworks: alarms on CloudFront's and the WAF's metrics (us-east-1)",
        env: edgeEnv,
        crossRegionReferences,
        distributionId: stack.site.distribution.distributionId,
        webAclName,
        ...(settings.alarms.email ? { alarmEmail: settings.alarms.email } : {}),
      })
    : undefined;
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  return {
    app,
    settings,
    stack,
    ...(waf ? { waf } : {}),
    ...(edgeAlarms ? { edgeAlarms } : {}),
  };
}
