import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import { retryOnConflict } from '../../src/data/transactions';

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
