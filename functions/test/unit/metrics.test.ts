import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { emitMetrics, METRIC_NAMES, type MetricValues } from '../../src/lib/metrics';

describe('emitMetrics (CloudWatch EMF lines on stdout)', () => {
  let write: MockInstance<typeof process.stdout.write>;
  beforeEach(() => {
    write = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllEnvs();
  });

  const written = () => write.mock.calls.map(([chunk]) => String(chunk));

  it('writes one EMF line in the namespace of METRICS_NAMESPACE, unit Count, no dimensions', () => {
    // Prepare
    vi.stubEnv('METRICS_NAMESPACE', 'Hatchworks/prod');
    vi.spyOn(Date, 'now').mockReturnValue(Date.UTC(2026, 10, 26, 1, 2, 3));
    // Act
    emitMetrics({ SignUps: 1 });
    // Assess
    expect(written()).toEqual([
      `${JSON.stringify({
        _aws: {
          Timestamp: Date.UTC(2026, 10, 26, 1, 2, 3),
          CloudWatchMetrics: [
            {
              Namespace: 'Hatchworks/prod',
              Dimensions: [[]],
              Metrics: [{ Name: 'SignUps', Unit: 'Count' }],
            },
          ],
        },
        SignUps: 1,
      })}\n`,
    ]);
  });

  it('records the value given', () => {
    vi.stubEnv('METRICS_NAMESPACE', 'Hatchworks/dev');

    emitMetrics({ EggsClaimed: 100 });

    expect(JSON.parse(written()[0]!)).toMatchObject({ EggsClaimed: 100 });
  });

  it('puts figures recorded together in one line', () => {
    // Prepare
    vi.stubEnv('METRICS_NAMESPACE', 'Hatchworks/dev');
    // Act
    emitMetrics({ FeatureVotes: 1, EggsAllocated: 25 });
    // Assess
    expect(written()).toHaveLength(1);
    expect(JSON.parse(written()[0]!)).toEqual({
      _aws: {
        Timestamp: expect.any(Number),
        CloudWatchMetrics: [
          {
            Namespace: 'Hatchworks/dev',
            Dimensions: [[]],
            Metrics: [
              { Name: 'FeatureVotes', Unit: 'Count' },
              { Name: 'EggsAllocated', Unit: 'Count' },
            ],
          },
        ],
      },
      FeatureVotes: 1,
      EggsAllocated: 25,
    });
  });

  it('writes nothing without METRICS_NAMESPACE (locally, in tests)', () => {
    // Act
    vi.stubEnv('METRICS_NAMESPACE', undefined);
    emitMetrics({ SignUps: 1 });
    vi.stubEnv('METRICS_NAMESPACE', '');
    emitMetrics({ FeatureVotes: 1 });
    // Assess
    expect(written()).toEqual([]);
  });

  it('reads METRICS_NAMESPACE at each call', () => {
    // Act
    emitMetrics({ TrackerVotes: 1 });
    vi.stubEnv('METRICS_NAMESPACE', 'Hatchworks/dev');
    emitMetrics({ TrackerVotes: 1 });
    // Assess
    expect(written()).toHaveLength(1);
  });

  it('accepts exactly the metric names of the contract', () => {
    // Prepare: every name of METRIC_NAMES is a key of MetricValues, and no other is.
    const every: Required<MetricValues> = {
      SignUps: 1,
      EggsClaimed: 1,
      FeatureRequestsCreated: 1,
      TrackerRequestsCreated: 1,
      ProjectSuggestionsCreated: 1,
      FeatureVotes: 1,
      EggsAllocated: 1,
      TrackerVotes: 1,
      TransactionConflicts: 1,
    };
    // @ts-expect-error: a name outside the contract does not compile.
    const unknown: MetricValues = { SignUp: 1 };
    // Assess
    expect(Object.keys(every).sort()).toEqual(Object.values(METRIC_NAMES).sort());
    expect(unknown).toBeDefined();
  });
});
