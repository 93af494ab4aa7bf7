import { webhookEventItem, webhookSubject } from '../webhooks/webhook-events';
import { setTimeout as sleep } from 'node:timers/promises';
import { ulid } from 'ulid';
import {
  TRACKER_STATUS_BY_CODE,
  TRACKER_STATUS_MESSAGES,
  type TrackerStatusChange,
} from '@hatchworks/shared/schemas/tracker-status';
import type { ActivityType, TrackerStatus } from '@hatchworks/shared/schemas/tracker';
import { TRACKER_MERGE_MESSAGES } from '@hatchworks/shared/schemas/tracker-merge';
import { ConflictError, NotFoundError } from '../../lib/errors';
import { tableName } from '../table/client';
import { activityKeys, trackerCounterKeys, type SubjectType } from '../table/keys';
import { notificationEventItem } from '../notifications/notification-events';
import { roadmapEntryWrite, trackerRoadmapColumn } from '../publishing/roadmap-repository';
import { trackerRequestTarget, type StoredTrackerRequest } from './tracker-requests-repository';
import { trackerSuggestionTarget, type StoredSuggestion } from './tracker-suggestions-repository';
import { getRecord, unchangedSince, type TrackerTarget, type VotableRecord } from './tracker-views';
import {
  cancellationCodes,
  isTransactionConflict,
  putNew,
  transact,
  type TransactItem,
} from '../table/transactions';

/** The fields a status change leaves on a tracker record. */
interface StatusFields {
  readonly status?: TrackerStatus;
  readonly status_changed_at?: string;
  readonly status_note?: string;
  readonly completed_at?: string;
}

type StatusRecord = VotableRecord & StatusFields;

/** What differs between the two kinds of tracker record. */
interface StatusSubject<R extends StatusRecord> {
  readonly type: Extract<SubjectType, 'tracker_request' | 'tracker_suggestion'>;
  readonly activityType: ActivityType;
  readonly target: TrackerTarget<R>;
  readonly counterKey: { PK: string; SK: string };
  readonly title: (record: R) => string;
  readonly description: (record: R) => string;
  readonly project: (record: R) => { id: string; title: string; group_name: string } | null;
  /** Whether the change has a roadmap entry to keep (tracker requests only). */
  readonly onRoadmap: boolean;
  /**
   * Whether the counter keeps an 'Open' count. The suggestions' counter has none (tables written
   * before it kept one would be wrong), so their Open count is the total less the other statuses.
   */
  readonly countsOpen: boolean;
}

const REQUEST: StatusSubject<StoredTrackerRequest> = {
  type: 'tracker_request',
  activityType: 'feature_request',
  target: trackerRequestTarget,
  counterKey: trackerCounterKeys.requests,
  title: (record) => record.title,
  description: (record) => record.description,
  project: (record) => record.project,
  onRoadmap: true,
  countsOpen: true,
};

const SUGGESTION: StatusSubject<StoredSuggestion> = {
  type: 'tracker_suggestion',
  activityType: 'project_suggestion',
  target: trackerSuggestionTarget,
  counterKey: trackerCounterKeys.suggestions,
  title: (record) => record.name,
  description: (record) => record.description,
  project: () => null,
  onRoadmap: false,
  countsOpen: false,
};

/** What a status change answers. */
export interface StatusChangeResult {
  readonly subject_type: 'tracker_request' | 'tracker_suggestion';
  readonly id: string;
  readonly status: TrackerStatus;
  readonly status_changed_at: string;
  readonly status_note: string | null;
  readonly completed_at: string | null;
}

/**
 * The activity entry of a status change: the action is the new status' code ('planned',
 * 'in_progress', 'completed', 'closed') or 'reopened' back to open; the description is the
 * admin's note, else the record's own.
 */
function statusActivityItems(
  entry: {
    type: ActivityType;
    referenceId: string;
    title: string;
    description: string;
    project: { id: string; title: string; group_name: string } | null;
    action: string;
    actorId: string;
  },
  now: Date,
): TransactItem[] {
  const id = ulid(now.getTime());
  const stored = {
    id,
    type: entry.type,
    action: entry.action,
    title: entry.title,
    description: entry.description,
    created_at: now.toISOString(),
    user_id: entry.actorId,
    reference_type: entry.type,
    reference_id: entry.referenceId,
    project: entry.project,
  };
  return [
    putNew({ ...activityKeys.all(id), entity: 'Activity', ...stored }),
    ...(entry.project
      ? [putNew({ ...activityKeys.ofProject(entry.project.id, id), entity: 'Activity', ...stored })]
      : []),
  ];
}

const ACTIVITY_ACTION: Readonly<Record<TrackerStatus, string>> = {
  Open: 'reopened',
  Planned: 'planned',
  'In Progress': 'in_progress',
  Completed: 'completed',
  Closed: 'closed',
};

