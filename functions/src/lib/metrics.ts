/*
 * Business and health figures as CloudWatch Embedded Metric Format (EMF) lines: one JSON line on
 * stdout that CloudWatch Logs turns into metrics, with no call to CloudWatch from the function.
 * The stack sets METRICS_NAMESPACE; without it (locally, in tests) nothing is written.
 */

/** The environment variable naming the namespace the stack's dashboard and alarms read. */
export const METRICS_NAMESPACE_ENV = 'METRICS_NAMESPACE';

/** Every metric the functions emit (Count, no dimensions): the dashboard and alarms use these. */
export const METRIC_NAMES = {
  /** One per new account (registration, or a first hosted sign-in). */
  signUps: 'SignUps',
  /** The eggs of each daily claim. */
  eggsClaimed: 'EggsClaimed',
  /** One per feature request created (100 eggs spent). */
  featureRequests: 'FeatureRequestsCreated',
  /** One per tracker feature request submitted. */
  trackerRequests: 'TrackerRequestsCreated',
  /** One per project suggestion submitted. */
  projectSuggestions: 'ProjectSuggestionsCreated',
  /** One per egg allocation on a feature request. */
  featureVotes: 'FeatureVotes',
  /** The eggs of each allocation. */
  eggsAllocated: 'EggsAllocated',
  /** One per tracker upvote added. */
  trackerVotes: 'TrackerVotes',
  /** One per TransactWriteItems cancelled by a TransactionConflict (retried or not). */
  transactionConflicts: 'TransactionConflicts',
} as const;

export type MetricName = (typeof METRIC_NAMES)[keyof typeof METRIC_NAMES];

/** Figures recorded together, each metric by name with its value: `{ SignUps: 1 }`. */
export type MetricValues = { readonly [Name in MetricName]?: number };

/*
 * Not Powertools Metrics: measured with esbuild (minified ESM), `new Metrics()` with one
 * `addMetric` and `publishStoredMetrics` bundles to 15.2 KB (its Metrics class and the commons'
 * env, type, deep-merge and invoke-store utilities), and it adds a `service` dimension unless
 * told otherwise. The tracker's creation and vote functions sit within 0.2 KB of their bundle
 * ceilings (infra/test/bundling.test.ts), so the same EMF line is written here in a few bytes;
 * the call sites name metrics by their literal names (checked by MetricValues), which keeps the
 * METRIC_NAMES map, read by the CDK stack, out of the bundles.
 */

/**
 * Records `values` as one EMF line on stdout (unit Count, no dimensions) in the namespace
 * METRICS_NAMESPACE names at this moment (tests switch it); nothing when it is unset (locally).
 * CloudWatch Logs turns the line into metrics: no network call.
 */
export function emitMetrics(values: MetricValues): void {
  // Spelled out: METRICS_NAMESPACE_ENV would put one more constant in every bundle.
  const Namespace = process.env.METRICS_NAMESPACE;
  if (!Namespace) return;
  const Metrics = Object.keys(values).map((Name) => ({ Name, Unit: 'Count' }));
  const _aws = {
    Timestamp: Date.now(),
    CloudWatchMetrics: [{ Namespace, Dimensions: [[]], Metrics }],
  };
  process.stdout.write(`${JSON.stringify({ _aws, ...values })}\n`);
}
