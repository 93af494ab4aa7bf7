import {
  CloudFormationServiceException,
  DescribeStacksCommand,
} from '@aws-sdk/client-cloudformation';
import {
  DescribeUserPoolDomainCommand,
  ResourceNotFoundException,
} from '@aws-sdk/client-cognito-identity-provider';
import { GetAccountSettingsCommand } from '@aws-sdk/client-lambda';
import { GetAccountCommand, GetEmailIdentityCommand } from '@aws-sdk/client-sesv2';
import { GetParameterCommand, ParameterNotFound } from '@aws-sdk/client-ssm';
import { App, CfnOutput, CfnResource, Stack } from 'aws-cdk-lib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '@hatchworks/shared/routes';
import { exitCodeOf, formatResult, type PreflightTarget } from '../aws/ops/preflight/check';
import { checkBootstrap } from '../aws/ops/preflight/checks/bootstrap';
import { checkCognitoDomain } from '../aws/ops/preflight/checks/cognito-domain';
import {
  checkLambdaConcurrency,
  functionDemand,
} from '../aws/ops/preflight/checks/lambda-concurrency';
import { checkTemplateQuotas } from '../aws/ops/preflight/checks/template-quotas';
import { CHECKS, runChecks } from '../aws/ops/preflight/run-checks';
import { ACCOUNT, EDGE_REGION, REGION, mockedRegions, targetOf } from './support/preflight';
import { synthSite } from './support/synth-site';

const aws = mockedRegions();
afterEach(() => aws.reset());
afterAll(() => aws.restore());

const STACK_NAME = 'Hatchworks-Prod';
const STACK_ID = `arn:aws:cloudformation:${REGION}:${ACCOUNT}:stack/${STACK_NAME}/1c2fa620-982a-11e3-aff7-50e2416294e0`;
/** DescribeStacks on a stack that was never deployed, as CloudFormation answers it. */
const NO_STACK = new CloudFormationServiceException({
  name: 'ValidationError',
  $fault: 'client',
  $metadata: { httpStatusCode: 400 },
  message: `Stack with id ${STACK_NAME} does not exist`,
});

