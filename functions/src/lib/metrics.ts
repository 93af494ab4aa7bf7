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
