import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Stack, type Stage } from 'aws-cdk-lib';

/**
 * The AWS quotas a synthesized app can be held to before anything is deployed, each with its
 * value and the page that states it. A quota AWS may raise on request is held at its default:
 * a first deploy into a new account meets the defaults.
 */
export interface Quota {
  readonly name: string;
  readonly limit: number;
  readonly unit: string;
  readonly source: string;
}

const CLOUDFORMATION =
  'https://docs.aws.amazon.com/AWSCloudFormation/latest/UserGuide/cloudformation-limits.html';
const LAMBDA = 'https://docs.aws.amazon.com/lambda/latest/dg/gettingstarted-limits.html';
const HTTP_API =
  'https://docs.aws.amazon.com/apigateway/latest/developerguide/http-api-quotas.html';
const IAM = 'https://docs.aws.amazon.com/IAM/latest/UserGuide/reference_iam-quotas.html';
const WAF = 'https://docs.aws.amazon.com/waf/latest/developerguide/limits.html';
const CLOUDWATCH =
  'https://docs.aws.amazon.com/AmazonCloudWatch/latest/monitoring/cloudwatch_limits.html';
const DYNAMODB_STREAMS =
  'https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_streams_GetRecords.html';
const CLOUDFRONT =
  'https://docs.aws.amazon.com/AmazonCloudFront/latest/DeveloperGuide/cloudfront-limits.html';

export const QUOTAS = {
  resources: {
    name: 'CloudFormation resources per template',
    limit: 500,
    unit: 'resources',
    source: CLOUDFORMATION,
  },
  dynamicReferences: {
    name: 'CloudFormation dynamic references per template',
    limit: 60,
    unit: 'references',
    source: CLOUDFORMATION,
  },
  parameters: {
    name: 'CloudFormation parameters per template',
    limit: 200,
    unit: 'parameters',
    source: CLOUDFORMATION,
  },
  outputs: {
    name: 'CloudFormation outputs per template',
    limit: 200,
    unit: 'outputs',
    source: CLOUDFORMATION,
  },
  mappings: {
    name: 'CloudFormation mappings per template',
    limit: 200,
    unit: 'mappings',
    source: CLOUDFORMATION,
  },
  templateSize: {
    // `cdk deploy` uploads every template to the bootstrap bucket and passes its S3 URL.
    name: 'CloudFormation template body size in an S3 object',
    limit: 1_000_000,
    unit: 'bytes',
    source: CLOUDFORMATION,
  },
  description: {
    name: 'CloudFormation template description size',
    limit: 1024,
    unit: 'bytes',
    source: CLOUDFORMATION,
  },
  logicalIdLength: {
    name: 'CloudFormation resource name (logical id) size',
    limit: 255,
    unit: 'characters',
    source: CLOUDFORMATION,
  },
  nestedOperation: {
    name: 'CloudFormation resources a stack and its nested stacks change in one operation',
    limit: 2500,
    unit: 'resources',
    source: CLOUDFORMATION,
  },
  environmentSize: {
    name: 'Lambda environment variables per function, in aggregate',
    limit: 4096,
    unit: 'bytes',
    source: LAMBDA,
  },
  functionTimeout: {
    name: 'Lambda function timeout',
    limit: 900,
    unit: 'seconds',
    source: LAMBDA,
  },
  zippedPackage: {
    // Held to the limit of a direct upload although assets reach Lambda through S3; measured by
    // the unzipped size, which a zip file never exceeds by more than its few headers.
    name: 'Lambda deployment package size, zipped (measured unzipped)',
    limit: 50 * 1024 * 1024,
    unit: 'bytes',
    source: LAMBDA,
  },
  unzippedPackage: {
    name: 'Lambda deployment package size, unzipped',
    limit: 250 * 1024 * 1024,
    unit: 'bytes',
    source: LAMBDA,
  },
  routes: { name: 'HTTP API routes per API', limit: 300, unit: 'routes', source: HTTP_API },
  integrations: {
    name: 'HTTP API integrations per API',
    limit: 300,
    unit: 'integrations',
    source: HTTP_API,
  },
  stages: { name: 'HTTP API stages per API', limit: 10, unit: 'stages', source: HTTP_API },
  integrationTimeout: {
    name: 'HTTP API integration timeout',
    limit: 30_000,
    unit: 'milliseconds',
    source: HTTP_API,
  },
  routeFunctionTimeout: {
    // A function that may run longer than its integration waits is answered 503 by the API
    // while it goes on writing.
    name: "Timeout of a route's function within the HTTP API integration timeout",
    limit: 30,
    unit: 'seconds',
    source: HTTP_API,
  },
  accessLogFormat: {
    name: 'HTTP API access log template size',
    limit: 3 * 1024,
    unit: 'bytes',
    source: HTTP_API,
  },
  rolePolicySize: {
    name: 'IAM inline policies per role, in aggregate (whitespace not counted)',
    limit: 10_240,
    unit: 'characters',
    source: IAM,
  },
  webAclCapacity: {
    name: 'WAF web ACL capacity units (WCU)',
    limit: 5000,
    unit: 'WCU',
    source: WAF,
  },
  webAclIncludedCapacity: {
    // Above 1,500 WCU every million requests costs more (https://aws.amazon.com/waf/pricing/).
    name: "WAF web ACL capacity units within the web ACL's base price",
    limit: 1500,
    unit: 'WCU',
    source: 'https://docs.aws.amazon.com/waf/latest/developerguide/aws-waf-capacity-units.html',
  },
  dashboardWidgets: {
    name: 'CloudWatch widgets per dashboard',
    limit: 500,
    unit: 'widgets',
    source: CLOUDWATCH,
  },
  widgetMetrics: {
    name: 'CloudWatch metrics per dashboard widget',
    limit: 500,
    unit: 'metrics',
    source: CLOUDWATCH,
  },
  dashboardMetrics: {
    name: 'CloudWatch metrics per dashboard, across its widgets',
    limit: 2500,
    unit: 'metrics',
    source: CLOUDWATCH,
  },
  cloudFrontFunctionSize: {
    name: 'CloudFront Functions maximum size of a function',
    limit: 10 * 1024,
    unit: 'bytes',
    source: CLOUDFRONT,
  },
  streamReaders: {
    // "More than 2 processes are reading from the same streams shard at the same time.
    // Exceeding this limit may result in request throttling." (LimitExceededException)
    name: 'DynamoDB stream readers per shard (Lambda event source mappings, pipes)',
    limit: 2,
    unit: 'readers',
    source: DYNAMODB_STREAMS,
  },
} as const satisfies Record<string, Quota>;

