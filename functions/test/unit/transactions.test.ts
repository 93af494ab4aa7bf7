import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../src/modules/table/client';
import { retryOnConflict, transact } from '../../src/modules/table/transactions';

const cancelled = (...codes: string[]) =>
  new TransactionCanceledException({
    message: 'Transaction cancelled',
    $metadata: {},
    CancellationReasons: codes.map((Code) => ({ Code })),
  });

describe('retryOnConflict', () => {
  it('retries a TransactionConflict with growing jittered delays until it succeeds', async () => {
    const delays: number[] = [];
    let calls = 0;
    const operation = async () => {
      calls += 1;
      if (calls < 3) throw cancelled('None', 'TransactionConflict');
      return 'written';
    };

    const result = await retryOnConflict(operation, {
      baseDelayMs: 10,
      random: () => 0.5,
      sleep: async (ms) => delays.push(ms),
    });

    expect(result).toBe('written');
    expect(calls).toBe(3);
    expect(delays).toEqual([5, 10]);
  });

  it('gives up after the last attempt and throws the conflict', async () => {
    let calls = 0;
    const operation = async () => {
      calls += 1;
      throw cancelled('TransactionConflict');
    };

    await expect(
      retryOnConflict(operation, { attempts: 4, sleep: async () => undefined }),
    ).rejects.toBeInstanceOf(TransactionCanceledException);
    expect(calls).toBe(4);
  });

  it('does not retry a failed condition, which means something to the caller', async () => {
    let calls = 0;
    const operation = async () => {
      calls += 1;
      throw cancelled('ConditionalCheckFailed', 'TransactionConflict');
    };

    await expect(retryOnConflict(operation, { sleep: async () => undefined })).rejects.toThrow();
    expect(calls).toBe(1);
  });
});

describe('transact counts transaction conflicts as an EMF metric', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllEnvs();
  });

  /** The TransactionConflicts figures written to stdout while `act` runs. */
  async function conflictsCounted(act: () => Promise<unknown>): Promise<number[]> {
    vi.stubEnv('METRICS_NAMESPACE', 'Hatchworks/test');
    const write = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    await act().catch(() => undefined);
    return write.mock.calls
      .map(([chunk]) => String(chunk))
      .filter((line) => line.startsWith('{"_aws"'))
      .map((line) => Number((JSON.parse(line) as Record<string, unknown>).TransactionConflicts));
  }

  const items = [{ ConditionCheck: { TableName: 't', Key: {}, ConditionExpression: 'x' } }];

  it('counts each attempt that retryOnConflict sees cancelled by a conflict', async () => {
    // Prepare: the table answers two conflicts, then takes the write.
    const send = vi
      .spyOn(db, 'send')
      .mockRejectedValueOnce(cancelled('None', 'TransactionConflict'))
      .mockRejectedValueOnce(cancelled('TransactionConflict'))
      .mockResolvedValueOnce({} as never);
    // Act
    const counted = await conflictsCounted(() =>
      retryOnConflict(() => transact(items), { sleep: async () => undefined }),
    );
    // Assess
    expect(send).toHaveBeenCalledTimes(3);
    expect(counted).toEqual([1, 1]);
  });

  it('counts a conflict its caller does not retry', async () => {
    vi.spyOn(db, 'send').mockRejectedValueOnce(cancelled('TransactionConflict', 'None'));

    const counted = await conflictsCounted(() => transact(items));

    expect(counted).toEqual([1]);
  });

  it('counts nothing for a failed condition, another error or a write that succeeds', async () => {
    // Prepare
    vi.spyOn(db, 'send')
      .mockRejectedValueOnce(cancelled('ConditionalCheckFailed', 'None'))
      .mockRejectedValueOnce(new Error('network down'))
      .mockResolvedValueOnce({} as never);
    // Act
    const counted = await conflictsCounted(async () => {
      for (let call = 0; call < 3; call += 1) await transact(items).catch(() => undefined);
    });
    // Assess
    expect(counted).toEqual([]);
  });
});
