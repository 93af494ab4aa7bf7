import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { METRIC_NAMES, METRICS_NAMESPACE_ENV } from '@hatchworks/functions/lib/metrics';
import { ROUTES, throttleClassOf, type RouteDefinition } from '@hatchworks/shared/routes';
import { httpRouteKey } from '../aws/constructs/app-api';
import { MANAGED_RULE_GROUPS, RATE_RULES } from '../aws/constructs/edge-firewall';
import { LATENCY_WATCHED_ROUTES, ROUTE_THROTTLES } from '../aws/constructs/route-throttles';
import { logicalIdOf, synthSite, type SynthesizedSite } from './support/synth-site';

type Resource = {
  Type: string;
  Properties?: Record<string, unknown>;
  DeletionPolicy?: string;
  DependsOn?: string[];
};
type Resources = Record<string, Resource>;

const resourcesOf = (template: Template): Resources => template.toJSON().Resources as Resources;
const ofType = (template: Template, type: string): [string, Resource][] =>
  Object.entries(resourcesOf(template)).filter(([, resource]) => resource.Type === type);

const ALARM_EMAIL = 'ops@hatchworks.example';

/** The functions that get their own Errors and Throttles alarms: every route's and the triggers'. */
const WATCHED_FUNCTIONS = [...ROUTES.map((route) => route.id), 'TableStream', 'LoginTriggers'];

interface Alarm {
  readonly logicalId: string;
  readonly properties: Record<string, unknown>;
}

/**
 * An alarm's single metric in one shape: CDK writes a labelled metric as a one-entry `Metrics`
 * list rather than as top-level fields.
 */
function metricOf(properties: Record<string, unknown>): Record<string, unknown> {
  const [only] = (properties.Metrics ?? []) as {
    MetricStat?: {
      Metric: { Namespace: string; MetricName: string; Dimensions?: unknown };
      Stat: string;
      Period: number;
    };
  }[];
  if (!only?.MetricStat) return properties;
  const { Metric, Stat, Period } = only.MetricStat;
  return {
    ...properties,
    Namespace: Metric.Namespace,
    MetricName: Metric.MetricName,
    Dimensions: Metric.Dimensions,
    Period,
    ...(/^p\d/.test(Stat) ? { ExtendedStatistic: Stat } : { Statistic: Stat }),
  };
}

/** Alarms by the id they were given (`VoteFeatureErrors`), from a template's logical ids. */
function alarmsOf(template: Template): Map<string, Alarm> {
  const alarms = new Map<string, Alarm>();
  for (const [logicalId, resource] of ofType(template, 'AWS::CloudWatch::Alarm')) {
    // Logical ids are the construct id plus 8 hex of the path hash.
    alarms.set(logicalId.slice(0, -8), {
      logicalId,
      properties: metricOf(resource.Properties ?? {}),
    });
  }
  return alarms;
}

