import type { MergeState } from '@hatchworks/shared/schemas/merge';
import type { SubjectType } from '../table/keys';
import type { TransactItem } from '../table/transactions';

/*
 * A votable subject (an egg feature, a tracker request, a tracker suggestion) as the merge engine
 * (merge-engine.ts) sees it: what differs between the kinds. The engine owns the merge's state
 * record, its move records, the order of the steps and every race between them; a kind owns its
 * subject's item, its vote items, its counters and what one vote's move writes.
 */

type Key = Record<string, string>;

/** The merge state record (`<partition of A>` / `MERGE`), common to every kind. */
export interface MergeRecord {
  readonly from_id: string;
  readonly into_id: string;
  readonly from_title: string;
  readonly into_title: string;
  readonly state: MergeState;
  readonly by: string;
  readonly started_at: string;
  readonly merged_at?: string;
  readonly unmerge_started_at?: string;
  readonly unmerged_at?: string;
  readonly unmerged_by?: string;
  /** The `merged` notification event of the finished merge, withdrawn when it is undone. */
  readonly merge_event_id?: string;
  /** Votes moved to B and not yet put back. */
  readonly moved: number;
}

/** What a batch changes on one subject: its vote total and its number of voters. */
export interface Change {
  readonly amount: number;
  readonly voters: number;
}

/** One vote's move from A to B (or back): its writes and what it changes on A and on B. */
export interface VoteChange {
  readonly items: TransactItem[];
  readonly from: Change;
  readonly into: Change;
}

export type MergePhase = 'merge' | 'unmerge';

export interface SubjectKind<
  Subject extends { readonly id: string },
  Vote,
  Move,
  Record extends MergeRecord,
  Batch,
> {
  /** The notification subject of a merged A (its followers hear where it went). */
  readonly subject: SubjectType;
  /** The merge's items: its state record and one move record per moved vote. */
  readonly records: {
    readonly stateEntity: string;
    readonly moveEntity: string;
    readonly state: (fromId: string) => Key;
    readonly move: (fromId: string, voterId: string) => Key;
    readonly partition: (fromId: string) => string;
    readonly movePrefix: string;
    /** The state record's attribute that adds up what the moved votes carry. */
    readonly amount: string;
  };
  /** The 404 message of an unknown A. */
  readonly notFound: string;
  /** The subject as it is now (consistent read). */
  readonly get: (id: string) => Promise<Subject | undefined>;
  readonly title: (subject: Subject) => string;
  /** The state record of a new merge: the common fields, plus the kind's own. */
  readonly newRecord: (common: MergeRecord, from: Subject) => Record;
  /** The rules of starting a merge of `from` into `into` (throws the 404/409). */
  readonly checkMerge: (
    from: Subject,
    into: Subject | undefined,
    now: Date,
  ) => asserts into is Subject;
  /** The rule of undoing a merge (throws the 409). */
  readonly checkUnmerge: (
    record: Record | undefined,
    into: Subject | undefined,
    now: Date,
  ) => asserts record is Record;
  /** The merge as the API answers it: `eggs_moved` (0 for votes that carry no eggs). */
  readonly eggsMoved: (record: Record) => number;
  /** Votes left on A while merging (null when not known). */
  readonly remaining: (record: Record) => Promise<number | null>;

  /** The first step's writes beside the state record: A merged, B told, the counters. */
  readonly startWrites: (
    record: Record,
    from: Subject,
    into: Subject,
    now: Date,
  ) => Promise<TransactItem[]>;
  /** Up to `limit` of A's votes as they are now (an index read, each vote read again). */
  readonly votesOf: (fromId: string, limit: number) => Promise<Vote[]>;
  /** Whether A's own counts say every vote has moved (else the index lags: read again). */
  readonly emptied: (from: Subject) => boolean;
  readonly voterOf: (vote: Vote) => string;
  readonly moverOf: (move: Move) => string;
  /** What a step reads besides the votes or moves: B's votes of these voters, and the like. */
  readonly readBatch: (
    phase: MergePhase,
    record: Record,
    voterIds: readonly string[],
    from?: Subject,
  ) => Promise<Batch>;
  /** The move record of one vote (enough to undo it exactly) and its writes. */
  readonly move: (
    vote: Vote,
    batch: Batch,
    record: Record,
    now: Date,
  ) => VoteChange & { readonly move: Move };
  /**
   * One moved vote put back; undefined when B's vote is not as the move left it (the move was
   * read before another run put it back, or something is broken: the engine tells which).
   */
  readonly restore: (move: Move, batch: Batch, record: Record, now: Date) => VoteChange | undefined;
  /** The batch's changes written to A and B (conditional on what was read). */
  readonly totals: (
    phase: MergePhase,
    record: Record,
    batch: Batch,
    from: Change,
    into: Change,
    now: Date,
  ) => TransactItem[];
  /** The finish's writes besides the state record and the event: `merged_at` on A and in B. */
  readonly finishMergeWrites: (record: Record, from: Subject, now: Date) => Promise<TransactItem[]>;
  /** The finish's writes of an unmerge: A back to its status, B forgets A, the counters. */
  readonly finishUnmergeWrites: (record: Record, now: Date) => Promise<TransactItem[]>;
  /** After a step committed: what the subjects' derived keys need (e.g. their rank settled). */
  readonly settle?: (ids: readonly string[]) => Promise<void>;
}
