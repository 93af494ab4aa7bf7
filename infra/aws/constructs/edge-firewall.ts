import { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';
import { ERROR_CODES, ERROR_MESSAGES } from '@hatchworks/shared/errors';

/** A per-client-IP limit on some of the API's paths, counted over five minutes. */
export interface RateRule {
  readonly name: string;
  /** Requests per client IP per 5 minutes before the WAF answers 429 for a while. */
  readonly limit: number;
  /** Paths starting with this. */
  readonly pathPrefix: string;
  /** Only requests other than GET (writes). */
  readonly writesOnly?: boolean;
  readonly reason: string;
}

/**
 * The per-IP limits, strictest first (the first rule that matches and is over its limit blocks).
 * A visitor's page load makes 1 to 5 API calls (docs/operations.md, "Cost"): 1,500 in 5 minutes
 * is a person clicking through ~50 pages a minute, far beyond real use behind one address, yet
 * lets an office or a school share an address.
 */
export const RATE_RULES: readonly RateRule[] = [
  {
    name: 'AuthPerIp',
    limit: 100,
    pathPrefix: '/api/auth',
    reason:
      'Sign-in, registration, verification and password resets (/api/auth/*, /api/auth0/*): a ' +
      'person needs a handful; more is password guessing or mail bombing.',
  },
  {
    name: 'TrackerWritesPerIp',
    limit: 60,
    pathPrefix: '/api/tracker/',
    writesOnly: true,
    reason:
      'Anonymous tracker submissions, votes and comments: the target of vote stuffing and spam; ' +
      'the functions also limit them per client (tracker rate limits).',
  },
  {
    name: 'ApiPerIp',
    limit: 1500,
    pathPrefix: '/api/',
    reason: 'Every API call: scraping and floods.',
  },
];

/**
 * AWS managed rule groups (no extra fee beyond the per-rule price): IP reputation first (known
 * bots and scanners), then the common rule set (OWASP-style inputs), then known bad inputs (Log4j,
 * exploitable paths).
 */
export const MANAGED_RULE_GROUPS = [
  'AWSManagedRulesAmazonIpReputationList',
  'AWSManagedRulesCommonRuleSet',
  'AWSManagedRulesKnownBadInputsRuleSet',
] as const;

/**
 * Rules of the common rule set that only count: they inspect request bodies, and the bodies here
 * are people's prose (feature requests, comments, changelog entries up to 10,000 characters),
 * stored and shown as text (React escapes it), never run or fetched. A post about `<script>`
 * tags, a `../` path or a long changelog entry would otherwise be refused with CloudFront's bare
 * 403. The functions validate every body and cap its size themselves (413).
 */
export const COUNTED_COMMON_RULES = [
  'SizeRestrictions_BODY',
  'CrossSiteScripting_BODY',
  'GenericLFI_BODY',
  'GenericRFI_BODY',
  'EC2MetaDataSSRF_BODY',
] as const;

/** What a client over a rate limit gets: the API's own error envelope, so the SPA shows it. */
const TOO_MANY_REQUESTS_BODY = 'TooManyRequests';

const visibility = (metricName: string): CfnWebACL.VisibilityConfigProperty => ({
  cloudWatchMetricsEnabled: true,
  metricName,
  sampledRequestsEnabled: true,
});

const startsWith = (path: string): CfnWebACL.StatementProperty => ({
  byteMatchStatement: {
    fieldToMatch: { uriPath: {} },
    positionalConstraint: 'STARTS_WITH',
    searchString: path,
    textTransformations: [{ priority: 0, type: 'NONE' }],
  },
});

const notGet: CfnWebACL.StatementProperty = {
  notStatement: {
    statement: {
      byteMatchStatement: {
        fieldToMatch: { method: {} },
        positionalConstraint: 'EXACTLY',
        searchString: 'GET',
        textTransformations: [{ priority: 0, type: 'NONE' }],
      },
    },
  },
};

const rateRule = (rule: RateRule, priority: number): CfnWebACL.RuleProperty => ({
  name: rule.name,
  priority,
  action: {
    block: {
      customResponse: {
        responseCode: 429,
        customResponseBodyKey: TOO_MANY_REQUESTS_BODY,
        responseHeaders: [{ name: 'retry-after', value: '60' }],
      },
    },
  },
  statement: {
    rateBasedStatement: {
      aggregateKeyType: 'IP',
      evaluationWindowSec: 300,
      limit: rule.limit,
      scopeDownStatement: rule.writesOnly
        ? { andStatement: { statements: [startsWith(rule.pathPrefix), notGet] } }
        : startsWith(rule.pathPrefix),
    },
  },
  visibilityConfig: visibility(rule.name),
});

const managedRule = (name: string, priority: number): CfnWebACL.RuleProperty => ({
  name,
  priority,
  overrideAction: { none: {} },
  statement: {
    managedRuleGroupStatement: {
      vendorName: 'AWS',
      name,
      ...(name === 'AWSManagedRulesCommonRuleSet'
        ? {
            ruleActionOverrides: COUNTED_COMMON_RULES.map((rule) => ({
              name: rule,
              actionToUse: { count: {} },
            })),
          }
        : {}),
    },
  },
  visibilityConfig: visibility(name),
});

/**
 * The web ACL in front of CloudFront (scope CLOUDFRONT, so its stack lives in us-east-1): the
 * managed rule groups, then per-client-IP rate limits on the API. Requests that pass reach
 * CloudFront, then API Gateway's per-route throttles (route-throttles.ts).
 */
export class EdgeFirewall extends Construct {
  readonly webAcl: CfnWebACL;
  /** The ACL's metric name: the `WebACL` dimension of its CloudWatch metrics. */
  readonly metricName: string;

  constructor(scope: Construct, id: string, props: { readonly name: string }) {
    super(scope, id);
    this.metricName = props.name;
    const rules = [
      ...MANAGED_RULE_GROUPS.map((name, index) => managedRule(name, index)),
      ...RATE_RULES.map((rule, index) => rateRule(rule, MANAGED_RULE_GROUPS.length + index)),
    ];
    this.webAcl = new CfnWebACL(this, 'WebAcl', {
      name: props.name,
      description: 'Hatchworks - managed rule groups and per-IP rate limits on the API',
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      customResponseBodies: {
        [TOO_MANY_REQUESTS_BODY]: {
          contentType: 'APPLICATION_JSON',
          content: JSON.stringify({
            success: false,
            error: ERROR_MESSAGES.RATE_LIMITED,
            code: ERROR_CODES.RATE_LIMITED,
          }),
        },
      },
      rules,
      visibilityConfig: visibility(props.name),
    });
  }
}