export type QuotaId = keyof typeof QUOTAS;

/** One value measured against a quota: where, how much, and the limit. */
export interface QuotaMeasurement {
  readonly quota: QuotaId;
  /** The template (stack path) and, when narrower, the resource it concerns. */
  readonly where: string;
  readonly found: number;
}

export interface QuotaBreach extends QuotaMeasurement {
  readonly name: string;
  readonly limit: number;
  readonly unit: string;
  readonly source: string;
}

/** A synthesized template: the stack's construct path, its JSON and its size on disk. */
export interface SynthesizedTemplate {
  readonly path: string;
  readonly template: CfnTemplate;
  readonly bytes: number;
  /** The construct path of the stack that holds it as a nested stack. */
  readonly parent?: string;
}

export interface CfnResource {
  readonly Type: string;
  readonly Properties?: Record<string, unknown>;
}

export interface CfnTemplate {
  readonly Description?: string;
  readonly Resources?: Record<string, CfnResource>;
  readonly Parameters?: Record<string, unknown>;
  readonly Outputs?: Record<string, unknown>;
  readonly Mappings?: Record<string, unknown>;
}

/**
 * Every template of a synthesized app, nested stacks included, as `cdk deploy` would upload them
 * (the app's cached synthesis: no second run).
 */
export function synthesizedTemplates(app: Stage): SynthesizedTemplate[] {
  const assembly = app.synth();
  return app.node
    .findAll()
    .filter((construct): construct is Stack => Stack.isStack(construct))
    .map((stack) => {
      const text = readFileSync(join(assembly.directory, stack.templateFile), 'utf8');
      return {
        path: stack.node.path,
        template: JSON.parse(text) as CfnTemplate,
        bytes: Buffer.byteLength(text),
        ...(stack.nestedStackParent ? { parent: stack.nestedStackParent.node.path } : {}),
      };
    });
}

