import { beforeAll, describe, expect, it } from 'vitest';
import { ROUTES, routeKey } from '@hatchworks/shared/routes';
import { TABLE_ACTIONS } from '../aws/constructs/app-function';
import { STAGE_THROTTLE } from '../aws/constructs/route-throttles';
import { API_ROUTE_KEYS } from '../aws/stacks/site-stack';
import { allowedActions, statementsOfRole } from './support/iam';
import { logicalIdOf, synthSite, type SynthesizedSite } from './support/synth-site';

interface Resource {
  readonly Properties: Record<string, unknown>;
}

describe('the HTTP API on AWS', () => {
  let site: SynthesizedSite;
  beforeAll(() => {
    site = synthSite();
  });

  const fnOf = (id: string) => {
    const fn = site.stack.api.functions.get(id);
    if (!fn) throw new Error(`no function for route ${id}`);
    return fn;
  };

  it('creates exactly one Node.js Lambda function per manifest route, besides its key, login triggers, table stream, webhook deliveries and embed origins', () => {
    // Prepare: the functions of ours that serve no route.
    const others = [
      site.stack.signingKey.generator,
      site.stack.loginTriggers?.handler,
      // The table stream's one reader: mail, notifications, search.
      site.stack.tableStream.handler,
      // The webhook delivery queue's consumer.
      site.stack.webhooks.handler,
      // The table stream's second reader: the panels' origins in CloudFront.
      site.stack.embedOrigins.handler,
    ].map((fn) => (fn ? logicalIdOf(site, fn.function) : ''));
    // Act
    const functions = Object.entries(
      site.template.findResources('AWS::Lambda::Function', {
        Properties: { Runtime: 'nodejs22.x' },
      }),
    ).filter(([id]) => !others.includes(id)) as [string, Resource][];
    // Assess
    expect(functions).toHaveLength(ROUTES.length);
    expect(functions.map(([, fn]) => fn.Properties.Description).sort()).toEqual(
      ROUTES.map(routeKey).sort(),
    );
  });

  it.each(ROUTES)(
    'runs $id on nodejs22.x/arm64 with X-Ray, its own log group and TABLE_NAME',
    (route) => {
      // Prepare
      const fn = fnOf(route.id);
      // Act
      const properties = (
        site.template.findResources('AWS::Lambda::Function')[
          logicalIdOf(site, fn.function)
        ] as Resource
      ).Properties;
      // Assess
      expect(properties).toMatchObject({
        Runtime: 'nodejs22.x',
        Architectures: ['arm64'],
        Handler: 'index.handler',
        TracingConfig: { Mode: 'Active' },
        LoggingConfig: { LogGroup: { Ref: logicalIdOf(site, fn.logGroup) } },
        Environment: {
          Variables: {
            TABLE_NAME: { Ref: logicalIdOf(site, site.stack.table.table) },
            NODE_OPTIONS: '--enable-source-maps',
            LOG_LEVEL: 'INFO',
          },
        },
      });
      const logGroup = site.template.findResources('AWS::Logs::LogGroup')[
        logicalIdOf(site, fn.logGroup)
      ] as Resource;
      expect(logGroup.Properties.RetentionInDays).toBe(30);
    },
  );

  it('serves exactly the route keys of the manifest', () => {
    // Act
    const routeKeys = Object.values(site.template.findResources('AWS::ApiGatewayV2::Route')).map(
      (route) => (route as Resource).Properties.RouteKey,
    );
    // Assess
    expect(routeKeys.sort()).toEqual(ROUTES.map(routeKey).sort());
    expect([...API_ROUTE_KEYS].sort()).toEqual(ROUTES.map(routeKey).sort());
    expect(routeKeys).toContain('ANY /api/{proxy+}');
  });

  it.each(ROUTES)('sends $method $path to its own function with payload format 2.0', (route) => {
    // Prepare
    const functionId = logicalIdOf(site, fnOf(route.id).function);
    const integrations = site.template.findResources('AWS::ApiGatewayV2::Integration', {
      Properties: {
        IntegrationType: 'AWS_PROXY',
        PayloadFormatVersion: '2.0',
        IntegrationUri: { 'Fn::GetAtt': [functionId, 'Arn'] },
      },
    });
    const [integrationId] = Object.keys(integrations);
    // Act + Assess
    expect(Object.keys(integrations)).toHaveLength(1);
    site.template.hasResourceProperties('AWS::ApiGatewayV2::Route', {
      RouteKey: routeKey(route),
      Target: { 'Fn::Join': ['', ['integrations/', { Ref: integrationId }]] },
    });
  });

  it.each(ROUTES)(
    "lets API Gateway invoke $id with its area's role, which may invoke nothing else",
    (route) => {
      // Prepare
      const functionId = logicalIdOf(site, fnOf(route.id).function);
      const [integration] = Object.values(
        site.template.findResources('AWS::ApiGatewayV2::Integration', {
          Properties: { IntegrationUri: { 'Fn::GetAtt': [functionId, 'Arn'] } },
        }),
      ) as Resource[];
      const roleId = (integration!.Properties.CredentialsArn as { 'Fn::GetAtt': [string, string] })[
        'Fn::GetAtt'
      ][0];
      const role = site.template.findResources('AWS::IAM::Role')[roleId] as Resource;
      // Act
      const statements = statementsOfRole(site.template, roleId);
      const invoked = statements.flatMap((statement) => [statement.Resource].flat());
      // Assess
      expect(role.Properties.AssumeRolePolicyDocument).toEqual({
        Version: '2012-10-17',
        Statement: [
          {
            Action: 'sts:AssumeRole',
            Effect: 'Allow',
            Principal: { Service: 'apigateway.amazonaws.com' },
          },
        ],
      });
      expect(statements.every((statement) => statement.Action === 'lambda:InvokeFunction')).toBe(
        true,
      );
      expect(invoked).toContainEqual({ 'Fn::GetAtt': [functionId, 'Arn'] });
      // Only route functions of the same area (handlers/<area>/).
      const area = route.handler.split('/')[0];
      const sameArea = ROUTES.filter((each) => each.handler.split('/')[0] === area).map((each) => ({
        'Fn::GetAtt': [logicalIdOf(site, fnOf(each.id).function), 'Arn'],
      }));
      expect(invoked).toHaveLength(sameArea.length);
      expect(invoked).toEqual(expect.arrayContaining(sameArea));
    },
  );

  it('gives no function a resource-based permission for API Gateway', () => {
    // Act
    const permissions = Object.values(
      site.template.findResources('AWS::Lambda::Permission'),
    ) as Resource[];
    // Assess
    expect(permissions.map((each) => each.Properties.Principal)).not.toContain(
      'apigateway.amazonaws.com',
    );
  });

  it('logs every request and throttles the default stage', () => {
    expect(() =>
      site.template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
        StageName: '$default',
        AutoDeploy: true,
        AccessLogSettings: {
          DestinationArn: { 'Fn::GetAtt': [logicalIdOf(site, site.stack.api.accessLogs), 'Arn'] },
        },
        // Every route has its own throttle (operations.test.ts); this is the fallback.
        DefaultRouteSettings: {
          ThrottlingRateLimit: STAGE_THROTTLE.rateLimit,
          ThrottlingBurstLimit: STAGE_THROTTLE.burstLimit,
        },
      }),
    ).not.toThrow();
  });

  it("writes API Gateway's and Lambda's request ids in each access-log line", () => {
    // Act
    const [stage] = Object.values(site.template.findResources('AWS::ApiGatewayV2::Stage'));
    const format = JSON.parse(
      (stage?.Properties as { AccessLogSettings: { Format: string } }).AccessLogSettings.Format,
    ) as Record<string, string>;
    // Assess: the keys docs/operations.md's queries use
    expect(format).toMatchObject({
      requestId: '$context.requestId',
      lambdaRequestId: '$context.integration.requestId',
      status: '$context.status',
    });
  });

  describe('least privilege', () => {
    it.each(ROUTES)('grants $id exactly its "$table" table access', (route) => {
      // Act
      const actions = allowedActions(site.template, logicalIdOf(site, fnOf(route.id).role));
      // Assess
      expect(actions.filter((action) => action.startsWith('dynamodb:'))).toEqual(
        [...TABLE_ACTIONS[route.table]].sort(),
      );
      expect(actions).not.toContain('dynamodb:Scan');
    });

    it.each(ROUTES)('gives $id a role with no managed policies', (route) => {
      // Act
      const role = site.template.findResources('AWS::IAM::Role')[
        logicalIdOf(site, fnOf(route.id).role)
      ] as Resource;
      // Assess
      expect(role.Properties.ManagedPolicyArns).toBeUndefined();
    });
  });
});
