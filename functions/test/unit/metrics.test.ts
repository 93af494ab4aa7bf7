import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { emitMetric, emitMetrics, METRIC_NAMES } from '../../src/lib/metrics';

describe('the EMF metric lines', () => {
  let write: MockInstance<typeof process.stdout.write>;
  beforeEach(() => {
    write = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
  });
  afterEach(() => {
    write.mockRestore();
    vi.unstubAllEnvs();
  });

  const written = () => write.mock.calls.map(([chunk]) => String(chunk));

  it('writes one EMF line in the namespace of METRICS_NAMESPACE, unit Count, no dimensions', () => {
    // Prepare
    vi.stubEnv('METRICS_NAMESPACE', 'Hatchworks/prod');
    // Act
    emitMetric(METRIC_NAMES.signUps);
    // Assess
    expect(written()).toHaveLength(1);
    const [line] = written();
    expect(line?.endsWith('\n')).toBe(true);
    expect(JSON.parse(line!)).toEqual({
      _aws: {
        Timestamp: expect.any(Number),
        CloudWatchMetrics: [
          {
            Namespace: 'Hatchworks/prod',
            Dimensions: [[]],
            Metrics: [{ Name: 'SignUps', Unit: 'Count' }],
          },
        ],
      },
      SignUps: 1,
    });
  });

  it('records the value given and the time of the figure in epoch milliseconds', () => {
    // Prepare
    vi.stubEnv('METRICS_NAMESPACE', 'Hatchworks/dev');
    // Act
    emitMetric(METRIC_NAMES.eggsClaimed, 100);
    // Assess
    const entry = JSON.parse(written()[0]!) as { _aws: { Timestamp: number }; EggsClaimed: number };
    expect(entry.EggsClaimed).toBe(100);
    expect(Math.abs(entry._aws.Timestamp - Date.now())).toBeLessThan(5_000);
  });

  it('puts figures recorded together in one line', () => {
    // Prepare
    vi.stubEnv('METRICS_NAMESPACE', 'Hatchworks/dev');
    // Act
    emitMetrics(
      { [METRIC_NAMES.featureVotes]: 1, [METRIC_NAMES.eggsAllocated]: 25 },
      Date.UTC(2026, 0, 2),
    );
    // Assess
    expect(written().map((line) => JSON.parse(line) as unknown)).toEqual([
      {
        _aws: {
          Timestamp: Date.UTC(2026, 0, 2),
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
      },
    ]);
  });

  it('writes nothing without METRICS_NAMESPACE (locally, in tests)', () => {
    // Prepare
    vi.stubEnv('METRICS_NAMESPACE', undefined);
    // Act
    emitMetric(METRIC_NAMES.signUps);
    emitMetrics({ [METRIC_NAMES.featureVotes]: 1 });
    // Assess
    expect(written()).toEqual([]);
  });

  it('reads METRICS_NAMESPACE at each call', () => {
    // Act
    vi.stubEnv('METRICS_NAMESPACE', '');
    emitMetric(METRIC_NAMES.trackerVotes);
    vi.stubEnv('METRICS_NAMESPACE', 'Hatchworks/dev');
    emitMetric(METRIC_NAMES.trackerVotes);
    // Assess
    expect(written()).toHaveLength(1);
  });

  it('writes nothing when there is no figure', () => {
    vi.stubEnv('METRICS_NAMESPACE', 'Hatchworks/dev');

    emitMetrics({});

    expect(written()).toEqual([]);
  });
});