/** A prod-shaped app of empty stacks: the site's region and us-east-1. */
function twoRegionApp(): App {
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

const lines = (results: readonly { status: string }[]) =>
  (results as Parameters<typeof formatResult>[0][]).map(formatResult);

describe('preflight: CDK bootstrap (SSM /cdk-bootstrap/hnb659fds/version)', () => {
  it("passes when every region of the app is bootstrapped at the stacks' version or later", async () => {
    // Prepare
    for (const region of [REGION, EDGE_REGION]) {
      aws
        .mocks(region)
        .ssm.on(GetParameterCommand, { Name: '/cdk-bootstrap/hnb659fds/version' })
        .resolves({ Parameter: { Name: '/cdk-bootstrap/hnb659fds/version', Value: '28' } });
    }
    // Act
    const results = await checkBootstrap(targetOf({}, twoRegionApp()), aws.clientsFor);
    // Assess
    expect(lines(results)).toEqual([
      `ok   CDK bootstrap (${REGION}): version 28 (the stacks need 6)`,
      `ok   CDK bootstrap (${EDGE_REGION}): version 28 (the stacks need 6)`,
    ]);
  });

  it('fails a region without bootstrap, and one too old, with the bootstrap command', async () => {
    // Prepare
    aws
      .mocks(REGION)
      .ssm.on(GetParameterCommand)
      .resolves({ Parameter: { Value: '5' } });
    aws
      .mocks(EDGE_REGION)
      .ssm.on(GetParameterCommand)
      .rejects(new ParameterNotFound({ message: '', $metadata: {} }));
    // Act
    const results = await checkBootstrap(targetOf({}, twoRegionApp()), aws.clientsFor);
    // Assess
    expect(lines(results)).toEqual([
      `fail CDK bootstrap (${REGION}): version 5, the stacks need 6 → npx cdk bootstrap aws://${ACCOUNT}/${REGION}`,
      `fail CDK bootstrap (${EDGE_REGION}): not bootstrapped (no /cdk-bootstrap/hnb659fds/version) → ` +
        `npx cdk bootstrap aws://${ACCOUNT}/${EDGE_REGION}`,
    ]);
    expect(exitCodeOf(results)).toBe(1);
  });
});

describe('preflight: the Cognito domain (DescribeUserPoolDomain)', () => {
  it('fails a prefix another user pool holds, naming the context key that changes it', async () => {
    // Prepare
    aws.mocks().cloudFormation.on(DescribeStacksCommand).rejects(NO_STACK);
    aws
      .mocks()
      .cognito.on(DescribeUserPoolDomainCommand, { Domain: 'hatchworks-login' })
      .resolves({
        DomainDescription: {
          Domain: 'hatchworks-login',
          UserPoolId: 'eu-west-1_Other',
          Status: 'ACTIVE',
        },
      });
    // Act
    const results = await checkCognitoDomain(
      targetOf({ authDomainPrefix: 'hatchworks-login' }),
      aws.clientsFor,
    );
    // Assess
    expect(lines(results)).toEqual([
      `fail Cognito domain (${REGION}): hatchworks-login belongs to user pool eu-west-1_Other, not ` +
        `to ${STACK_NAME} → choose another with -c authDomainPrefix=<domain>`,
    ]);
    expect(exitCodeOf(results)).toBe(1);
  });

  it('passes a free prefix (an empty answer or ResourceNotFoundException), naming the plan', async () => {
    // Prepare
    aws.mocks().cloudFormation.on(DescribeStacksCommand).rejects(NO_STACK);
    aws
      .mocks()
      .cognito.on(DescribeUserPoolDomainCommand, { Domain: 'hatchworks-login' })
      .resolves({ DomainDescription: {} })
      .on(DescribeUserPoolDomainCommand, { Domain: 'hatchworks-auth' })
      .rejects(new ResourceNotFoundException({ message: 'not found', $metadata: {} }));
    // Act
    const empty = await checkCognitoDomain(
      targetOf({ authDomainPrefix: 'hatchworks-login' }),
      aws.clientsFor,
    );
    const missing = await checkCognitoDomain(
      targetOf({ authDomainPrefix: 'hatchworks-auth', authThreatProtection: 'off' }),
      aws.clientsFor,
    );
    // Assess
    expect(lines([...empty, ...missing])).toEqual([
      `ok   Cognito domain (${REGION}): hatchworks-login is free; Plus plan (threat protection enforced)`,
      `ok   Cognito domain (${REGION}): hatchworks-auth is free; Essentials plan`,
    ]);
  });

  it("passes a derived prefix: unique before the stack exists, the stack's own after", async () => {
    // Prepare
    aws
      .mocks()
      .cloudFormation.on(DescribeStacksCommand)
      .rejectsOnce(NO_STACK)
      .resolves({
        Stacks: [
          {
            StackName: STACK_NAME,
            StackId: STACK_ID,
            StackStatus: 'UPDATE_COMPLETE',
            CreationTime: new Date(),
            Outputs: [{ OutputKey: 'UserPoolId', OutputValue: 'eu-west-1_Ours' }],
          },
        ],
      });
    aws
      .mocks()
      .cognito.on(DescribeUserPoolDomainCommand, { Domain: 'hatchworks-prod-1c2fa620' })
      .resolves({
        DomainDescription: { Domain: 'hatchworks-prod-1c2fa620', UserPoolId: 'eu-west-1_Ours' },
      });
    // Act
    const before = await checkCognitoDomain(targetOf(), aws.clientsFor);
    const after = await checkCognitoDomain(targetOf(), aws.clientsFor);
    // Assess
    expect(lines([...before, ...after])).toEqual([
      `ok   Cognito domain (${REGION}): hatchworks-prod-<first 8 hex digits of the new stack's id>, ` +
        'unique by its id; Plus plan (threat protection enforced)',
      `ok   Cognito domain (${REGION}): hatchworks-prod-1c2fa620 is already this stack's ` +
        '(eu-west-1_Ours); Plus plan (threat protection enforced)',
    ]);
  });

  it('skips an external issuer: no user pool', async () => {
    // Act
    const results = await checkCognitoDomain(
      targetOf({ authIssuer: 'https://issuer.example/', authClientId: 'spa' }),
      aws.clientsFor,
    );
    // Assess
    expect(lines(results)).toEqual([
      'ok   Cognito domain: external issuer https://issuer.example/: no user pool',
    ]);
    expect(aws.mocks().cognito.calls()).toHaveLength(0);
  });
});

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
    expect(lines(results)).toEqual([
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
    expect(lines(results)).toEqual([
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
    expect(lines(results)).toEqual([
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
    expect(lines(results)).toEqual([
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