/**
 * The longest a reference resolves to here: ARNs, names and URLs of this app's resources are
 * under 128 characters. Pseudo parameters have known longest values.
 */
const REFERENCE_LENGTH = 128;
const PSEUDO_PARAMETER_LENGTHS: Record<string, number> = {
  'AWS::AccountId': 12,
  'AWS::Region': 14,
  'AWS::Partition': 10,
  'AWS::URLSuffix': 16,
  'AWS::NoValue': 0,
};

const placeholder = (length: number) => 'x'.repeat(length);

/**
 * A template value with each intrinsic function replaced by a string as long as the longest
 * value it can resolve to, so a size that counts the deployed value can be measured before it
 * exists.
 */
export function resolvedEstimate(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(resolvedEstimate);
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value as Record<string, unknown>);
  const [intrinsic] = entries;
  if (entries.length === 1 && intrinsic && /^(Ref|Fn::.+)$/.test(intrinsic[0])) {
    const [name, argument] = intrinsic;
    if (name === 'Ref' && typeof argument === 'string') {
      return placeholder(PSEUDO_PARAMETER_LENGTHS[argument] ?? REFERENCE_LENGTH);
    }
    if (name === 'Fn::Join' && Array.isArray(argument)) {
      const [separator, parts] = argument as [string, unknown[]];
      return (Array.isArray(parts) ? parts : [parts])
        .map((part) => String(resolvedEstimate(part)))
        .join(separator);
    }
    return placeholder(REFERENCE_LENGTH);
  }
  return Object.fromEntries(entries.map(([key, inner]) => [key, resolvedEstimate(inner)]));
}

/** Characters of a policy document as IAM counts them: without whitespace. */
const policySize = (document: unknown): number =>
  JSON.stringify(resolvedEstimate(document)).replace(/\s/g, '').length;

/** The logical id a `Ref` or `Fn::GetAtt` names, if the value is one. */
function referencedId(value: unknown): string | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const record = value as Record<string, unknown>;
  if (typeof record.Ref === 'string') return record.Ref;
  const getAtt = record['Fn::GetAtt'];
  if (Array.isArray(getAtt) && typeof getAtt[0] === 'string') return getAtt[0];
  return undefined;
}

const resourcesOfType = (template: CfnTemplate, type: string) =>
  Object.entries(template.Resources ?? {}).filter(([, resource]) => resource.Type === type);

