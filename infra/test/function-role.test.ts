import { App, Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Code, Function as LambdaFunction, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { describe, expect, it } from 'vitest';
import { FUNCTION_ROLE_POLICY_NAME, FunctionRole } from '../aws/constructs/function-role';

describe('FunctionRole', () => {
  it("keeps a traced function's grants inline, X-Ray's included, with no policy resource", () => {
    // Prepare
    const stack = new Stack(new App(), 'Test');
    const role = new FunctionRole(stack, 'Role', { description: 'a probe' });
    // Act
    new LambdaFunction(stack, 'Fn', {
      runtime: Runtime.NODEJS_22_X,
      handler: 'index.handler',
      code: Code.fromInline('export const handler = async () => {};'),
      tracing: Tracing.ACTIVE,
      role,
    });
    role.addToPrincipalPolicy(
      new PolicyStatement({ actions: ['sqs:SendMessage'], resources: ['arn:aws:sqs:::probe'] }),
    );
    const template = Template.fromStack(stack);
    // Assess
    expect(template.findResources('AWS::IAM::Policy')).toEqual({});
    const inlineGrants = () =>
      template.hasResourceProperties('AWS::IAM::Role', {
        AssumeRolePolicyDocument: {
          Statement: [Match.objectLike({ Principal: { Service: 'lambda.amazonaws.com' } })],
        },
        Policies: [
          {
            PolicyName: FUNCTION_ROLE_POLICY_NAME,
            PolicyDocument: {
              Version: '2012-10-17',
              Statement: [
                {
                  Effect: 'Allow',
                  Action: ['xray:PutTraceSegments', 'xray:PutTelemetryRecords'],
                  Resource: '*',
                },
                { Effect: 'Allow', Action: 'sqs:SendMessage', Resource: 'arn:aws:sqs:::probe' },
              ],
            },
          },
        ],
      });
    expect(inlineGrants).not.toThrow();
  });

  it('renders no inline policy while it holds no grant (IAM refuses an empty one)', () => {
    // Prepare
    const stack = new Stack(new App(), 'Test');
    // Act
    new FunctionRole(stack, 'Role', { description: 'a probe' });
    const roles = Template.fromStack(stack).findResources('AWS::IAM::Role');
    // Assess
    expect(Object.values(roles).map((role) => 'Policies' in role.Properties)).toEqual([false]);
  });
});