describe('prod: three stacks, protected, shielded and watched', () => {
  let site: SynthesizedSite;
  let monitoring: Template;
  let waf: Template;
  let edgeAlarms: Template;
  let alarms: Map<string, Alarm>;
  beforeAll(() => {
    site = synthSite({
      context: {
        stage: 'prod',
        region: 'eu-west-1',
        alarmEmail: ALARM_EMAIL,
        mailFrom: 'no-reply@hatchworks.example',
      },
    });
    if (!site.stack.monitoring || !site.waf || !site.edgeAlarms) throw new Error('not prod');
    monitoring = Template.fromStack(site.stack.monitoring);
    waf = Template.fromStack(site.waf);
    edgeAlarms = Template.fromStack(site.edgeAlarms);
    alarms = alarmsOf(monitoring);
  });

  it('names the stacks after the stage and puts the edge ones in us-east-1', () => {
    expect(site.stack.stackName).toBe('Hatchworks-Prod');
    expect(site.stack.region).toBe('eu-west-1');
    expect(site.waf?.stackName).toBe('Hatchworks-Prod-Waf');
    expect(site.waf?.region).toBe('us-east-1');
    expect(site.edgeAlarms?.stackName).toBe('Hatchworks-Prod-EdgeAlarms');
    expect(site.edgeAlarms?.region).toBe('us-east-1');
    // The WAF goes first, the edge alarms last.
    expect(site.stack.dependencies.map((stack) => stack.stackName)).toEqual([
      'Hatchworks-Prod-Waf',
    ]);
    expect(site.edgeAlarms?.dependencies.map((stack) => stack.stackName)).toEqual([
      'Hatchworks-Prod',
    ]);
  });

  it('keeps the table, the user pool and the secrets when the stack goes', () => {
    const [[, table] = []] = ofType(site.template, 'AWS::DynamoDB::Table');
    expect(table?.DeletionPolicy).toBe('Retain');
    expect(table?.Properties).toMatchObject({
      DeletionProtectionEnabled: true,
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
    });
    const [[, pool] = []] = ofType(site.template, 'AWS::Cognito::UserPool');
    expect(pool?.DeletionPolicy).toBe('Retain');
    expect(pool?.Properties).toMatchObject({ DeletionProtection: 'ACTIVE' });
    const secrets = ofType(site.template, 'AWS::SecretsManager::Secret');
    expect(secrets.length).toBeGreaterThan(0);
    for (const [id, secret] of secrets) {
      if (id.startsWith('OriginSecret')) continue; // replaced on rotation, nothing to keep
      expect(secret.DeletionPolicy, `${id}`).toBe('Retain');
    }
  });

  describe('the WAF', () => {
    it('is one web ACL for CloudFront with the managed rule groups first', () => {
      const [[, acl] = []] = ofType(waf, 'AWS::WAFv2::WebACL');
      const rules = acl?.Properties?.Rules as {
        Name: string;
        Priority: number;
        Statement: Record<string, Record<string, unknown>>;
        OverrideAction?: unknown;
      }[];
      expect(acl?.Properties).toMatchObject({ Scope: 'CLOUDFRONT', DefaultAction: { Allow: {} } });
      expect(MANAGED_RULE_GROUPS).toEqual([
        'AWSManagedRulesAmazonIpReputationList',
        'AWSManagedRulesCommonRuleSet',
        'AWSManagedRulesKnownBadInputsRuleSet',
      ]);
      for (const [index, name] of MANAGED_RULE_GROUPS.entries()) {
        expect(rules[index]).toMatchObject({
          Name: name,
          Priority: index,
          OverrideAction: { None: {} },
          Statement: { ManagedRuleGroupStatement: { VendorName: 'AWS', Name: name } },
        });
      }
    });

    it('only counts the common rule set’s body rules: bodies here are prose shown as text', () => {
      const [[, acl] = []] = ofType(waf, 'AWS::WAFv2::WebACL');
      const rules = acl?.Properties?.Rules as {
        Name: string;
        Statement: { ManagedRuleGroupStatement?: { RuleActionOverrides?: unknown } };
      }[];
      const common = rules.find(({ Name }) => Name === 'AWSManagedRulesCommonRuleSet');
      expect(common?.Statement.ManagedRuleGroupStatement?.RuleActionOverrides).toEqual(
        [
          'SizeRestrictions_BODY',
          'CrossSiteScripting_BODY',
          'GenericLFI_BODY',
          'GenericRFI_BODY',
          'EC2MetaDataSSRF_BODY',
        ].map((Name) => ({ Name, ActionToUse: { Count: {} } })),
      );
      for (const other of rules.filter(({ Name }) => Name !== 'AWSManagedRulesCommonRuleSet')) {
        expect(other.Statement.ManagedRuleGroupStatement?.RuleActionOverrides).toBeUndefined();
      }
    });

    it('limits each client IP on the API, stricter on auth and tracker writes, with a 429', () => {
      const [[, acl] = []] = ofType(waf, 'AWS::WAFv2::WebACL');
      const rules = acl?.Properties?.Rules as {
        Name: string;
        Action?: { Block?: { CustomResponse?: Record<string, unknown> } };
        Statement: {
          RateBasedStatement?: {
            AggregateKeyType: string;
            Limit: number;
            EvaluationWindowSec: number;
            ScopeDownStatement: Record<string, unknown>;
          };
        };
      }[];
      const byName = new Map(rules.map((rule) => [rule.Name, rule]));
      const startsWith = (path: string) => ({
        ByteMatchStatement: expect.objectContaining({
          FieldToMatch: { UriPath: {} },
          PositionalConstraint: 'STARTS_WITH',
          SearchString: path,
        }),
      });
      expect(RATE_RULES.map(({ name, limit }) => [name, limit])).toEqual([
        ['AuthPerIp', 100],
        ['TrackerWritesPerIp', 60],
        ['ApiPerIp', 1500],
      ]);
      for (const rule of RATE_RULES) {
        const found = byName.get(rule.name);
        expect(found?.Statement.RateBasedStatement).toMatchObject({
          AggregateKeyType: 'IP',
          Limit: rule.limit,
          EvaluationWindowSec: 300,
        });
        expect(found?.Action?.Block?.CustomResponse).toMatchObject({ ResponseCode: 429 });
      }
      expect(byName.get('AuthPerIp')?.Statement.RateBasedStatement?.ScopeDownStatement).toEqual(
        startsWith('/api/auth'),
      );
      expect(byName.get('ApiPerIp')?.Statement.RateBasedStatement?.ScopeDownStatement).toEqual(
        startsWith('/api/'),
      );
      expect(
        byName.get('TrackerWritesPerIp')?.Statement.RateBasedStatement?.ScopeDownStatement,
      ).toEqual({
        AndStatement: {
          Statements: [
            startsWith('/api/tracker/'),
            {
              NotStatement: {
                Statement: {
                  ByteMatchStatement: expect.objectContaining({
                    FieldToMatch: { Method: {} },
                    PositionalConstraint: 'EXACTLY',
                    SearchString: 'GET',
                  }),
                },
              },
            },
          ],
        },
      });
      // The body is the API's own error envelope, which the SPA shows as it is.
      const bodies = acl?.Properties?.CustomResponseBodies as Record<string, { Content: string }>;
      const [body] = Object.values(bodies);
      expect(JSON.parse(body?.Content ?? '{}')).toEqual({
        success: false,
        error: 'Too many requests. Please wait a moment and try again.',
        code: 'RATE_LIMITED',
      });
    });

    it('is attached to the distribution from its us-east-1 stack', () => {
      const [[, distribution] = []] = ofType(site.template, 'AWS::CloudFront::Distribution');
      const config = distribution?.Properties?.DistributionConfig as Record<string, unknown>;
      expect(config.WebACLId).toEqual({
        'Fn::GetStackOutput': expect.objectContaining({
          StackName: 'Hatchworks-Prod-Waf',
          Region: 'us-east-1',
        }),
      });
    });
  });

  describe('the per-route throttles', () => {
    it('gives every manifest route its class throttle, reads generous, money and auth tight', () => {
      const [[, stage] = []] = ofType(site.template, 'AWS::ApiGatewayV2::Stage');
      const settings = stage?.Properties?.RouteSettings as Record<string, Record<string, unknown>>;
      expect(Object.keys(settings).sort()).toEqual(
        ROUTES.map((route) => httpRouteKey(route).key).sort(),
      );
      for (const route of ROUTES as readonly RouteDefinition[]) {
        const throttle = ROUTE_THROTTLES[throttleClassOf(route)];
        expect(settings[httpRouteKey(route).key], `${route.id}`).toMatchObject({
          ThrottlingRateLimit: throttle.rateLimit,
          ThrottlingBurstLimit: throttle.burstLimit,
        });
      }
      expect(ROUTE_THROTTLES.read.rateLimit).toBeGreaterThan(ROUTE_THROTTLES.write.rateLimit);
      expect(ROUTE_THROTTLES.write.rateLimit).toBeGreaterThan(ROUTE_THROTTLES.money.rateLimit);
      expect(ROUTE_THROTTLES.money.rateLimit).toBeGreaterThan(ROUTE_THROTTLES.auth.rateLimit);
    });

    it('classes the egg-moving and sign-in routes as the manifest says', () => {
      const classOf = (id: string) =>
        throttleClassOf(ROUTES.find((route) => route.id === id) as RouteDefinition);
      for (const id of ['ClaimDailyEggs', 'CreateFeature', 'VoteFeature', 'AdjustUserEggs']) {
        expect(classOf(id), `${id}`).toBe('money');
      }
      for (const id of ['Login', 'Register', 'RequestPasswordReset', 'VerifyUser']) {
        expect(classOf(id), `${id}`).toBe('auth');
      }
      expect(classOf('ListFeatures')).toBe('read');
      expect(classOf('CreateTrackerFeatureRequest')).toBe('write');
    });

    it('turns on per-route metrics for the latency-watched routes only, after the routes exist', () => {
      const [[, stage] = []] = ofType(site.template, 'AWS::ApiGatewayV2::Stage');
      const settings = stage?.Properties?.RouteSettings as Record<string, Record<string, unknown>>;
      const detailed = Object.entries(settings)
        .filter(([, setting]) => setting.DetailedMetricsEnabled === true)
        .map(([key]) => key)
        .sort();
      const watched = ROUTES.filter((route) =>
        (LATENCY_WATCHED_ROUTES as readonly string[]).includes(route.id),
      ).map((route) => httpRouteKey(route).key);
      expect(detailed).toEqual(watched.sort());
      const routes = ofType(site.template, 'AWS::ApiGatewayV2::Route').map(([id]) => id);
      expect(stage?.DependsOn).toEqual(expect.arrayContaining(routes));
    });
  });

  describe('the alarms', () => {
    it('sit in the nested Monitoring stack, each notifying the topic the operator subscribes to', () => {
      const topics = ofType(monitoring, 'AWS::SNS::Topic');
      expect(topics).toHaveLength(1);
      const [[topicId] = []] = topics;
      monitoring.hasResourceProperties('AWS::SNS::Subscription', {
        Protocol: 'email',
        Endpoint: ALARM_EMAIL,
        TopicArn: { Ref: topicId },
      });
      expect(alarms.size).toBeGreaterThan(2 * WATCHED_FUNCTIONS.length);
      for (const [name, alarm] of alarms) {
        expect(alarm.properties.AlarmActions, `${name}`).toEqual([{ Ref: topicId }]);
        expect(alarm.properties.OKActions, `${name}`).toEqual([{ Ref: topicId }]);
        expect(String(alarm.properties.AlarmDescription), `${name}`).toContain(
          'docs/operations.md',
        );
      }
      expect(ofType(site.template, 'AWS::CloudWatch::Alarm')).toEqual([]);
    });

    it.each(WATCHED_FUNCTIONS)('watches the errors and throttles of %s', (id) => {
      // Prepare: the nested stack's parameter that carries each function's name.
      const [[, nested] = []] = ofType(site.template, 'AWS::CloudFormation::Stack');
      const parameters = nested?.Properties?.Parameters as Record<string, unknown>;
      const fn =
        site.stack.api.functions.get(id)?.function ??
        {
          TableStream: site.stack.tableStream.handler.function,
          LoginTriggers: site.stack.loginTriggers?.handler.function,
        }[id];
      if (!fn) throw new Error(`no function ${id}`);
      const functionId = logicalIdOf(site, fn);
      for (const [metric, threshold] of [
        ['Errors', 3],
        ['Throttles', 1],
      ] as const) {
        // Act
        const alarm = alarms.get(`${id}${metric}`);
        const dimensions = alarm?.properties.Dimensions as { Name: string; Value: unknown }[];
        const parameter = (dimensions?.[0]?.Value as { Ref: string } | undefined)?.Ref ?? '';
        // Assess
        expect(alarm?.properties, `${id}${metric}`).toMatchObject({
          Namespace: 'AWS/Lambda',
          MetricName: metric,
          Statistic: 'Sum',
          Period: 300,
          Threshold: threshold,
          ComparisonOperator: 'GreaterThanOrEqualToThreshold',
          TreatMissingData: 'notBreaching',
        });
        expect(dimensions[0]?.Name).toBe('FunctionName');
        expect(parameters[parameter]).toEqual({ Ref: functionId });
      }
    });

    it('watches the API 5xx rate, ignoring quiet periods', () => {
      const alarm = alarms.get('ApiServerErrorRate');
      const metrics = alarm?.properties.Metrics as {
        Id: string;
        Expression?: string;
        MetricStat?: { Metric: { MetricName: string; Namespace: string } };
      }[];
      expect(alarm?.properties).toMatchObject({ Threshold: 2, EvaluationPeriods: 2 });
      expect(metrics.find((metric) => metric.Expression)?.Expression).toBe(
        'IF(requests >= 20, 100 * errors / requests, 0)',
      );
      expect(
        metrics
          .flatMap((metric) => (metric.MetricStat ? [metric.MetricStat.Metric.MetricName] : []))
          .sort(),
      ).toEqual(['5xx', 'Count']);
    });

    it.each(LATENCY_WATCHED_ROUTES)('watches the p99 latency of %s per route', (routeId) => {
      const route = ROUTES.find(({ id }) => id === routeId) as RouteDefinition;
      const alarm = alarms.get(`${routeId}LatencyP99`);
      expect(alarm?.properties).toMatchObject({
        Namespace: 'AWS/ApiGateway',
        MetricName: 'Latency',
        ExtendedStatistic: 'p99',
        Threshold: 1500,
        EvaluationPeriods: 3,
      });
      expect(alarm?.properties.Dimensions).toEqual(
        expect.arrayContaining([
          { Name: 'Method', Value: route.method },
          { Name: 'Resource', Value: route.path },
          { Name: 'Stage', Value: '$default' },
        ]),
      );
    });

    it("watches DynamoDB's system errors and throttled requests across the operations used", () => {
      for (const name of ['TableSystemErrors', 'TableThrottledRequests']) {
        const alarm = alarms.get(name);
        const metrics = alarm?.properties.Metrics as {
          MetricStat?: { Metric: { MetricName: string; Dimensions: { Name: string }[] } };
        }[];
        const names = new Set(
          metrics.flatMap((metric) =>
            metric.MetricStat ? [metric.MetricStat.Metric.MetricName] : [],
          ),
        );
        expect(alarm?.properties.Threshold, `${name}`).toBe(1);
        expect([...names], `${name}`).toEqual([
          name === 'TableSystemErrors' ? 'SystemErrors' : 'ThrottledRequests',
        ]);
        expect(metrics.filter((metric) => metric.MetricStat).length).toBeGreaterThanOrEqual(7);
      }
    });

    it('watches transaction conflicts from the functions’ EMF metrics', () => {
      expect(alarms.get('TransactionConflicts')?.properties).toMatchObject({
        Namespace: 'Hatchworks/Hatchworks-Prod',
        MetricName: METRIC_NAMES.transactionConflicts,
        Statistic: 'Sum',
        Threshold: 50,
      });
      // Every function writes its metrics into that namespace.
      for (const [id, fn] of ofType(site.template, 'AWS::Lambda::Function')) {
        const variables = (fn.Properties?.Environment as { Variables?: Record<string, unknown> })
          ?.Variables;
        if (!variables?.TABLE_NAME) continue; // CDK's own helpers
        expect(variables[METRICS_NAMESPACE_ENV], `${id}`).toBe('Hatchworks/Hatchworks-Prod');
      }
    });

    it('watches every dead-letter queue', () => {
      for (const name of ['TableStream', 'NotificationMails']) {
        expect(alarms.get(`DeadLetters${name}`)?.properties, `${name}`).toMatchObject({
          Namespace: 'AWS/SQS',
          MetricName: 'ApproximateNumberOfMessagesVisible',
          Threshold: 1,
        });
      }
    });

    it("watches the table stream's lag: the IteratorAge of its one reader", () => {
      // Prepare: the nested stack's parameter that carries the reader's name.
      const [[, nested] = []] = ofType(site.template, 'AWS::CloudFormation::Stack');
      const parameters = nested?.Properties?.Parameters as Record<string, unknown>;
      const readerId = logicalIdOf(site, site.stack.tableStream.handler.function);
      // Act
      const alarm = alarms.get('TableStreamIteratorAge');
      const dimensions = alarm?.properties.Dimensions as { Name: string; Value: unknown }[];
      const parameter = (dimensions?.[0]?.Value as { Ref: string } | undefined)?.Ref ?? '';
      // Assess
      expect(alarm?.properties).toMatchObject({
        Namespace: 'AWS/Lambda',
        MetricName: 'IteratorAge',
        Statistic: 'Maximum',
        Threshold: 300_000,
        EvaluationPeriods: 3,
      });
      expect(parameters[parameter]).toEqual({ Ref: readerId });
    });

    it("watches CloudFront's 5xx rate and WAF blocks in us-east-1, with a topic there", () => {
      const edge = alarmsOf(edgeAlarms);
      const [[topicId] = []] = ofType(edgeAlarms, 'AWS::SNS::Topic');
      edgeAlarms.hasResourceProperties('AWS::SNS::Subscription', {
        Protocol: 'email',
        Endpoint: ALARM_EMAIL,
      });
      expect(edge.get('CloudFrontServerErrorRate')?.properties).toMatchObject({
        Namespace: 'AWS/CloudFront',
        MetricName: '5xxErrorRate',
        Threshold: 5,
        EvaluationPeriods: 3,
        AlarmActions: [{ Ref: topicId }],
        Dimensions: expect.arrayContaining([
          {
            Name: 'DistributionId',
            Value: {
              'Fn::GetStackOutput': expect.objectContaining({
                StackName: 'Hatchworks-Prod',
                Region: 'eu-west-1',
              }),
            },
          },
        ]),
      });
      expect(edge.get('WafBlockedRequestsSpike')?.properties).toMatchObject({
        Namespace: 'AWS/WAFV2',
        MetricName: 'BlockedRequests',
        Threshold: 1000,
        AlarmActions: [{ Ref: topicId }],
        Dimensions: expect.arrayContaining([{ Name: 'WebACL', Value: 'Hatchworks-Prod-Waf' }]),
      });
    });
  });

  it('has one dashboard with the alarms’ signals and the business figures', () => {
    const dashboards = ofType(monitoring, 'AWS::CloudWatch::Dashboard');
    expect(dashboards).toHaveLength(1);
    const body = JSON.stringify(dashboards[0]?.[1].Properties?.DashboardBody);
    expect(dashboards[0]?.[1].Properties?.DashboardName).toBe('Hatchworks-Prod');
    for (const text of [
      ...Object.values(METRIC_NAMES),
      '5xxErrorRate',
      'BlockedRequests',
      'SystemErrors',
      'ThrottledRequests',
      'Latency',
      'ApproximateNumberOfMessagesVisible',
      'IteratorAge',
      'MetricName=\\\\\\"Errors\\\\\\"',
    ]) {
      expect(body, `${text}`).toContain(text);
    }
  });
});

