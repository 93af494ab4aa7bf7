import {
  CloudFormationClient,
  CloudFormationServiceException,
} from '@aws-sdk/client-cloudformation';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { LambdaClient } from '@aws-sdk/client-lambda';
import { SESv2Client } from '@aws-sdk/client-sesv2';
import { SSMClient } from '@aws-sdk/client-ssm';
import { App, CfnResource, Stack, type Stage } from 'aws-cdk-lib';
import { mockClient, type AwsClientStub } from 'aws-sdk-client-mock';
import { readSiteSettings } from '../../aws/config/site-context';
import {
  formatResult,
  type CheckResult,
  type ClientsFor,
  type PreflightTarget,
  type RegionClients,
} from '../../aws/ops/preflight/check';

export const ACCOUNT = '123456789012';
export const REGION = 'eu-west-1';
export const EDGE_REGION = 'us-east-1';
export const STACK_NAME = 'Hatchworks-Prod';

/** DescribeStacks on a stack that was never deployed, as CloudFormation answers it. */
export const NO_STACK = new CloudFormationServiceException({
  name: 'ValidationError',
  $fault: 'client',
  $metadata: { httpStatusCode: 400 },
  message: `Stack with id ${STACK_NAME} does not exist`,
});

/** The lines the preflight prints for `results`. */
export const printed = (results: readonly CheckResult[]): string[] => results.map(formatResult);

/** A prod-shaped app of one-resource stacks: the site's region and us-east-1. */
export function twoRegionApp(): App {
  const app = new App();
  for (const [id, region] of [
    ['Site', REGION],
    ['Waf', EDGE_REGION],
  ] as const) {
    const stack = new Stack(app, id, { env: { account: ACCOUNT, region } });
    new CfnResource(stack, 'Topic', { type: 'AWS::SNS::Topic' });
  }
  return app;
}

/** A target read from `context` as the app reads it (prod in REGION with a sender by default). */
export function targetOf(
  context: Record<string, unknown> = {},
  app: Stage = new App(),
): PreflightTarget {
  const settings = readSiteSettings(
    new App({
      context: {
        stage: 'prod',
        region: REGION,
        mailFrom: 'Hatchworks <no-reply@hatchworks.example>',
        ...context,
      },
    }).node,
  );
  return { settings, account: ACCOUNT, region: settings.region ?? REGION, app };
}

interface Mocks {
  readonly cloudFormation: AwsClientStub<CloudFormationClient>;
  readonly cognito: AwsClientStub<CognitoIdentityProviderClient>;
  readonly lambda: AwsClientStub<LambdaClient>;
  readonly ses: AwsClientStub<SESv2Client>;
  readonly ssm: AwsClientStub<SSMClient>;
}

/**
 * Real SDK clients per region, each mocked on its own (aws-sdk-client-mock), so a test can
 * answer differently in each region; `restore` puts them back.
 */
export function mockedRegions(regions: readonly string[] = [REGION, EDGE_REGION]) {
  const made = new Map(
    regions.map((region) => {
      const clients: RegionClients = {
        cloudFormation: new CloudFormationClient({ region }),
        cognito: new CognitoIdentityProviderClient({ region }),
        lambda: new LambdaClient({ region }),
        ses: new SESv2Client({ region }),
        ssm: new SSMClient({ region }),
      };
      const mocks: Mocks = {
        cloudFormation: mockClient(clients.cloudFormation),
        cognito: mockClient(clients.cognito),
        lambda: mockClient(clients.lambda),
        ses: mockClient(clients.ses),
        ssm: mockClient(clients.ssm),
      };
      return [region, { clients, mocks }] as const;
    }),
  );
  const entry = (region: string) => {
    const found = made.get(region);
    if (!found) throw new Error(`no clients for ${region}`);
    return found;
  };
  const clientsFor: ClientsFor = (region) => entry(region).clients;
  return {
    clientsFor,
    mocks: (region: string = REGION) => entry(region).mocks,
    reset: () => {
      for (const { mocks } of made.values()) {
        for (const mock of Object.values(mocks) as AwsClientStub<SSMClient>[]) mock.reset();
      }
    },
    restore: () => {
      for (const { mocks } of made.values()) {
        for (const mock of Object.values(mocks) as AwsClientStub<SSMClient>[]) mock.restore();
      }
    },
  };
}
