import { webhookEventItem } from '../webhooks/webhook-events';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import {
  CHANGELOG_MESSAGES,
  type ChangelogEntry,
  type ChangelogEntryFields,
  type ChangelogSubject,
} from '@hatchworks/shared/schemas/changelog';
import type { SubjectType } from '@hatchworks/shared/schemas/subjects';
import { AppError, NotFoundError, ValidationError } from '../../lib/errors';
import { batchGetItems } from '../table/batch-get';
import {
  DuplicateRequest,
  firstOutcome,
  recordItem,
  replayed,
  type CallerIdempotency,
} from '../eggs/caller-idempotency';
import { db, tableName } from '../table/client';
import {
  changelogKeys,
  featureKeys,
  trackerRequestKeys,
  trackerSuggestionKeys,
} from '../table/keys';
import { notificationEventItem } from '../notifications/notification-events';
import { getProject } from '../projects/projects-repository';
import { queryPage, type Page } from '../table/query-page';
import {
  cancellationCodes,
  failedCondition,
  putNew,
  retryOnConflict,
  transact,
  type TransactItem,
} from '../table/transactions';

/** The status a closed subject must have, whatever its kind. */
const COMPLETED = 'completed';
/**
 * Tracker requests spelled their statuses 'Open', 'Completed'... before they moved to
 * `open|planned|in_progress|completed|closed`; an item stored with the old spelling still counts.
 */
const COMPLETED_LEGACY = 'Completed';

const isCompleted = (status: unknown) => status === COMPLETED || status === COMPLETED_LEGACY;

/** Where each kind of subject lives and which field is its title. */
const SUBJECT_TABLE: Record<
  SubjectType,
  { key: (id: string) => Record<string, string>; titleField: string }
> = {
  feature: { key: featureKeys.item, titleField: 'title' },
  tracker_request: { key: trackerRequestKeys.item, titleField: 'title' },
  tracker_suggestion: { key: trackerSuggestionKeys.item, titleField: 'name' },
};

const subjectOf = (item: Record<string, unknown>): string =>
  `${String(item.PK)}|${String(item.SK)}`;

/** The stored entry as the API answers it (the stored item carries exactly these fields). */
function toEntry(item: Record<string, unknown>): ChangelogEntry {
  return {
    id: String(item.id),
    title: String(item.title),
    body: String(item.body),
    project_id: (item.project_id as string | null | undefined) ?? null,
    project: (item.project as ChangelogEntry['project'] | undefined) ?? null,
    closes: (item.closes as ChangelogSubject[] | undefined) ?? [],
    created_at: String(item.created_at),
  };
}

/**
 * The subjects an entry closes, read and checked: each exists and is completed, or a 400 that
 * names the first that is not.
 */
async function completedSubjects(
  refs: readonly { type: SubjectType; id: string }[],
): Promise<ChangelogSubject[]> {
  if (refs.length === 0) return [];
  const items = await batchGetItems(refs.map((ref) => SUBJECT_TABLE[ref.type].key(ref.id)));
  const byKey = new Map(items.map((item) => [subjectOf(item), item]));
  return refs.map((ref, index) => {
    const key = SUBJECT_TABLE[ref.type].key(ref.id);
    const item = byKey.get(subjectOf(key));
    const field = `closes.${index}`;
    if (!item) {
      const message = CHANGELOG_MESSAGES.unknownSubject(ref.type, ref.id);
      throw new ValidationError([{ field, message }], message);
    }
    const title = String(item[SUBJECT_TABLE[ref.type].titleField] ?? ref.id);
    if (!isCompleted(item.status)) {
      const message = CHANGELOG_MESSAGES.notCompleted(ref.type, title, String(item.status));
      throw new ValidationError([{ field, message }], message);
    }
    return { type: ref.type, id: ref.id, title };
  });
}

/** Marks a closed subject announced, on condition that it is still completed. */
function announceUpdate(subject: ChangelogSubject, entryId: string, now: Date): TransactItem {
  return {
    Update: {
      TableName: tableName,
      Key: SUBJECT_TABLE[subject.type].key(subject.id),
      UpdateExpression: 'SET announced_in = :entry, announced_at = :now',
      ConditionExpression: '#status IN (:completed, :legacy)',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':entry': entryId,
        ':now': now.toISOString(),
        ':completed': COMPLETED,
        ':legacy': COMPLETED_LEGACY,
      },
    },
  };
}

/**
 * Publishes an entry (admins) in ONE transaction: the entry, and for each closed subject an
 * update that it is still completed (marking it `announced_in` the entry) and one `announced`
 * notification event. With an `Idempotency-Key` a retry answers the first entry.
 */
