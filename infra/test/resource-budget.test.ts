import { beforeAll, describe, expect, it } from 'vitest';
import { ROUTES, type RouteDefinition } from '@hatchworks/shared/routes';
import { FUNCTION_ROLE_POLICY_NAME } from '../aws/constructs/function-role';
import { logicalIdOf, resourcesOf, synthSite, type SynthesizedSite } from './support/synth-site';

/**
 * CloudFormation refuses a stack of more than 500 resources. The budget keeps room below that
 * for what comes next; each API route costs four (function, role with its grants inline,
 * integration, route: API Gateway invokes the functions with one role per area of handlers, not
 * a permission per function). The alarms live in a nested stack (infra/aws/README.md,
 * "Resources").
 */
const RESOURCE_BUDGET = 460;
const CLOUDFORMATION_LIMIT = 500;

const overBudget = (name: string, count: number) =>
  `The ${name} stack has ${count} CloudFormation resources, over the budget of ` +
  `${RESOURCE_BUDGET}; CloudFormation refuses more than ${CLOUDFORMATION_LIMIT} in one stack. ` +
  'Look for resources a construct makes per function that it need not (infra/aws/README.md, ' +
  '"Resources"), or move a self-contained part (the site and its deployment, the stream ' +
  "consumers) into a nested stack (aws-cdk-lib's NestedStack) before raising the budget.";

describe('the stack within CloudFormation limits', () => {
  // The largest configurations: Cognito brings its pool and the migration trigger, an external
  // issuer neither.
  let cognito: SynthesizedSite;
  let external: SynthesizedSite;
  beforeAll(() => {
    cognito = synthSite({ context: { mailFrom: 'no-reply@hatchworks.example' } });
    external = synthSite({
      context: {
        mailFrom: 'no-reply@hatchworks.example',
        authIssuer: 'https://issuer.example/',
        authClientId: 'spa-client',
      },
    });
  });

  it(`stays within a budget of ${RESOURCE_BUDGET} resources`, () => {
    for (const [name, site] of [
      ['Cognito', cognito],
      ['external issuer', external],
    ] as const) {
      // Act
      const count = Object.keys(resourcesOf(site)).length;
      // Assess
      expect(count, `${overBudget(name, count)}`).toBeLessThanOrEqual(RESOURCE_BUDGET);
    }
  });

  it('keeps every grant inline in its role, with no separate policy resource', () => {
    // Act
    const resources = Object.values(resourcesOf(cognito));
    const roles = resources.filter((resource) => resource.Type === 'AWS::IAM::Role');
    // Assess
    expect(resources.filter((resource) => resource.Type === 'AWS::IAM::Policy')).toEqual([]);
    for (const role of roles) {
      expect(role.Properties?.Policies).toEqual([
        expect.objectContaining({ PolicyName: FUNCTION_ROLE_POLICY_NAME }),
      ]);
    }
  });

  it.each(ROUTES.map((route) => route.id))(
    'holds the X-Ray grant and the credential deny inline in the role of %s',
    (routeId) => {
      // Prepare
      const fn = cognito.stack.api.functions.get(routeId);
      if (!fn) throw new Error(`no function for ${routeId}`);
      const route = (ROUTES as readonly RouteDefinition[]).find(
        (candidate) => candidate.id === routeId,
      );
      // Act
      const role = resourcesOf(cognito)[logicalIdOf(cognito, fn.role)];
      const [policy] = role?.Properties?.Policies as {
        PolicyDocument: { Statement: { Sid?: string; Effect: string; Action: unknown }[] };
      }[];
      const statements = policy?.PolicyDocument.Statement ?? [];
      // Assess
      expect(statements).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            Effect: 'Allow',
            Action: ['xray:PutTelemetryRecords', 'xray:PutTraceSegments'],
            Resource: '*',
          }),
        ]),
      );
      const denies = statements.filter((statement) => statement.Effect === 'Deny');
      expect(denies.map((statement) => statement.Sid)).toEqual(
        route?.credentials ? [] : ['DenyCredentialItems'],
      );
    },
  );
});
