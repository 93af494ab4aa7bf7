import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { TABLE_STREAM_FILTERS } from '../../../infra/shared/table-stream-filters';
import { MAIL_STREAM_FILTER } from '../../src/modules/mail/mail-requests';
import { NOTIFICATION_STREAM_FILTER } from '../../src/modules/notifications/notification-events';
import { SEARCH_STREAM_FILTERS } from '../../src/modules/search/stream-filter';
import { dispatchStream, type StreamConcern } from '../../src/modules/table/stream-dispatch';
import { selects } from '../../src/modules/table/stream-filter';
import { STREAM_CONCERNS } from '../../src/triggers/table-stream';

/** A keys-only stream record as Lambda hands it over. */
const record = (
  eventName: 'INSERT' | 'MODIFY' | 'REMOVE',
  partition: string,
  sort: string,
  sequence = '1',
): DynamoDBRecord => ({
  eventName,
  dynamodb: { Keys: { PK: { S: partition }, SK: { S: sort } }, SequenceNumber: sequence },
});

describe('which stream records a filter selects (as the event source filters do)', () => {
  it.each([
    ['a new mail request', record('INSERT', 'MAIL#01J', 'verify-email#u1'), true],
    ['a mail request marked sent', record('MODIFY', 'MAIL#01J', 'verify-email#u1'), false],
    ['an expired mail request', record('REMOVE', 'MAIL#01J', 'verify-email#u1'), false],
    ['a key that only starts like one', record('INSERT', 'MAILBOX#1', 'x'), false],
  ])('mail: %s → %s', (_case, given, expected) => {
    expect(selects(MAIL_STREAM_FILTER, given)).toBe(expected);
  });

  it.each([
    ['a new event', record('INSERT', 'EVENT#01J', 'EVENT'), true],
    ['an expired event', record('REMOVE', 'EVENT#01J', 'EVENT'), false],
    ['a notification', record('INSERT', 'USER#u1', 'NOTIFICATION#01J'), false],
  ])('notifications: %s → %s', (_case, given, expected) => {
    expect(selects(NOTIFICATION_STREAM_FILTER, given)).toBe(expected);
  });

  it.each([
    ['a new feature request', record('INSERT', 'FEATURE#f1', 'FEATURE'), true],
    ['a changed tracker request', record('MODIFY', 'TRACKER_REQUEST#r1', 'REQUEST'), true],
    ['a deleted suggestion', record('REMOVE', 'TRACKER_SUGGESTION#s1', 'SUGGESTION'), true],
    ["a feature request's vote", record('INSERT', 'FEATURE#f1', 'VOTE#u1'), false],
    ['a sort key of another kind', record('MODIFY', 'FEATURE#f1', 'REQUEST'), false],
    ['a record without keys', { eventName: 'INSERT' } as DynamoDBRecord, false],
  ])('search: %s → %s', (_case, given, expected) => {
    expect(selects(SEARCH_STREAM_FILTERS, given)).toBe(expected);
  });

  it("feeds the stream's function the union of its concerns' filters, locally and on AWS", () => {
    // A filter two concerns share (the notification events, which webhooks read too) once.
    const union = [
      ...new Map(
        STREAM_CONCERNS.flatMap((concern) => [concern.filter].flat()).map((filter) => [
          JSON.stringify(filter),
          filter,
        ]),
      ).values(),
    ];
    expect(union).toEqual(TABLE_STREAM_FILTERS);
  });
});

/** A concern that records what it got and answers `answer` (or throws it). */
function probe(
  name: string,
  prefix: string,
  answer: (records: DynamoDBRecord[]) => DynamoDBBatchResponse = () => ({
    batchItemFailures: [],
  }),
) {
  const seen: string[] = [];
  const concern: StreamConcern = {
    name,
    filter: { eventName: 'INSERT', partitionKeyPrefix: prefix },
    handle: async (event: DynamoDBStreamEvent) => {
      seen.push(...event.Records.map((each) => each.dynamodb?.SequenceNumber ?? ''));
      return answer(event.Records);
    },
  };
  return { concern, seen };
}

const failing = (sequence: string) => ({ batchItemFailures: [{ itemIdentifier: sequence }] });

describe('the dispatch of a stream batch to its concerns', () => {
  const batch: DynamoDBStreamEvent = {
    Records: [
      record('INSERT', 'A#1', 'x', '100'),
      record('INSERT', 'B#1', 'x', '200'),
      record('INSERT', 'A#2', 'x', '300'),
      record('INSERT', 'B#2', 'x', '400'),
      record('INSERT', 'C#1', 'x', '500'),
    ],
  };

  it('hands each concern only the records its filter selects, in stream order', async () => {
    // Prepare
    const a = probe('a', 'A#');
    const b = probe('b', 'B#');
    // Act
    const answer = await dispatchStream(batch, [a.concern, b.concern]);
    // Assess
    expect(a.seen).toEqual(['100', '300']);
    expect(b.seen).toEqual(['200', '400']);
    expect(answer).toEqual({ batchItemFailures: [] });
  });

  it('reports every record any concern failed, in stream order', async () => {
    // Prepare
    const a = probe('a', 'A#', () => failing('300'));
    const b = probe('b', 'B#', () => failing('200'));
    // Act
    const answer = await dispatchStream(batch, [a.concern, b.concern]);
    // Assess: Lambda resumes at the lowest, 200, and hands 300 to `a` again.
    expect(answer).toEqual({
      batchItemFailures: [{ itemIdentifier: '200' }, { itemIdentifier: '300' }],
    });
  });

  it('fails a concern that throws from its first record, and still runs the others', async () => {
    // Prepare
    const a = probe('a', 'A#', () => {
      throw new Error('S3 is down');
    });
    const b = probe('b', 'B#');
    // Act
    const answer = await dispatchStream(batch, [a.concern, b.concern]);
    // Assess
    expect(b.seen).toEqual(['200', '400']);
    expect(answer).toEqual({ batchItemFailures: [{ itemIdentifier: '100' }] });
  });

  it('fails the first record of a concern whose failure names no record it was given', async () => {
    // Prepare: `b` names a record of `a`'s share.
    const a = probe('a', 'A#');
    const b = probe('b', 'B#', () => failing('300'));
    // Act
    const answer = await dispatchStream(batch, [a.concern, b.concern]);
    // Assess
    expect(answer).toEqual({ batchItemFailures: [{ itemIdentifier: '200' }] });
  });

  it('invokes no concern for a batch none of them takes', async () => {
    // Prepare
    const a = probe('a', 'A#');
    // Act
    const answer = await dispatchStream({ Records: [batch.Records[4]!] }, [a.concern]);
    // Assess
    expect(a.seen).toEqual([]);
    expect(answer).toEqual({ batchItemFailures: [] });
  });
});
