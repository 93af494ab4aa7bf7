import type {
  ActivityItem,
  ActivityType,
  TrackerProject,
} from '@hatchworks/shared/schemas/tracker';
import { publicDisplayName, type NamedUser } from '@hatchworks/shared/schemas/user-names';
import { relativeTime } from '../../lib/relative-time';
import { batchGetItems } from '../table/batch-get';
import { activityKeys, userKeys } from '../table/keys';
import { queryPage, type Page } from '../table/query-page';

/** Who submitted something: a signed-in user, or nobody known (an anonymous visitor). */
export interface TrackerAuthor {
  readonly userId?: string;
  /** The signed-in author's public name when the change happened (for webhooks). */
  readonly name?: string;
}

/** An activity entry as stored: names are looked up when answered, so deletions show at once. */
interface StoredActivity {
  readonly id: string;
  readonly type: ActivityType;
  readonly action: string;
  readonly title: string;
  readonly description: string;
  readonly created_at: string;
  readonly user_id?: string;
  readonly reference_type: ActivityType;
  readonly reference_id: string;
  readonly project: TrackerProject | null;
}

/** How a missing or deleted author is named (as on the user's tombstone). */
const DELETED_USER = 'Deleted user';

/**
 * The items of a 'created' activity entry, for the creating transaction: one in the site-wide
 * feed and, for a project's request, one in the project's feed.
 */
export function activityItems(entry: {
  type: ActivityType;
  id: string;
  referenceId: string;
  title: string;
  description: string;
  project: TrackerProject | null;
  author: TrackerAuthor;
  createdAt: string;
}): Record<string, unknown>[] {
  const stored: StoredActivity = {
    id: entry.id,
    type: entry.type,
    action: 'created',
    title: entry.title,
    description: entry.description,
    created_at: entry.createdAt,
    ...(entry.author.userId ? { user_id: entry.author.userId } : {}),
    reference_type: entry.type,
    reference_id: entry.referenceId,
    project: entry.project,
  };
  return [
    { ...activityKeys.all(entry.id), entity: 'Activity', ...stored },
    ...(entry.project
      ? [{ ...activityKeys.ofProject(entry.project.id, entry.id), entity: 'Activity', ...stored }]
      : []),
  ];
}

/**
 * Public names of these users (at most 100) by id (`publicDisplayName`: never an email); missing
 * and deleted ones are 'Deleted user'.
 */
async function authorNames(userIds: readonly string[]): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  if (userIds.length === 0) return names;
  const users = await batchGetItems(
    userIds.map((id) => userKeys.item(id)),
    { projection: 'id, display_name, username, email, deleted_at' },
  );
  for (const user of users) {
    const name = user.deleted_at ? '' : publicDisplayName(user as unknown as NamedUser);
    names.set(String(user.id), name || DELETED_USER);
  }
  return names;
}

/** One page of the activity feed, newest first: site-wide, or one project's. */
export async function listActivity(
  options: { projectId?: string | undefined; limit: number; cursor?: string | undefined },
  now = new Date(),
): Promise<Page<ActivityItem>> {
  const partition = options.projectId
    ? activityKeys.projectPartition(options.projectId)
    : activityKeys.allPartition;
  const page = await queryPage(
    {
      partition,
      sortKeyPrefix: activityKeys.prefix,
      descending: true,
    },
    options.limit,
    options.cursor,
  );
  const entries = page.items as unknown as StoredActivity[];
  const userIds = [...new Set(entries.flatMap((entry) => (entry.user_id ? [entry.user_id] : [])))];
  const names = await authorNames(userIds);
  return {
    items: entries.map((entry) => ({
      id: entry.id,
      type: entry.type,
      action: entry.action,
      title: entry.title,
      description: entry.description,
      created_at: entry.created_at,
      created_at_relative: relativeTime(new Date(entry.created_at), now),
      user: entry.user_id ? (names.get(entry.user_id) ?? DELETED_USER) : null,
      reference_type: entry.reference_type,
      reference_id: entry.reference_id,
      project: entry.project ?? null,
    })),
    nextCursor: page.nextCursor,
  };
}
