import { Duration, NestedStack, type NestedStackProps } from 'aws-cdk-lib';
import type { HttpStage } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  ComparisonOperator,
  Dashboard,
  GraphWidget,
  MathExpression,
  Metric,
  SingleValueWidget,
  TextWidget,
  type IMetric,
} from 'aws-cdk-lib/aws-cloudwatch';
import { Operation, type ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { METRIC_NAMES } from '@hatchworks/functions/lib/metrics';
import { ROUTES, type RouteDefinition } from '@hatchworks/shared/routes';
import { AlarmTopic, RUNBOOK } from '../constructs/alarm-topic';
import { LATENCY_WATCHED_ROUTES } from '../constructs/route-throttles';

const FIVE_MINUTES = Duration.minutes(5);

/** The table operations the functions use (an alarm's math takes at most 10 metrics). */
const TABLE_OPERATIONS = [
  Operation.GET_ITEM,
  Operation.BATCH_GET_ITEM,
  Operation.QUERY,
  Operation.PUT_ITEM,
  Operation.UPDATE_ITEM,
  Operation.DELETE_ITEM,
  Operation.TRANSACT_WRITE_ITEMS,
];

/** A function worth its own alarms: an API route's or a trigger's. */
export interface WatchedFunction {
  /** The route id (`VoteFeature`) or the trigger's name (`TableStream`): names its alarms. */
  readonly id: string;
  readonly function: IFunction;
}

export interface MonitoringProps extends NestedStackProps {
  /** The site stack's name: the prefix of its functions' names and the dashboard's name. */
  readonly siteName: string;
  readonly stage: HttpStage;
  readonly table: ITable;
  readonly functions: readonly WatchedFunction[];
  /** Dead-letter queues by name (`TableStream`, `NotificationMails`). */
  readonly deadLetters: ReadonlyMap<string, IQueue>;
  /** The table stream's one reader: its `IteratorAge` is the stream's lag. */
  readonly tableStreamReader: IFunction;
  /** Where the functions' EMF metrics go (functions/src/lib/metrics.ts). */
  readonly metricsNamespace: string;
  readonly alarmEmail?: string;
  /** For the dashboard's edge widgets (their alarms live in the us-east-1 EdgeAlarmsStack). */
  readonly distributionId: string;
  readonly webAclName: string;
}

const sum = (metric: Metric) => metric.with({ statistic: 'Sum', period: FIVE_MINUTES });

/**
 * Everything that watches the site, in a nested stack of its own (the site stack is near
 * CloudFormation's 500-resource limit): the alarm topic, one alarm per signal in operations.md with its
 * threshold and reason beside it, and one dashboard. CloudFront's and the WAF's metrics exist only
 * in us-east-1: their alarms are the EdgeAlarmsStack's; the dashboard shows them across regions.
 */
export class MonitoringStack extends NestedStack {
  readonly alarms: AlarmTopic;
  readonly dashboard: Dashboard;

  constructor(scope: Construct, id: string, props: MonitoringProps) {
    super(scope, id, props);
    this.alarms = new AlarmTopic(this, 'Alarms', {
      ...(props.alarmEmail ? { email: props.alarmEmail } : {}),
    });
    const alarm = this.alarms.alarm.bind(this.alarms, this);

    // API 5xx rate. 2 % over 5 minutes, twice in a row: a handler bug or a failing dependency
    // shows within minutes, while one crash in a quiet hour (under 20 requests) does not page.
    const requests = sum(props.stage.metricCount());
    const serverErrors = sum(props.stage.metricServerError());
    const serverErrorRate = new MathExpression({
      expression: 'IF(requests >= 20, 100 * errors / requests, 0)',
      usingMetrics: { requests, errors: serverErrors },
      period: FIVE_MINUTES,
      label: 'API 5xx (%)',
    });
    alarm('ApiServerErrorRate', {
      metric: serverErrorRate,
      threshold: 2,
      evaluationPeriods: 2,
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
      alarmDescription:
        'More than 2% of API requests answered 5xx for 10 minutes (ignored under 20 requests ' +
        'per 5 minutes): users see "Something went wrong".',
    });

    // Per function: Lambda's Errors are crashes and timeouts (handlers answer their own errors
    // with a status), so 3 in 5 minutes is a real fault, not a user's bad input. Any throttle
    // means a request was refused for want of concurrency.
    for (const watched of props.functions) {
      alarm(`${watched.id}Errors`, {
        metric: sum(watched.function.metricErrors()),
        threshold: 3,
        evaluationPeriods: 1,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        alarmDescription: `${watched.id}: 3 or more invocations crashed or timed out in 5 minutes.`,
      });
      alarm(`${watched.id}Throttles`, {
        metric: sum(watched.function.metricThrottles()),
        threshold: 1,
        evaluationPeriods: 1,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        alarmDescription: `${watched.id}: Lambda refused invocations (concurrency used up).`,
      });
    }

    // p99 of the egg-moving hot paths, as users see it (API Gateway's per-route latency). A
    // vote or claim is one transaction: 1.5 s at p99 for 15 minutes means conflicts piling up
    // or DynamoDB slowing down, long before the 29 s integration timeout.
    const latencyWidgets: IMetric[] = [];
    for (const routeId of LATENCY_WATCHED_ROUTES) {
      const route = (ROUTES as readonly RouteDefinition[]).find(({ id: name }) => name === routeId);
      if (!route) throw new Error(`no manifest route ${routeId}`);
      const latency = new Metric({
        namespace: 'AWS/ApiGateway',
        metricName: 'Latency',
        // An HTTP API's route-level ("detailed") metrics: the route's method and path.
        dimensionsMap: {
          ApiId: props.stage.api.apiId,
          Stage: props.stage.stageName,
          Method: route.method,
          Resource: route.path,
        },
        statistic: 'p99',
        period: FIVE_MINUTES,
        label: `${routeId} p99 (ms)`,
      });
      latencyWidgets.push(latency);
      alarm(`${routeId}LatencyP99`, {
        metric: latency,
        threshold: 1500,
        evaluationPeriods: 3,
        comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
        alarmDescription: `${routeId}: p99 latency above 1.5 s for 15 minutes.`,
      });
    }

    // DynamoDB: any system error is AWS's side failing requests (the functions retry, users may
    // still see errors); any throttled request on an on-demand table means a hot partition or
    // the account's table limit.
    const systemErrors = props.table.metricSystemErrorsForOperations({
      operations: TABLE_OPERATIONS,
      period: FIVE_MINUTES,
    });
    alarm('TableSystemErrors', {
      metric: systemErrors,
      threshold: 1,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      alarmDescription: 'DynamoDB answered requests with a 500 (its side) in the last 5 minutes.',
    });
    const throttled = props.table.metricThrottledRequestsForOperations({
      operations: TABLE_OPERATIONS,
      period: FIVE_MINUTES,
    });
    alarm('TableThrottledRequests', {
      metric: throttled,
      threshold: 1,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      alarmDescription:
        'DynamoDB throttled requests: a hot partition or the account limit of an on-demand table.',
    });

    // Transaction conflicts, from the functions' EMF lines. Contention on a hot feature is
    // normal and retried; more than 50 in 5 minutes means retries are running out and users
    // get "try again" answers.
    const business = (name: string, label: string) =>
      new Metric({
        namespace: props.metricsNamespace,
        metricName: name,
        statistic: 'Sum',
        period: Duration.hours(1),
        label,
      });
    const conflicts = business(METRIC_NAMES.transactionConflicts, 'Transaction conflicts').with({
      period: FIVE_MINUTES,
    });
    alarm('TransactionConflicts', {
      metric: conflicts,
      threshold: 50,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
      alarmDescription: 'More than 50 egg transactions collided in 5 minutes.',
    });

    // A message in a dead-letter queue is work that failed every retry (a mail not sent, a
    // notification not fanned out, a search update lost): someone must look, whatever the count.
    const deadLetterMetrics: IMetric[] = [];
    for (const [name, queue] of props.deadLetters) {
      const visible = queue.metricApproximateNumberOfMessagesVisible({
        statistic: 'Maximum',
        period: FIVE_MINUTES,
        label: name,
      });
      deadLetterMetrics.push(visible);
      alarm(`DeadLetters${name}`, {
        metric: visible,
        threshold: 1,
        evaluationPeriods: 1,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        alarmDescription: `${name}: a message failed every retry and waits in its dead-letter queue.`,
      });
    }

    // The table stream's lag: how old the last record was when the one reader got it (Lambda's
    // IteratorAge of the stream's event source mapping, in ms). It stays near a second; it grows
    // while a batch is retried or the reader is throttled, and a record older than the stream's
    // 24 hours is lost. Over 5 minutes for 15 minutes means mails and notifications are late.
    const streamLag = props.tableStreamReader.metric('IteratorAge', {
      statistic: 'Maximum',
      period: FIVE_MINUTES,
      label: 'Table stream lag (ms)',
    });
    alarm('TableStreamIteratorAge', {
      metric: streamLag,
      threshold: 5 * 60 * 1000,
      evaluationPeriods: 3,
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
      alarmDescription:
        "The table stream's records waited over 5 minutes for its reader, for 15 minutes: mails, " +
        'notifications and search updates are late.',
    });

    // One dashboard: the alarms' signals, then the business figures per hour.
    const search = (metricName: string, label: string) =>
      new MathExpression({
        expression: `SEARCH('{AWS/Lambda,FunctionName} MetricName="${metricName}" "${props.siteName}-"', 'Sum', 300)`,
        usingMetrics: {},
        label,
        period: FIVE_MINUTES,
      });
    const edge = (namespace: string, metricName: string, dimensionsMap: Record<string, string>) =>
      new Metric({
        namespace,
        metricName,
        dimensionsMap,
        region: 'us-east-1',
        period: FIVE_MINUTES,
        statistic: metricName === '5xxErrorRate' ? 'Average' : 'Sum',
      });
    this.dashboard = new Dashboard(this, 'Dashboard', {
      dashboardName: props.siteName,
      defaultInterval: Duration.hours(24),
    });
    this.dashboard.addWidgets(
      new TextWidget({
        markdown: `# ${props.siteName}\nWhat each alarm means and what to do: ${RUNBOOK}`,
        width: 24,
        height: 2,
      }),
    );
    this.dashboard.addWidgets(
      new GraphWidget({ title: 'API requests', left: [requests], width: 8 }),
      new GraphWidget({ title: 'API 5xx rate (%)', left: [serverErrorRate], width: 8 }),
      new GraphWidget({ title: 'Vote and claim p99 (ms)', left: latencyWidgets, width: 8 }),
    );
    this.dashboard.addWidgets(
      new GraphWidget({ title: 'Lambda errors', left: [search('Errors', 'Errors')], width: 6 }),
      new GraphWidget({
        title: 'Lambda throttles',
        left: [search('Throttles', 'Throttles')],
        width: 6,
      }),
      new GraphWidget({ title: 'DynamoDB system errors', left: [systemErrors], width: 6 }),
      new GraphWidget({ title: 'DynamoDB throttled requests', left: [throttled], width: 6 }),
    );
    this.dashboard.addWidgets(
      new GraphWidget({ title: 'Transaction conflicts', left: [conflicts], width: 4 }),
      new GraphWidget({
        title: 'CloudFront 5xx rate (%)',
        left: [
          edge('AWS/CloudFront', '5xxErrorRate', {
            DistributionId: props.distributionId,
            Region: 'Global',
          }),
        ],
        width: 5,
      }),
      new GraphWidget({
        title: 'WAF blocked requests',
        left: [edge('AWS/WAFV2', 'BlockedRequests', { WebACL: props.webAclName, Rule: 'ALL' })],
        width: 5,
      }),
      new GraphWidget({ title: 'Dead letters', left: deadLetterMetrics, width: 5 }),
      new GraphWidget({ title: 'Table stream lag (ms)', left: [streamLag], width: 5 }),
    );
    const figures = [
      business(METRIC_NAMES.signUps, 'Sign-ups'),
      business(METRIC_NAMES.eggsClaimed, 'Eggs claimed'),
      business(METRIC_NAMES.featureRequests, 'Feature requests'),
      business(METRIC_NAMES.trackerRequests, 'Tracker requests'),
      business(METRIC_NAMES.projectSuggestions, 'Project suggestions'),
      business(METRIC_NAMES.featureVotes, 'Egg votes'),
      business(METRIC_NAMES.eggsAllocated, 'Eggs allocated'),
      business(METRIC_NAMES.trackerVotes, 'Tracker votes'),
    ];
    this.dashboard.addWidgets(
      new SingleValueWidget({
        title: 'Last 24 hours',
        metrics: figures.map((metric) => metric.with({ period: Duration.days(1) })),
        width: 24,
        height: 4,
      }),
    );
    this.dashboard.addWidgets(
      new GraphWidget({
        title: 'Sign-ups and eggs per hour',
        left: figures.slice(0, 2),
        width: 12,
      }),
      new GraphWidget({ title: 'Requests and votes per hour', left: figures.slice(2), width: 12 }),
    );
  }
}