describe('dev: one disposable stack', () => {
  let site: SynthesizedSite;
  beforeAll(() => {
    site = synthSite({ context: { stage: 'dev' } });
  });

  it('is one stack without WAF, alarms or dashboard', () => {
    expect(site.stack.stackName).toBe('Hatchworks-Dev');
    expect(site.waf).toBeUndefined();
    expect(site.edgeAlarms).toBeUndefined();
    expect(site.stack.monitoring).toBeUndefined();
    expect(ofType(site.template, 'AWS::CloudFormation::Stack')).toEqual([]);
    const [[, distribution] = []] = ofType(site.template, 'AWS::CloudFront::Distribution');
    expect(
      (distribution?.Properties?.DistributionConfig as Record<string, unknown>).WebACLId,
    ).toBeUndefined();
  });

  it('goes with the stack: nothing retained, no deletion protection, no PITR', () => {
    for (const [id, resource] of Object.entries(resourcesOf(site.template))) {
      expect(resource.DeletionPolicy ?? 'Delete', `${id}`).toBe('Delete');
    }
    const [[, table] = []] = ofType(site.template, 'AWS::DynamoDB::Table');
    expect(table?.Properties).toMatchObject({
      DeletionProtectionEnabled: false,
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: false },
    });
    const [[, pool] = []] = ofType(site.template, 'AWS::Cognito::UserPool');
    expect(pool?.Properties).toMatchObject({ DeletionProtection: 'INACTIVE' });
  });

  it('keeps logs a week and skips the Plus plan', () => {
    for (const [id, group] of ofType(site.template, 'AWS::Logs::LogGroup')) {
      expect(group.Properties?.RetentionInDays, `${id}`).toBe(7);
    }
    const [[, pool] = []] = ofType(site.template, 'AWS::Cognito::UserPool');
    expect(pool?.Properties).toMatchObject({ UserPoolTier: 'ESSENTIALS' });
  });

  it('still throttles every route', () => {
    const [[, stage] = []] = ofType(site.template, 'AWS::ApiGatewayV2::Stage');
    expect(Object.keys(stage?.Properties?.RouteSettings as object)).toHaveLength(ROUTES.length);
  });
});