export async function publishChangelogEntry(
  input: ChangelogEntryFields,
  actorId: string,
  idempotency?: { key: string },
  now = new Date(),
): Promise<ChangelogEntry> {
  const record: CallerIdempotency | undefined = idempotency && {
    callerId: actorId,
    key: idempotency.key,
    operation: 'publish-changelog',
    request: input,
  };
  if (record) {
    const earlier = await replayed<ChangelogEntry>(record, now);
    if (earlier) return earlier.result;
  }
  let project: ChangelogEntry['project'] = null;
  if (input.project_id) {
    const found = await getProject(input.project_id);
    if (!found) {
      throw new ValidationError(
        [{ field: 'project_id', message: CHANGELOG_MESSAGES.unknownProject }],
        CHANGELOG_MESSAGES.unknownProject,
      );
    }
    project = { id: found.id, title: found.title };
  }
  const closes = await completedSubjects(input.closes);
  const id = ulid(now.getTime());
  const entry: ChangelogEntry = {
    id,
    title: input.title,
    body: input.body,
    project_id: project?.id ?? null,
    project,
    closes,
    created_at: now.toISOString(),
  };
  // One event per closed subject; their ids stay on the entry's item (not answered), so an
  // operator can follow an entry to what it told.
  const eventIds = closes.map(() => ulid(now.getTime()));
  const items: TransactItem[] = [
    putNew({
      ...changelogKeys.item(id),
      ...changelogKeys.all(id),
      ...(project ? changelogKeys.inProject(project.id, id) : {}),
      entity: 'ChangelogEntry',
      ...entry,
      author_id: actorId,
      event_ids: eventIds,
    }),
    ...closes.map((subject) => announceUpdate(subject, id, now)),
    ...closes.map((subject, index): TransactItem => ({
      Put: {
        TableName: tableName,
        Item: notificationEventItem(
          {
            kind: 'announced',
            subject,
            actorId,
            details: { changelog_id: id, changelog_title: entry.title },
          },
          now,
          eventIds[index],
        ),
      },
    })),
  ];
  items.push({
    Put: {
      TableName: tableName,
      Item: webhookEventItem(
        'changelog.published',
        { entry: { id, title: entry.title, url: `/changelog#entry-${id}` } },
        now,
      ),
    },
  });
  if (record) items.push(recordItem(record, entry, now));
  const recordIndex = record ? items.length - 1 : -1;
  try {
    await retryOnConflict(() => transact(items));
    return entry;
  } catch (error) {
    const codes = cancellationCodes(error);
    if (record && (error instanceof DuplicateRequest || failedCondition(codes, recordIndex))) {
      return firstOutcome<ChangelogEntry>(record, now);
    }
    const moved = closes.findIndex((_, index) => failedCondition(codes, index + 1));
    const subject = closes[moved];
    if (subject) {
      const message = CHANGELOG_MESSAGES.noLongerCompleted(subject.type, subject.title);
      throw new ValidationError([{ field: `closes.${moved}`, message }], message);
    }
    if (codes) throw new AppError(409, 'CONFLICT');
    throw error;
  }
}

/** One entry, or a 404. */
export async function getChangelogEntry(id: string): Promise<ChangelogEntry> {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName, Key: changelogKeys.item(id) }),
  );
  if (!Item) throw new NotFoundError();
  return toEntry(Item);
}

/** One page of entries, newest first: every entry, or one project's. */
export async function listChangelogEntries(options: {
  projectId?: string | undefined;
  limit: number;
  cursor?: string | undefined;
}): Promise<Page<ChangelogEntry>> {
  const page = await queryPage(
    options.projectId
      ? {
          index: 'GSI2',
          partition: changelogKeys.projectPartition(options.projectId),
          descending: true,
        }
      : { index: 'GSI1', partition: changelogKeys.allPartition, descending: true },
    options.limit,
    options.cursor,
  );
  return { items: page.items.map(toEntry), nextCursor: page.nextCursor };
}

const DELETE_ATTEMPTS = 3;

/**
 * Deletes an entry (admins): the entry and, on the requests it closed that still name it, the
 * `announced_in` mark, in one transaction. The `announced` events it wrote stay: people were told.
 * A request announced again meanwhile keeps its newer mark (its condition fails; read again).
 */
export async function deleteChangelogEntry(id: string): Promise<void> {
  for (let attempt = 1; attempt <= DELETE_ATTEMPTS; attempt += 1) {
    const { Item } = await db.send(
      new GetCommand({ TableName: tableName, Key: changelogKeys.item(id), ConsistentRead: true }),
    );
    if (!Item) throw new NotFoundError();
    const closes = toEntry(Item).closes;
    const subjects = closes.length
      ? await batchGetItems(closes.map((subject) => SUBJECT_TABLE[subject.type].key(subject.id)))
      : [];
    const marked = subjects.filter((subject) => subject.announced_in === id);
    const items: TransactItem[] = [
      {
        Delete: {
          TableName: tableName,
          Key: changelogKeys.item(id),
          ConditionExpression: 'attribute_exists(PK)',
        },
      },
      ...marked.map((subject): TransactItem => ({
        Update: {
          TableName: tableName,
          Key: { PK: subject.PK, SK: subject.SK },
          UpdateExpression: 'REMOVE announced_in, announced_at',
          ConditionExpression: 'announced_in = :entry',
          ExpressionAttributeValues: { ':entry': id },
        },
      })),
    ];
    try {
      await retryOnConflict(() => transact(items));
      return;
    } catch (error) {
      const codes = cancellationCodes(error);
      // Deleted meanwhile (a simultaneous retry): done all the same.
      if (failedCondition(codes, 0)) return;
      if (codes?.includes('ConditionalCheckFailed')) continue;
      throw error;
    }
  }
  throw new AppError(409, 'CONFLICT');
}
