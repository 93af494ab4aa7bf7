import type { SQSEvent } from 'aws-lambda';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const queued: string[] = [];
vi.mock('../../src/modules/mail/mail-queue', () => ({
  queueMail: (request: { userId: string }) => {
    if (request.userId.startsWith('fail')) return Promise.reject(new Error('throttled'));
    queued.push(request.userId);
    return Promise.resolve();
  },
}));

const { queueNotificationMails } =
  await import('../../src/triggers/table-stream/fan-out-notifications');

const batch = (...userIds: string[]): SQSEvent => ({
  Records: userIds.map((userId, index) => ({
    messageId: `m${index}`,
    body: JSON.stringify({ userId }),
  })) as SQSEvent['Records'],
});

describe('the notification mail delay queue', () => {
  beforeEach(() => {
    queued.length = 0;
  });

  it('queues every message after a failed one and reports each failure', async () => {
    // Act
    const answer = await queueNotificationMails(batch('a', 'fail-1', 'b', 'fail-2', 'c'));

    // Assess: nothing after a failure is dropped as done.
    expect(queued).toEqual(['a', 'b', 'c']);
    expect(answer.batchItemFailures).toEqual([{ itemIdentifier: 'm1' }, { itemIdentifier: 'm3' }]);
  });

  it('reports nothing when every message is queued', async () => {
    expect(await queueNotificationMails(batch('a', 'b'))).toEqual({ batchItemFailures: [] });
    expect(queued).toEqual(['a', 'b']);
  });
});
