import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import {
  MERGE_MESSAGES,
  unmergeUntil,
  type MergeState,
  type MergeStatus,
} from '@hatchworks/shared/schemas/merge';
import { db, tableName } from '../table/client';
import { ulid } from 'ulid';
import { notificationEventItem } from '../notifications/notification-events';
import type { TransactItem } from '../table/transactions';
import { AppError, ConflictError, NotFoundError } from '../../lib/errors';
import {
  runMergeSteps,
  tryTransact,
  votesPerStep,
  type MergeOptions,
  type MergeRun,
} from './merge-steps';
import type { Change, MergeRecord, SubjectKind } from './subject-kind';

export type { MergeOptions, MergeRun } from './merge-steps';

/*
 * Merging votable subject A into B of the same kind, in idempotent steps, each ONE transaction:
 *
 * 1. start: the state record (state `merging`, conditioned on none, or on the unmerged one as
 *    read), with the kind's writes: A merged (so its votes are refused), B told, the counters.
 * 2. move, batch after batch of at most 15 of A's votes: per vote a move record
 *    (`attribute_not_exists`) and the kind's writes (A's vote gone, B's vote made or kept, a
 *    ledger entry for eggs); then A's and B's totals, and the state's counts (condition: still
 *    `merging`).
 * 3. finish (A's own counts say every vote moved): state `merged`, `merged_at` on A and in B,
 *    one `merged` notification event on A.
 *
 * An unmerge runs the same way backwards over the move records: `unmerging` (conditioned on the
 * state as read: two admins at once, one wins), every moved vote put back as it was and its move
 * record deleted, then A back to its status and B forgetting it, `unmerged`.
 *
 * A step that fails (a condition, a crash, a killed process) changed nothing; the next run reads
 * again and goes on where the table says it stands. A step that read a move another run has put
 * back meanwhile lost a race and reads again: any number of runs of one merge or unmerge at once
 * end in the same table, and each answers 200 (with where the merge stands) or 409.
 */

const conflict = (message: string) => new ConflictError(message);

async function getItem<T>(key: Record<string, string>): Promise<T | undefined> {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName, Key: key, ConsistentRead: true }),
  );
  return Item as T | undefined;
}

const sum = (changes: readonly Change[]): Change => ({
  amount: changes.reduce((total, change) => total + change.amount, 0),
  voters: changes.reduce((total, change) => total + change.voters, 0),
});

/** The merge as the API answers it; `remaining` from A's votes left or the records left. */
export function statusOf(
  record: MergeRecord,
  remaining: number | null,
  eggsMoved: number,
): MergeStatus {
  return {
    from_id: record.from_id,
    into_id: record.into_id,
    from_title: record.from_title,
    into_title: record.into_title,
    state: record.state,
    moved: record.moved,
    remaining: record.state === 'merged' || record.state === 'unmerged' ? 0 : remaining,
    eggs_moved: eggsMoved,
    ...(record.merged_at
      ? {
          merged_at: record.merged_at,
          unmerge_until: unmergeUntil(record.merged_at).toISOString(),
        }
      : {}),
    ...(record.unmerged_at ? { unmerged_at: record.unmerged_at } : {}),
  };
}

/** Merge, unmerge and status of one kind of votable subject. */
export function mergeEngine<
  Subject extends { readonly id: string },
  Vote,
  Move,
  Stored extends MergeRecord,
  Batch,