/** CloudFormation's own quotas on one template. */
function templateMeasurements({ path, template, bytes }: SynthesizedTemplate): QuotaMeasurement[] {
  const text = JSON.stringify(template);
  const count = (section: Record<string, unknown> | undefined) => Object.keys(section ?? {}).length;
  const longestId = Math.max(0, ...Object.keys(template.Resources ?? {}).map((id) => id.length));
  return [
    { quota: 'resources', where: path, found: count(template.Resources) },
    {
      quota: 'dynamicReferences',
      where: path,
      found: text.match(/\{\{resolve:/g)?.length ?? 0,
    },
    { quota: 'parameters', where: path, found: count(template.Parameters) },
    { quota: 'outputs', where: path, found: count(template.Outputs) },
    { quota: 'mappings', where: path, found: count(template.Mappings) },
    { quota: 'templateSize', where: path, found: bytes },
    {
      quota: 'description',
      where: path,
      found: Buffer.byteLength(template.Description ?? ''),
    },
    { quota: 'logicalIdLength', where: path, found: longestId },
  ];
}

/** A stack and its nested stacks are created, updated and deleted in one operation. */
function nestedOperationMeasurements(templates: SynthesizedTemplate[]): QuotaMeasurement[] {
  const resourceCount = (entry: SynthesizedTemplate) =>
    Object.keys(entry.template.Resources ?? {}).length;
  const rootOf = (entry: SynthesizedTemplate): string => {
    const parent = templates.find((candidate) => candidate.path === entry.parent);
    return parent ? rootOf(parent) : entry.path;
  };
  const totals = new Map<string, number>();
  for (const entry of templates) {
    const root = rootOf(entry);
    totals.set(root, (totals.get(root) ?? 0) + resourceCount(entry));
  }
  return [...totals].map(([where, found]) => ({ quota: 'nestedOperation', where, found }));
}

function lambdaMeasurements({ path, template }: SynthesizedTemplate): QuotaMeasurement[] {
  return resourcesOfType(template, 'AWS::Lambda::Function').flatMap(([id, resource]) => {
    const variables = ((resource.Properties?.Environment as { Variables?: unknown } | undefined)
      ?.Variables ?? {}) as Record<string, unknown>;
    const resolved = resolvedEstimate(variables) as Record<string, unknown>;
    const environmentBytes = Object.entries(resolved).reduce(
      (sum, [key, value]) => sum + Buffer.byteLength(key) + Buffer.byteLength(String(value)),
      0,
    );
    return [
      { quota: 'environmentSize', where: `${path}/${id}`, found: environmentBytes },
      {
        quota: 'functionTimeout',
        where: `${path}/${id}`,
        // Lambda's default timeout is 3 seconds.
        found: Number(resource.Properties?.Timeout ?? 3),
      },
    ] satisfies QuotaMeasurement[];
  });
}

function httpApiMeasurements({ path, template }: SynthesizedTemplate): QuotaMeasurement[] {
  const apis = resourcesOfType(template, 'AWS::ApiGatewayV2::Api').filter(
    ([, api]) => (api.Properties?.ProtocolType ?? 'HTTP') === 'HTTP',
  );
  const functions = new Map(resourcesOfType(template, 'AWS::Lambda::Function'));
  return apis.flatMap(([apiId]) => {
    const ofApi = (type: string) =>
      resourcesOfType(template, type).filter(
        ([, resource]) => referencedId(resource.Properties?.ApiId) === apiId,
      );
    const integrations = ofApi('AWS::ApiGatewayV2::Integration');
    const stages = ofApi('AWS::ApiGatewayV2::Stage');
    const where = `${path}/${apiId}`;
    const measurements: QuotaMeasurement[] = [
      { quota: 'routes', where, found: ofApi('AWS::ApiGatewayV2::Route').length },
      { quota: 'integrations', where, found: integrations.length },
      { quota: 'stages', where, found: stages.length },
      ...integrations.flatMap(([integrationId, integration]): QuotaMeasurement[] => {
        // Without a value the integration waits the most it can.
        const timeoutMs = Number(integration.Properties?.TimeoutInMillis ?? 30_000);
        const target = functions.get(referencedId(integration.Properties?.IntegrationUri) ?? '');
        return [
          { quota: 'integrationTimeout', where: `${path}/${integrationId}`, found: timeoutMs },
          ...(target
            ? [
                {
                  quota: 'routeFunctionTimeout' as const,
                  where: `${path}/${referencedId(integration.Properties?.IntegrationUri)}`,
                  found: Number(target.Properties?.Timeout ?? 3),
                },
              ]
            : []),
        ];
      }),
      ...stages.map(([stageId, stage]) => {
        const format = (stage.Properties?.AccessLogSettings as { Format?: unknown } | undefined)
          ?.Format;
        return {
          quota: 'accessLogFormat',
          where: `${path}/${stageId}`,
          found: Buffer.byteLength(String(resolvedEstimate(format ?? ''))),
        } satisfies QuotaMeasurement;
      }),
    ];
    return measurements;
  });
}

function iamMeasurements({ path, template }: SynthesizedTemplate): QuotaMeasurement[] {
  const policies = resourcesOfType(template, 'AWS::IAM::Policy');
  return resourcesOfType(template, 'AWS::IAM::Role').map(([roleId, role]) => {
    const inline = ((role.Properties?.Policies ?? []) as { PolicyDocument?: unknown }[]).map(
      (policy) => policySize(policy.PolicyDocument),
    );
    const attached = policies
      .filter(([, policy]) =>
        ((policy.Properties?.Roles ?? []) as unknown[]).some(
          (roleRef) => referencedId(roleRef) === roleId,
        ),
      )
      .map(([, policy]) => policySize(policy.Properties?.PolicyDocument));
    return {
      quota: 'rolePolicySize',
      where: `${path}/${roleId}`,
      found: [...inline, ...attached].reduce((sum, size) => sum + size, 0),
    } satisfies QuotaMeasurement;
  });
}

/**
 * The capacity of the managed rule groups in use, as each group's page states it
 * (https://docs.aws.amazon.com/waf/latest/developerguide/aws-managed-rule-groups-list.html).
 * A group missing here cannot be measured, and fails the check until its capacity is added.
 */
const MANAGED_RULE_GROUP_WCU: Record<string, number> = {
  AWSManagedRulesCommonRuleSet: 700,
  AWSManagedRulesKnownBadInputsRuleSet: 200,
  AWSManagedRulesAmazonIpReputationList: 25,
  AWSManagedRulesAnonymousIpList: 50,
  AWSManagedRulesSQLiRuleSet: 200,
};

/**
 * A rule statement's WCUs by the rule statement pages of the WAF guide: a string match 2
 * (10 for "contains"), plus 10 per text transformation; a rate-based rule 2 plus its scope-down
 * statement; logical statements the sum of what they hold. An unknown statement counts as
 * over any limit, so it is looked up before it ships.
 */
function statementCapacity(statement: Record<string, unknown>): number {
  const [kind, body] = Object.entries(statement)[0] ?? [];
  const inner = (body ?? {}) as Record<string, unknown>;
  switch (kind) {
    case 'ManagedRuleGroupStatement':
      return MANAGED_RULE_GROUP_WCU[String(inner.Name)] ?? Number.POSITIVE_INFINITY;
    case 'RateBasedStatement':
      return (
        2 +
        (inner.ScopeDownStatement
          ? statementCapacity(inner.ScopeDownStatement as Record<string, unknown>)
          : 0)
      );
    case 'AndStatement':
    case 'OrStatement':
      return ((inner.Statements ?? []) as Record<string, unknown>[]).reduce(
        (sum, nested) => sum + statementCapacity(nested),
        0,
      );
    case 'NotStatement':
      return statementCapacity(inner.Statement as Record<string, unknown>);
    case 'ByteMatchStatement': {
      const contains = /^CONTAINS/.test(String(inner.PositionalConstraint));
      const transformations = ((inner.TextTransformations ?? []) as { Type?: string }[]).filter(
        (transformation) => transformation.Type !== 'NONE',
      ).length;
      return (contains ? 10 : 2) + 10 * transformations;
    }
    default:
      return Number.POSITIVE_INFINITY;
  }
}

function wafMeasurements({ path, template }: SynthesizedTemplate): QuotaMeasurement[] {
  return resourcesOfType(template, 'AWS::WAFv2::WebACL').flatMap(([id, acl]) => {
    const rules = (acl.Properties?.Rules ?? []) as { Statement: Record<string, unknown> }[];
    const capacity = rules.reduce((sum, rule) => sum + statementCapacity(rule.Statement), 0);
    return [
      { quota: 'webAclCapacity', where: `${path}/${id}`, found: capacity },
      { quota: 'webAclIncludedCapacity', where: `${path}/${id}`, found: capacity },
    ] satisfies QuotaMeasurement[];
  });
}

function dashboardMeasurements({ path, template }: SynthesizedTemplate): QuotaMeasurement[] {
  return resourcesOfType(template, 'AWS::CloudWatch::Dashboard').flatMap(([id, dashboard]) => {
    const body = JSON.parse(String(resolvedEstimate(dashboard.Properties?.DashboardBody))) as {
      widgets?: { properties?: { metrics?: unknown[] } }[];
    };
    const widgets = body.widgets ?? [];
    const metricCounts = widgets.map((widget) => widget.properties?.metrics?.length ?? 0);
    return [
      { quota: 'dashboardWidgets', where: `${path}/${id}`, found: widgets.length },
      { quota: 'widgetMetrics', where: `${path}/${id}`, found: Math.max(0, ...metricCounts) },
      {
        quota: 'dashboardMetrics',
        where: `${path}/${id}`,
        found: metricCounts.reduce((sum, count) => sum + count, 0),
      },
    ] satisfies QuotaMeasurement[];
  });
}

/** The stream a reader reads: the table it names (`StreamArn`) or the stream's ARN. */
function streamOf(source: unknown): string | undefined {
  if (typeof source === 'string') return source.includes('/stream/') ? source : undefined;
  const getAtt = (source as Record<string, unknown> | undefined)?.['Fn::GetAtt'];
  if (Array.isArray(getAtt) && getAtt[1] === 'StreamArn') return String(getAtt[0]);
  return undefined;
}

function streamMeasurements({ path, template }: SynthesizedTemplate): QuotaMeasurement[] {
  const readers = new Map<string, number>();
  const sources = [
    ...resourcesOfType(template, 'AWS::Lambda::EventSourceMapping').map(
      ([, mapping]) => mapping.Properties?.EventSourceArn,
    ),
    ...resourcesOfType(template, 'AWS::Pipes::Pipe').map(([, pipe]) => pipe.Properties?.Source),
  ];
  for (const source of sources) {
    const stream = streamOf(source);
    if (stream) readers.set(stream, (readers.get(stream) ?? 0) + 1);
  }
  return [...readers].map(([stream, found]) => ({
    quota: 'streamReaders',
    where: `${path}/${stream}`,
    found,
  }));
}

/** A CloudFront function's code as deployed, deploy-time values (a store's id) at their longest. */
function cloudFrontFunctionMeasurements({
  path,
  template,
}: SynthesizedTemplate): QuotaMeasurement[] {
  return resourcesOfType(template, 'AWS::CloudFront::Function').map(([id, fn]) => ({
    quota: 'cloudFrontFunctionSize',
    where: `${path}/${id}`,
    found: Buffer.byteLength(String(resolvedEstimate(fn.Properties?.FunctionCode ?? ''))),
  }));
}

/** Every measurement of the app's templates against the table of quotas. */
export function quotaMeasurements(templates: SynthesizedTemplate[]): QuotaMeasurement[] {
  return [
    ...templates.flatMap((entry) => [
      ...templateMeasurements(entry),
      ...lambdaMeasurements(entry),
      ...httpApiMeasurements(entry),
      ...iamMeasurements(entry),
      ...wafMeasurements(entry),
      ...dashboardMeasurements(entry),
      ...streamMeasurements(entry),
      ...cloudFrontFunctionMeasurements(entry),
    ]),
    ...nestedOperationMeasurements(templates),
  ];
}

/** The measurements over their quota, with the quota's name, limit and page. */
export function quotaBreaches(measurements: readonly QuotaMeasurement[]): QuotaBreach[] {
  return measurements
    .filter((measurement) => measurement.found > QUOTAS[measurement.quota].limit)
    .map((measurement) => ({ ...measurement, ...QUOTAS[measurement.quota] }));
}

/** The breaches of a synthesized app (its cached synthesis). */
export const appQuotaBreaches = (app: Stage): QuotaBreach[] =>
  quotaBreaches(quotaMeasurements(synthesizedTemplates(app)));

/** One line per breach: the quota, the value found, the limit, where and the page. */
export const describeBreach = (breach: QuotaBreach): string =>
  `${breach.name}: ${breach.found} ${breach.unit} in ${breach.where}, over the limit of ` +
  `${breach.limit} (${breach.source})`;

/** A function's staged bundle measured as Lambda unpacks it: every file under its directory. */
export function packageMeasurements(where: string, directory: string): QuotaMeasurement[] {
  const size = (path: string): number =>
    statSync(path).isDirectory()
      ? readdirSync(path).reduce((sum, name) => sum + size(join(path, name)), 0)
      : statSync(path).size;
  const found = size(directory);
  return [
    { quota: 'zippedPackage', where, found },
    { quota: 'unzippedPackage', where, found },
  ];
}
