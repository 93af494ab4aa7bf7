import { DescribeStacksCommand } from '@aws-sdk/client-cloudformation';
import {
  DescribeUserPoolDomainCommand,
  ResourceNotFoundException,
} from '@aws-sdk/client-cognito-identity-provider';
import { GetParameterCommand, ParameterNotFound } from '@aws-sdk/client-ssm';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { exitCodeOf } from '../aws/ops/preflight/check';
import { checkBootstrap } from '../aws/ops/preflight/checks/bootstrap';
import { checkCognitoDomain } from '../aws/ops/preflight/checks/cognito-domain';
import {
  ACCOUNT,
  EDGE_REGION,
  NO_STACK,
  REGION,
  STACK_NAME,
  mockedRegions,
  printed,
  targetOf,
  twoRegionApp,
} from './support/preflight';

const aws = mockedRegions();
afterEach(() => aws.reset());
afterAll(() => aws.restore());

const STACK_ID = `arn:aws:cloudformation:${REGION}:${ACCOUNT}:stack/${STACK_NAME}/1c2fa620-982a-11e3-aff7-50e2416294e0`;

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
    expect(printed(results)).toEqual([
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
    expect(printed(results)).toEqual([
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
    expect(printed(results)).toEqual([
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
    expect(printed([...empty, ...missing])).toEqual([
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
    expect(printed([...before, ...after])).toEqual([
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
    expect(printed(results)).toEqual([
      'ok   Cognito domain: external issuer https://issuer.example/: no user pool',
    ]);
    expect(aws.mocks().cognito.calls()).toHaveLength(0);
  });
});