>(kind: SubjectKind<Subject, Vote, Move, Stored, Batch>) {
  const { records } = kind;
  const readRecord = (fromId: string) => getItem<Stored>(records.state(fromId));

  async function answer(record: Stored): Promise<MergeStatus> {
    const remaining =
      record.state === 'merging'
        ? await kind.remaining(record)
        : record.state === 'unmerging'
          ? record.moved
          : 0;
    return statusOf(record, remaining, kind.eggsMoved(record));
  }

  async function committed(done: boolean, ...ids: string[]): Promise<boolean> {
    if (done && kind.settle) await kind.settle(ids);
    return done;
  }

  /** The state record's counts, on the condition that it is still in `state`. */
  const stateCounts = (fromId: string, state: MergeState, votes: number, amount: number) => ({
    Update: {
      TableName: tableName,
      Key: records.state(fromId),
      UpdateExpression: 'ADD moved :votes, #amount :amount',
      ConditionExpression: '#state = :state',
      ExpressionAttributeNames: { '#state': 'state', '#amount': records.amount },
      ExpressionAttributeValues: { ':votes': votes, ':amount': amount, ':state': state },
    },
  });

  /**
   * The state record from `from` to `to` (with `at` set to now, and the merge's notification
   * event id when one is given), on that condition.
   */
  const stateMove = (
    fromId: string,
    from: MergeState,
    to: MergeState,
    at: string,
    now: Date,
    mergeEventId?: string,
  ): TransactItem => ({
    Update: {
      TableName: tableName,
      Key: records.state(fromId),
      UpdateExpression: `SET #state = :to, ${at} = :now${mergeEventId ? ', merge_event_id = :event' : ''}`,
      ConditionExpression: '#state = :from',
      ExpressionAttributeNames: { '#state': 'state' },
      ExpressionAttributeValues: {
        ':to': to,
        ':from': from,
        ':now': now.toISOString(),
        ...(mergeEventId ? { ':event': mergeEventId } : {}),
      },
    },
  });

  async function startMerge(
    previous: Stored | undefined,
    from: Subject,
    into: Subject,
    actorId: string,
    now: Date,
  ): Promise<boolean> {
    const timestamp = now.toISOString();
    const record = kind.newRecord(
      {
        from_id: from.id,
        into_id: into.id,
        from_title: kind.title(from),
        into_title: kind.title(into),
        state: 'merging',
        by: actorId,
        started_at: timestamp,
        moved: 0,
      },
      from,
    );
    const items: TransactItem[] = [
      {
        Put: {
          TableName: tableName,
          Item: { ...records.state(from.id), entity: records.stateEntity, ...record },
          // A first merge, or a new one after an unmerge (as read).
          ConditionExpression: previous
            ? '#state = :unmerged AND started_at = :previousStart'
            : 'attribute_not_exists(PK)',
          ...(previous
            ? {
                ExpressionAttributeNames: { '#state': 'state' },
                ExpressionAttributeValues: {
                  ':unmerged': 'unmerged',
                  ':previousStart': previous.started_at,
                },
              }
            : {}),
        },
      },
      ...(await kind.startWrites(record, from, into, now)),
    ];
    return committed(await tryTransact(items, 'start merge'), from.id);
  }

  /** A batch of A's votes moves to B in one transaction or, with none left, the finish. */
  async function mergeStep(
    record: Stored,
    from: Subject,
    options: MergeOptions,
    now: Date,
  ): Promise<boolean | 'stalled'> {
    const votes = await kind.votesOf(from.id, votesPerStep(options));
    if (votes.length === 0) {
      // Every vote has moved when A's own counts say so (they move in the same transactions);
      // until then the index has yet to list the rest.
      if (!kind.emptied(from)) return 'stalled';
      return finishMerge(record, from, now);
    }
    const batch = await kind.readBatch('merge', record, votes.map(kind.voterOf), from);
    const moves = votes.map((vote) => kind.move(vote, batch, record, now));
    const items: TransactItem[] = moves.flatMap(({ move, items: writes }) => [
      {
        Put: {
          TableName: tableName,
          Item: {
            ...records.move(from.id, kind.moverOf(move)),
            entity: records.moveEntity,
            ...move,
          },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
      ...writes,
    ]);
    const onFrom = sum(moves.map((each) => each.from));
    const onInto = sum(moves.map((each) => each.into));
    items.push(
      ...kind.totals('merge', record, batch, onFrom, onInto, now),
      stateCounts(from.id, 'merging', votes.length, -onFrom.amount),
    );
    return committed(await tryTransact(items, 'move votes'), from.id, record.into_id);
  }

  async function finishMerge(record: Stored, from: Subject, now: Date): Promise<boolean> {
    const eventId = ulid(now.getTime());
    const items: TransactItem[] = [
      stateMove(record.from_id, 'merging', 'merged', 'merged_at', now, eventId),
      ...(await kind.finishMergeWrites(record, from, now)),
      // A's followers (its author, voters, commenters) hear where it went.
      {
        Put: {
          TableName: tableName,
          Item: notificationEventItem(
            {
              kind: 'merged',
              subject: { type: kind.subject, id: record.from_id, title: record.from_title },
              actorId: record.by,
              details: { into_id: record.into_id, into_title: record.into_title },
            },
            now,
            eventId,
          ),
        },
      },
    ];
    return tryTransact(items, 'finish merge');
  }

  /** The first step of an unmerge: `unmerging`, on the condition that the state is as read. */
  function startUnmerge(fromId: string, read: MergeState, actorId: string, now: Date) {
    return tryTransact(
      [
        {
          Update: {
            TableName: tableName,
            Key: records.state(fromId),
            UpdateExpression:
              'SET #state = :unmerging, unmerge_started_at = :now, unmerged_by = :by',
            ConditionExpression: '#state = :read',
            ExpressionAttributeNames: { '#state': 'state' },
            ExpressionAttributeValues: {
              ':unmerging': 'unmerging',
              ':read': read,
              ':now': now.toISOString(),
              ':by': actorId,
            },
          },
        },
      ],
      'start unmerge',
    );
  }

  /** Up to `limit` move records of the merge of `fromId` (a Query of its own partition). */
  async function movesOf(fromId: string, limit: number): Promise<Move[]> {
    const { Items = [] } = await db.send(
      new QueryCommand({
        TableName: tableName,
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
        ExpressionAttributeValues: {
          ':pk': records.partition(fromId),
          ':prefix': records.movePrefix,
        },
        ConsistentRead: true,
        Limit: limit,
      }),
    );
    return Items as Move[];
  }

  /** A batch of moved votes goes back in one transaction or, with none left, the finish. */
  async function unmergeStep(record: Stored, options: MergeOptions, now: Date): Promise<boolean> {
    const moves = await movesOf(record.from_id, votesPerStep(options));
    if (moves.length === 0) {
      return committed(
        await tryTransact(
          [
            stateMove(record.from_id, 'unmerging', 'unmerged', 'unmerged_at', now),
            ...(await kind.finishUnmergeWrites(record, now)),
            // Whoever was told of the merge no longer reads "Merged into …".
            ...(record.merge_event_id
              ? [
                  {
                    Put: {
                      TableName: tableName,
                      Item: notificationEventItem(
                        {
                          kind: 'unmerged',
                          subject: {
                            type: kind.subject,
                            id: record.from_id,
                            title: record.from_title,
                          },
                          actorId: record.unmerged_by ?? record.by,
                          details: {
                            merge_event_id: record.merge_event_id,
                            into_id: record.into_id,
                            into_title: record.into_title,
                          },
                        },
                        now,
                      ),
                    },
                  },
                ]
              : []),
          ],
          'finish unmerge',
        ),
        record.from_id,
        record.into_id,
      );
    }
    const batch = await kind.readBatch('unmerge', record, moves.map(kind.moverOf));
    const items: TransactItem[] = [];
    const onFrom: Change[] = [];
    const onInto: Change[] = [];
    for (const move of moves) {
      const voter = kind.moverOf(move);
      const restored = kind.restore(move, batch, record, now);
      if (!restored) {
        // Read before another run put this vote back (its move record is gone): read again.
        if (!(await getItem(records.move(record.from_id, voter)))) return false;
        throw new Error(`The moved vote of ${voter} on ${record.into_id} is not as moved`);
      }
      items.push(...restored.items, {
        Delete: {
          TableName: tableName,
          Key: records.move(record.from_id, voter),
          ConditionExpression: 'attribute_exists(PK)',
        },
      });
      onFrom.push(restored.from);
      onInto.push(restored.into);
    }
    const from = sum(onFrom);
    items.push(
      ...kind.totals('unmerge', record, batch, from, sum(onInto), now),
      stateCounts(record.from_id, 'unmerging', -moves.length, -from.amount),
    );
    return committed(await tryTransact(items, 'restore votes'), record.from_id, record.into_id);
  }

  return {
    readRecord,
    answer,

    /** Where the merge of `fromId` stands, or 404. */
    async status(fromId: string): Promise<MergeStatus> {
      const record = await readRecord(fromId);
      if (!record) {
        if (!(await kind.get(fromId))) throw new NotFoundError(kind.notFound);
        throw new NotFoundError(MERGE_MESSAGES.notMerged);
      }
      return answer(record);
    },

    /**
     * Starts the merge of A (`fromId`) into B (`intoId`) or resumes it, running steps until it is
     * done or the time budget is used. Safe to call again at any time (after a crash, from two
     * tabs at once): each step is one conditional transaction.
     */
    merge(
      fromId: string,
      intoId: string,
      actorId: string,
      options: MergeOptions = {},
    ): Promise<MergeRun> {
      if (fromId === intoId) {
        throw new AppError(400, 'VALIDATION_ERROR', MERGE_MESSAGES.sameRequest);
      }
      const clock = options.now ?? (() => new Date());
      return runMergeSteps<Stored>(
        {
          step: async () => {
            const [record, from] = await Promise.all([readRecord(fromId), kind.get(fromId)]);
            if (!from) throw new NotFoundError(kind.notFound);
            if (record && (record.state === 'merging' || record.state === 'merged')) {
              if (record.into_id !== intoId) {
                throw conflict(MERGE_MESSAGES.alreadyMerged(record.into_title));
              }
              if (record.state === 'merged') return 'finished';
              return mergeStep(record, from, options, clock());
            }
            if (record?.state === 'unmerging') throw conflict(MERGE_MESSAGES.busy);
            const into = await kind.get(intoId);
            kind.checkMerge(from, into, clock());
            return startMerge(record, from, into, actorId, clock());
          },
          read: () => readRecord(fromId),
          finished: (record) => record.state === 'merged',
          answer,
        },
        options,
      );
    },

    /**
     * Undoes the merge of A (`fromId`) or resumes undoing it: every moved vote goes back to A
     * exactly as it was, then A gets its status back and B forgets it. Asked again after it
     * finished (a retried POST, a second admin), the outcome stands: 200.
     */
    unmerge(fromId: string, actorId: string, options: MergeOptions = {}): Promise<MergeRun> {
      const clock = options.now ?? (() => new Date());
      return runMergeSteps<Stored>(
        {
          step: async () => {
            const record = await readRecord(fromId);
            if (!record) {
              if (!(await kind.get(fromId))) throw new NotFoundError(kind.notFound);
              throw conflict(MERGE_MESSAGES.notMerged);
            }
            if (record.state === 'unmerged') return 'finished';
            if (record.state === 'unmerging') return unmergeStep(record, options, clock());
            const into = await kind.get(record.into_id);
            kind.checkUnmerge(record, into, clock());
            return startUnmerge(fromId, record.state, actorId, clock());
          },
          read: () => readRecord(fromId),
          finished: (record) => record.state === 'unmerged',
          answer,
        },
        options,
      );
    },
  };
}