describe('the stage context', () => {
  it.each([
    [{ stage: 'staging' }, '"stage" must be one of dev, prod.'],
    [{ stage: 'dev', alarmEmail: 'ops@example.com' }, '"alarmEmail" needs "stage=prod"'],
    [{ stage: 'prod', alarmEmail: 'not an address' }, '"alarmEmail" must be an email address'],
    [{ stage: 'prod', region: 'Europe' }, '"region" must be an AWS region'],
  ])('refuses %j', (context, message) => {
    expect(() => synthSite({ context })).toThrow(message);
  });

  it('puts prod in us-east-1 when no region is known, with plain references', () => {
    const site = synthSite({ context: { stage: 'prod' } });
    expect(site.stack.region).toBe('us-east-1');
    const [[, distribution] = []] = ofType(site.template, 'AWS::CloudFront::Distribution');
    const config = distribution?.Properties?.DistributionConfig as Record<string, unknown>;
    expect(JSON.stringify(config.WebACLId)).toContain('Hatchworks-Prod-Waf');
  });
});

describe('switching to a restored table (tableName, tableStreamArn)', () => {
  const tableName = 'Hatchworks-Prod-restored-20261125';
  const tableStreamArn = `arn:aws:dynamodb:eu-west-1:123456789012:table/${tableName}/stream/2026-11-25T12:00:00.000`;
  let site: SynthesizedSite;
  beforeAll(() => {
    site = synthSite({
      context: { stage: 'prod', region: 'eu-west-1', tableName, tableStreamArn },
    });
  });

  it("makes no table and points every function, grant and the stream's reader at the restored one", () => {
    expect(ofType(site.template, 'AWS::DynamoDB::Table')).toEqual([]);
    const functions = ofType(site.template, 'AWS::Lambda::Function').flatMap(([, fn]) => {
      const variables = (fn.Properties?.Environment as { Variables?: Record<string, unknown> })
        ?.Variables;
      return variables?.TABLE_NAME === undefined ? [] : [variables.TABLE_NAME];
    });
    expect(functions.length).toBeGreaterThan(ROUTES.length);
    expect(new Set(functions)).toEqual(new Set([tableName]));
    const sources = ofType(site.template, 'AWS::Lambda::EventSourceMapping').filter(([, source]) =>
      JSON.stringify(source.Properties?.EventSourceArn).includes('dynamodb'),
    );
    // The table stream's function and the embed origins' publisher.
    expect(sources).toHaveLength(2);
    for (const [id, source] of sources) {
      expect(source.Properties?.EventSourceArn, `${id}`).toBe(tableStreamArn);
    }
    const roles = JSON.stringify(ofType(site.template, 'AWS::IAM::Role'));
    expect(roles).toContain(`:table/${tableName}`);
  });

  it.each([
    [{ tableName: 'restored' }, 'Set both "tableName" and "tableStreamArn", or neither.'],
    [
      {
        tableName: 'restored',
        tableStreamArn: 'arn:aws:dynamodb:eu-west-1:123456789012:table/other/stream/x',
      },
      '"tableStreamArn" must be the stream ARN of table "restored"',
    ],
  ])('refuses %j', (context, message) => {
    expect(() => synthSite({ context: { stage: 'prod', ...context } })).toThrow(message);
  });
});
