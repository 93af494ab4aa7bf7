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

/** Figures to record together: each metric named with its value. */
export type MetricValues = Partial<Record<MetricName, number>>;

/*
 * Not Powertools Metrics: measured with esbuild (minified ESM, node20), `new Metrics()` with one
 * `addMetric` and `publishStoredMetrics` bundles to 15.2 KB (its Metrics class and the commons'
 * env, type, deep-merge and invoke-store utilities), which would push the tracker vote and
 * creation functions past their bundle ceilings (infra/test/bundling.test.ts). The format is one
 * JSON object, so these few lines write it: the same EMF Powertools writes, minus the default
 * `service` dimension the contract does not want.
 */

/**
 * Records `values` as one EMF line on stdout (unit Count, no dimensions), in the namespace of
 * METRICS_NAMESPACE read now, so tests can switch it; nothing at all when it is unset (locally).
 * CloudWatch Logs extracts the metrics: no network call.
 */
export function emitMetrics(values: MetricValues, now = Date.now()): void {
  const namespace = process.env[METRICS_NAMESPACE_ENV];
  const entries = Object.entries(values).filter(([, value]) => value !== undefined);
  if (!namespace || entries.length === 0) return;
  const line = {
    _aws: {
      Timestamp: now,
      CloudWatchMetrics: [
        {
          Namespace: namespace,
          Dimensions: [[]],
          Metrics: entries.map(([Name]) => ({ Name, Unit: 'Count' })),
        },
      ],
    },
    ...Object.fromEntries(entries),
  };
  process.stdout.write(`${JSON.stringify(line)}\n`);
}

/** Records one metric (1 unless given), as `emitMetrics`. */
export function emitMetric(name: MetricName, value = 1): void {
  emitMetrics({ [name]: value });
}