const ATTEMPTS = 8;

async function changeStatus<R extends StatusRecord>(
  subject: StatusSubject<R>,
  id: string,
  change: TrackerStatusChange,
  actorId: string,
  now: Date,
  eventId?: string,
): Promise<StatusChangeResult> {
  const to = TRACKER_STATUS_BY_CODE[change.status];
  for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
    const record = await getRecord(subject.target, id);
    if (!record) throw new NotFoundError();
    // A merged record's status is read-only (an unmerge gives it back).
    if (record.merged_into) throw new ConflictError(TRACKER_MERGE_MESSAGES.statusClosed);
    const from: TrackerStatus = record.status ?? 'Open';
    if (from === to) throw new ConflictError(TRACKER_STATUS_MESSAGES.sameStatus(to));
    const at = now.toISOString();
    // The note and the completion time belong to the last change only.
    const fields: Record<string, unknown> = {
      ...(record as Record<string, unknown>),
      status: to,
      status_changed_at: at,
    };
    delete fields.status_note;
    delete fields.completed_at;
    if (change.note) fields.status_note = change.note;
    if (to === 'Completed') fields.completed_at = at;
    const updated = fields as unknown as R;
    const [item, ...views] = subject.target.items(updated);
    const guard = unchangedSince(record);
    const title = subject.title(record);
    const project = subject.project(record);
    const deltas: Record<string, number> = { [from]: -1, [to]: 1 };
    if (!subject.countsOpen) delete deltas.Open;
    const counterEntries = Object.entries(deltas);
    const items: TransactItem[] = [
      { Put: { TableName: tableName, Item: item, ...guard } },
      ...views.map((view) => ({
        Put: { TableName: tableName, Item: view, ConditionExpression: 'attribute_exists(PK)' },
      })),
      {
        Update: {
          TableName: tableName,
          Key: subject.counterKey,
          UpdateExpression: `ADD ${counterEntries.map((_, i) => `#c${i} :c${i}`).join(', ')}`,
          ExpressionAttributeNames: Object.fromEntries(
            counterEntries.map(([name], i) => [`#c${i}`, name]),
          ),
          ExpressionAttributeValues: Object.fromEntries(
            counterEntries.map(([, delta], i) => [`:c${i}`, delta]),
          ),
        },
      },
      ...statusActivityItems(
        {
          type: subject.activityType,
          referenceId: record.id,
          title,
          description: change.note ?? subject.description(record),
          project,
          action: ACTIVITY_ACTION[to],
          actorId,
        },
        now,
      ),
      {
        Put: {
          TableName: tableName,
          Item: notificationEventItem(
            {
              kind: 'status_changed',
              subject: { type: subject.type, id: record.id, title },
              actorId,
              details: { status: change.status, note: change.note ?? null },
            },
            now,
            eventId,
          ),
        },
      },
      {
        Put: {
          TableName: tableName,
          Item: webhookEventItem(
            'request.status_changed',
            {
              subject: webhookSubject(subject.type, record.id, title, project),
              status: to,
              previous_status: from,
              note: change.note ?? null,
            },
            now,
            eventId,
          ),
        },
      },
      ...(subject.onRoadmap
        ? roadmapEntryWrite(
            {
              kind: 'tracker_request',
              id: record.id,
              title,
              project: project ? { id: project.id, title: project.title } : null,
            },
            trackerRoadmapColumn(from),
            trackerRoadmapColumn(to),
            now,
          )
        : []),
    ];
    try {
      await transact(items);
      return {
        subject_type: subject.type,
        id: record.id,
        status: to,
        status_changed_at: at,
        status_note: change.note ?? null,
        completed_at: to === 'Completed' ? at : null,
      };
    } catch (error) {
      // A vote or another status change landed since the read: read again and decide again.
      const lostRace =
        isTransactionConflict(error) ||
        (cancellationCodes(error) ?? []).includes('ConditionalCheckFailed');
      if (!lostRace) throw error;
      await sleep(Math.floor(Math.random() * 20 * 2 ** Math.min(attempt, 4)));
    }
  }
  throw new ConflictError('It changed too often meanwhile. Please try again.');
}

/**
 * Moves a tracker request to another status (admins): one transaction, see `changeStatus`.
 * `eventId` names the `status_changed` event (tests read it back; a fresh ULID otherwise).
 */
export const changeTrackerRequestStatus = (
  id: string,
  change: TrackerStatusChange,
  actorId: string,
  now = new Date(),
  eventId?: string,
) => changeStatus(REQUEST, id, change, actorId, now, eventId);

/** Moves a project suggestion to another status (admins). */
export const changeSuggestionStatus = (
  id: string,
  change: TrackerStatusChange,
  actorId: string,
  now = new Date(),
  eventId?: string,
) => changeStatus(SUGGESTION, id, change, actorId, now, eventId);
