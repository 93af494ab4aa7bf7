import {
  CloudFormationServiceException,
  DescribeStacksCommand,
} from '@aws-sdk/client-cloudformation';
import { GetAccountSettingsCommand } from '@aws-sdk/client-lambda';
import { GetAccountCommand, GetEmailIdentityCommand } from '@aws-sdk/client-sesv2';
import { GetParameterCommand } from '@aws-sdk/client-ssm';
import { App, CfnOutput, CfnResource, Stack } from 'aws-cdk-lib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '@hatchworks/shared/routes';
import { exitCodeOf, formatResult, type PreflightTarget } from '../aws/ops/preflight/check';
import {
  checkLambdaConcurrency,
  functionDemand,
} from '../aws/ops/preflight/checks/lambda-concurrency';
import { checkTemplateQuotas } from '../aws/ops/preflight/checks/template-quotas';
import { CHECKS, runChecks } from '../aws/ops/preflight/run-checks';
import {
  ACCOUNT,
  EDGE_REGION,
  NO_STACK,
  mockedRegions,
  printed,
  targetOf,
  twoRegionApp,
} from './support/preflight';
import { synthSite } from './support/synth-site';

const aws = mockedRegions();
afterEach(() => aws.reset());
afterAll(() => aws.restore());

describe('preflight on the synthesized prod app', () => {
  let target: PreflightTarget;
  beforeAll(() => {
    const site = synthSite();
    target = {
      settings: site.settings,
      account: ACCOUNT,
      region: site.stack.region,
      app: site.app,
    };
  });

  /** Every AWS answer of an account ready for the first deploy. */
  function readyAccount() {
    const mocks = aws.mocks(EDGE_REGION);
    mocks.ses
      .on(GetEmailIdentityCommand)
      .resolves({ VerifiedForSendingStatus: true })
      .on(GetAccountCommand)
      .resolves({ ProductionAccessEnabled: true, SendingEnabled: true });
    mocks.ssm.on(GetParameterCommand).resolves({ Parameter: { Value: '28' } });
    mocks.cloudFormation.on(DescribeStacksCommand).rejects(NO_STACK);
    mocks.lambda.on(GetAccountSettingsCommand).resolves({
      AccountLimit: { ConcurrentExecutions: 1000, UnreservedConcurrentExecutions: 1000 },
    });
    return mocks;
  }

  it('counts the functions the stack deploys: a route each, the mail function and more', () => {
    // Act
    const { functions, reserved } = functionDemand(target.app, target.region);
    // Assess
    expect(functions).toBeGreaterThan(ROUTES.length + 1);
    expect(reserved).toBe(0);
  });

  it('warns at the new-account concurrency of 10, with the Service Quotas request', async () => {
    // Prepare
    aws
      .mocks(EDGE_REGION)
      .lambda.on(GetAccountSettingsCommand)
      .resolves({
        AccountLimit: { ConcurrentExecutions: 10, UnreservedConcurrentExecutions: 10 },
      });
    const { functions } = functionDemand(target.app, target.region);
    // Act
    const results = await checkLambdaConcurrency(target, aws.clientsFor);
    // Assess
    expect(printed(results)).toEqual([
      `warn Lambda concurrency (${EDGE_REGION}): account limit 10 (10 unreserved) for ${functions} ` +
        'functions: below the default 1000, the whole site serves at most 10 requests at once and ' +
        'answers the rest 429/503 → Service Quotas → AWS Lambda → Concurrent executions → Request ' +
        'increase, or aws service-quotas request-service-quota-increase --service-code lambda ' +
        `--quota-code L-B99A9384 --desired-value 1000 --region ${EDGE_REGION} ` +
        '(https://docs.aws.amazon.com/lambda/latest/dg/gettingstarted-limits.html)',
    ]);
    expect(exitCodeOf(results)).toBe(0);
  });

  it('passes templates within the quotas', async () => {
    // Act
    const results = await checkTemplateQuotas(targetOf({}, twoRegionApp()), aws.clientsFor);
    // Assess
    expect(printed(results)).toEqual([
      'ok   template quotas: every template within the AWS quotas of infra/aws/quotas.ts',
    ]);
  });

  it('fails a template over a quota, naming it, the value and the page', async () => {
    // Prepare
    const app = new App();
    const stack = new Stack(app, 'Big');
    new CfnResource(stack, 'Topic', { type: 'AWS::SNS::Topic' });
    for (let index = 0; index < 201; index += 1) {
      new CfnOutput(stack, `Output${index}`, { value: String(index) });
    }
    // Act
    const results = await checkTemplateQuotas(targetOf({}, app), aws.clientsFor);
    // Assess
    expect(printed(results)).toEqual([
      expect.stringMatching(
        /^fail template quotas: CloudFormation outputs per template: 201 outputs in Big, over the limit of 200 \(https:\/\/docs\.aws\.amazon\.com\/AWSCloudFormation\/.*\) → change the stack/,
      ),
    ]);
  });

  it('prints one ok line per check and exits 0 for an account ready for the first deploy', async () => {
    // Prepare: the templates' quotas are the app's own (quotas.test.ts), not the account's
    readyAccount();
    const accountChecks = CHECKS.filter(([name]) => name !== 'template quotas');
    // Act
    const results = await runChecks(target, aws.clientsFor, accountChecks);
    // Assess
    expect(printed(results)).toEqual([
      'ok   mail sender: no-reply@hatchworks.example, sent as SES identity hatchworks.example',
      `ok   SES identity (${EDGE_REGION}): hatchworks.example is verified for sending`,
      `ok   SES account (${EDGE_REGION}): production access, sending enabled`,
      expect.stringMatching(
        /^ok {3}CDK bootstrap \(us-east-1\): version 28 \(the stacks need \d+\)$/,
      ),
      expect.stringMatching(/^ok {3}Cognito domain \(us-east-1\): hatchworks-prod-<first 8 hex/),
      expect.stringMatching(/^ok {3}Lambda concurrency \(us-east-1\): account limit 1000 /),
    ]);
    expect(exitCodeOf(results)).toBe(0);
  });

  it('exits 1 when a check fails, and fails a check AWS would not answer without stopping the rest', async () => {
    // Prepare
    const mocks = readyAccount();
    mocks.ses
      .on(GetAccountCommand)
      .resolves({ ProductionAccessEnabled: false, SendingEnabled: true });
    const denied = new CloudFormationServiceException({
      name: 'AccessDenied',
      $fault: 'client',
      $metadata: { httpStatusCode: 403 },
      message: 'not authorized to perform: cloudformation:DescribeStacks',
    });
    mocks.cloudFormation.on(DescribeStacksCommand).rejects(denied);
    const accountChecks = CHECKS.filter(([name]) => name !== 'template quotas');
    // Act
    const results = await runChecks(target, aws.clientsFor, accountChecks);
    // Assess
    expect(results.filter((result) => result.status === 'fail').map(formatResult)).toEqual([
      expect.stringMatching(/^fail SES account \(us-east-1\): in the SES sandbox/),
      'fail Cognito domain: could not ask AWS (AccessDenied: not authorized to perform: ' +
        'cloudformation:DescribeStacks) → the read permission it names, then again',
    ]);
    expect(results).toHaveLength(accountChecks.length);
    expect(exitCodeOf(results)).toBe(1);
  });
});
