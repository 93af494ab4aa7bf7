import { Duration, Stack, type StackProps } from 'aws-cdk-lib';
import { ComparisonOperator, Metric } from 'aws-cdk-lib/aws-cloudwatch';
import type { Construct } from 'constructs';
import { AlarmTopic } from '../constructs/alarm-topic';
import { EdgeFirewall } from '../constructs/edge-firewall';

/**
 * Prod's web ACL, in us-east-1 as CloudFront wants (deployed before the site stack, which
 * attaches it to the distribution).
 */
export class WafStack extends Stack {
  readonly firewall: EdgeFirewall;

  constructor(scope: Construct, id: string, props: StackProps & { readonly webAclName: string }) {
    super(scope, id, props);
    this.firewall = new EdgeFirewall(this, 'Firewall', { name: props.webAclName });
  }
}

export interface EdgeAlarmsStackProps extends StackProps {
  readonly distributionId: string;
  readonly webAclName: string;
  readonly alarmEmail?: string;
}

/**
 * The alarms on CloudFront's and the WAF's metrics, which exist only in us-east-1 (deployed after
 * the site stack, whose distribution they watch), with a topic of their own in that region.
 */
export class EdgeAlarmsStack extends Stack {
  readonly alarms: AlarmTopic;

  constructor(scope: Construct, id: string, props: EdgeAlarmsStackProps) {
    super(scope, id, props);
    this.alarms = new AlarmTopic(this, 'Alarms', {
      ...(props.alarmEmail ? { email: props.alarmEmail } : {}),
    });
    const period = Duration.minutes(5);

    // 5 % of all responses 5xx for 15 minutes: the API behind CloudFront failing, or CloudFront
    // failing to reach the bucket or the API (502/504). Short blips of an origin do not page.
    this.alarms.alarm(this, 'CloudFrontServerErrorRate', {
      metric: new Metric({
        namespace: 'AWS/CloudFront',
        metricName: '5xxErrorRate',
        dimensionsMap: { DistributionId: props.distributionId, Region: 'Global' },
        statistic: 'Average',
        period,
      }),
      threshold: 5,
      evaluationPeriods: 3,
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
      alarmDescription: "More than 5% of the site's responses were 5xx for 15 minutes.",
    });

    // Over 1,000 blocked requests in 5 minutes is an attack or a rule blocking real users
    // (check the sampled requests before relaxing anything); a quiet day blocks a few dozen.
    this.alarms.alarm(this, 'WafBlockedRequestsSpike', {
      metric: new Metric({
        namespace: 'AWS/WAFV2',
        metricName: 'BlockedRequests',
        dimensionsMap: { WebACL: props.webAclName, Rule: 'ALL' },
        statistic: 'Sum',
        period,
      }),
      threshold: 1000,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
      alarmDescription: 'The WAF blocked more than 1,000 requests in 5 minutes.',
    });
  }
}
