import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { FeatureStatus } from '@hatchworks/shared/schemas/features';
import {
  ROADMAP_COLUMNS,
  ROADMAP_LIMITS,
  type Roadmap,
  type RoadmapCard,
  type RoadmapKind,
} from '@hatchworks/shared/schemas/roadmap';
import type { TrackerStatus } from '@hatchworks/shared/schemas/tracker';
import { subjectPath } from '@hatchworks/shared/schemas/subjects';
import { batchGetItems } from '../table/batch-get';
import { db, tableName } from '../table/client';
import { featureKeys, roadmapKeys, trackerRequestKeys, type RoadmapColumn } from '../table/keys';
import type { TransactItem } from '../table/transactions';

/** The roadmap column of a tracker request's status, or none. */
export function trackerRoadmapColumn(status: TrackerStatus | undefined): RoadmapColumn | null {
  if (status === 'Planned') return 'planned';
  if (status === 'In Progress') return 'in_progress';
  if (status === 'Completed') return 'completed';
  return null;
}

/** The roadmap column of a feature request's status: approved ones are voted on, not planned. */
export function featureRoadmapColumn(status: FeatureStatus): RoadmapColumn | null {
  if (status === 'in_progress') return 'in_progress';
  if (status === 'completed') return 'completed';
  return null;
}

/** What a roadmap entry says about its subject (votes and eggs are read live from it). */
export interface RoadmapSubject {
  readonly kind: RoadmapKind;
  readonly id: string;
  readonly title: string;
  readonly project: { readonly id: string; readonly title: string } | null;
}

/**
 * The write that keeps a subject's roadmap entry right after a status change, for the change's
 * transaction: a Put when the new status has a column, a Delete when it leaves the roadmap, none
 * when it was not and is not on it.
 */
export function roadmapEntryWrite(
  subject: RoadmapSubject,
  before: RoadmapColumn | null,
  after: RoadmapColumn | null,
  now: Date,
): TransactItem[] {
  const key = roadmapKeys.item(subject.kind, subject.id);
  if (!after) return before ? [{ Delete: { TableName: tableName, Key: key } }] : [];
  const at = now.toISOString();
  return [
    {
      Put: {
        TableName: tableName,
        Item: {
          ...key,
          ...roadmapKeys.column(after, at, subject.kind, subject.id),
          ...(subject.project
            ? roadmapKeys.projectColumn(after, subject.project.id, at, subject.kind, subject.id)
            : {}),
          entity: 'RoadmapEntry',
          kind: subject.kind,
          subject_id: subject.id,
          title: subject.title,
          column: after,
          project: subject.project,
          status_changed_at: at,
          completed_at: after === 'completed' ? at : null,
        },
      },
    },
  ];
}

interface StoredEntry {
  readonly kind: RoadmapKind;
  readonly subject_id: string;
  readonly title: string;
  readonly column: RoadmapColumn;
  readonly project: { id: string; title: string } | null;
  readonly status_changed_at: string;
  readonly completed_at: string | null;
}

interface Column {
  readonly entries: StoredEntry[];
  readonly more: boolean;
}

/** One column, newest first: one Query of at most `perColumn` (+1 to know there is more). */
async function readColumn(
  column: RoadmapColumn,
  projectId: string | undefined,
  now: Date,
): Promise<Column> {
  const index = projectId ? 'GSI2' : 'GSI1';
  const partition = projectId
    ? roadmapKeys.projectColumnPartition(column, projectId)
    : roadmapKeys.columnPartition(column);
  // The completed column's sort keys start with the completion time: the window is a key bound.
  const since =
    column === 'completed'
      ? new Date(now.getTime() - ROADMAP_LIMITS.completedDays * 86_400_000).toISOString()
      : undefined;
  const result = await db.send(
    new QueryCommand({
      TableName: tableName,
      IndexName: index,
      KeyConditionExpression: since ? '#pk = :pk AND #sk >= :since' : '#pk = :pk',
      ExpressionAttributeNames: {
        '#pk': `${index}PK`,
        ...(since ? { '#sk': `${index}SK` } : {}),
      },
      ExpressionAttributeValues: { ':pk': partition, ...(since ? { ':since': since } : {}) },
      ScanIndexForward: false,
      Limit: ROADMAP_LIMITS.perColumn + 1,
    }),
  );
  const entries = (result.Items ?? []) as unknown as StoredEntry[];
  return {
    entries: entries.slice(0, ROADMAP_LIMITS.perColumn),
    more: entries.length > ROADMAP_LIMITS.perColumn,
  };
}

const subjectKey = (entry: Pick<StoredEntry, 'kind' | 'subject_id'>) =>
  entry.kind === 'feature'
    ? featureKeys.item(entry.subject_id)
    : trackerRequestKeys.item(entry.subject_id);

/**
 * The roadmap, optionally of one project: three Queries on the entries (one per column, each
 * bounded), then one BatchGetItem of the subjects for their current eggs or votes and title.
 */
export async function readRoadmap(
  projectId: string | undefined,
  now = new Date(),
): Promise<Roadmap> {
  const columns = await Promise.all(
    ROADMAP_COLUMNS.map((column) => readColumn(column, projectId, now)),
  );
  const entries = columns.flatMap((column) => column.entries);
  const subjects = await batchGetItems(entries.map(subjectKey));
  const byKey = new Map(subjects.map((item) => [String(item.PK), item]));
  const card = (entry: StoredEntry): RoadmapCard[] => {
    const subject = byKey.get(subjectKey(entry).PK);
    if (!subject) return [];
    return [
      {
        kind: entry.kind,
        id: entry.subject_id,
        title: typeof subject.title === 'string' ? subject.title : entry.title,
        column: entry.column,
        project: entry.project ?? null,
        eggs: entry.kind === 'feature' ? Number(subject.total_eggs ?? 0) : null,
        votes: entry.kind === 'tracker_request' ? Number(subject.votes ?? 0) : null,
        comment_count: Number(subject.comment_count ?? 0),
        status_changed_at: entry.status_changed_at,
        completed_at: entry.completed_at ?? null,
        link: subjectPath(entry.kind, entry.subject_id),
      },
    ];
  };
  const [planned, inProgress, completed] = columns as [Column, Column, Column];
  return {
    planned: planned.entries.flatMap(card),
    in_progress: inProgress.entries.flatMap(card),
    completed: completed.entries.flatMap(card),
    more: { planned: planned.more, in_progress: inProgress.more, completed: completed.more },
  };
}

/** The roadmap write of a feature request's status change (in the moderation transaction). */
export function featureRoadmapWrite(
  feature: { readonly id: string; readonly title: string; readonly status: FeatureStatus } & {
    readonly project_id: string;
    readonly project_title: string;
  },
  to: FeatureStatus,
  now: Date,
): TransactItem[] {
  return roadmapEntryWrite(
    {
      kind: 'feature',
      id: feature.id,
      title: feature.title,
      project: { id: feature.project_id, title: feature.project_title },
    },
    featureRoadmapColumn(feature.status),
    featureRoadmapColumn(to),
    now,
  );
}
