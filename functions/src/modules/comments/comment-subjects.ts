import { GetCommand } from '@aws-sdk/lib-dynamodb';
import {
  SUGGESTION_SORTS,
  TRACKER_REQUEST_SORTS,
  type ActivityType,
  type TrackerProject,
} from '@hatchworks/shared/schemas/tracker';
import type { SubjectType } from '@hatchworks/shared/schemas/subjects';
import { db, tableName } from '../table/client';
import { featureKeys, trackerRequestKeys, trackerSuggestionKeys } from '../table/keys';
import { isFeatureVisibleTo, type StoredFeature } from '../features/features-repository';

/** Who reads or writes: the signed-in user (id and role), or nobody. */
export interface Viewer {
  readonly id: string;
  readonly role: string;
}

/** What comments need to know about the thing they are on. */
export interface CommentSubject {
  readonly type: SubjectType;
  readonly id: string;
  /** Its title (a suggestion's name), for events and activity entries. */
  readonly title: string;
  /** The project it belongs to, if any (webhook payloads name it). */
  readonly project: { readonly id: string; readonly title: string } | null;
  readonly commentCount: number;
  /** The item, then every copy of it that lists read (tracker sort views): all keep the count. */
  readonly countKeys: readonly Record<string, string>[];
  /** The tracker activity entry type of a 'commented' entry; features have no activity feed. */
  readonly activity: {
    readonly type: ActivityType;
    readonly project: TrackerProject | null;
  } | null;
  /** A merged feature request keeps its comments but takes no new ones. */
  readonly readOnly?: boolean;
  /** Whether a person may see it (a pending or rejected feature request); absent = everyone. */
  readonly visibleTo?: (viewer: Viewer) => boolean;
}

async function getItem(key: Record<string, string>) {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName, Key: key, ConsistentRead: true }),
  );
  return Item;
}

/**
 * The subject of comments, as `viewer` may see it: undefined when it does not exist or is hidden
 * from them (a pending or rejected feature request is seen by its author and admins only, and
 * so are its comments). 'anyone' skips the visibility rule (changes to an existing comment).
 */
export async function findCommentSubject(
  type: SubjectType,
  id: string,
  viewer: Viewer | undefined | 'anyone',
): Promise<CommentSubject | undefined> {
  switch (type) {
    case 'feature': {
      const item = (await getItem(featureKeys.item(id))) as StoredFeature | undefined;
      if (!item) return undefined;
      const hidden =
        viewer !== 'anyone' && !isFeatureVisibleTo(item, viewer ?? { id: '', role: 'anonymous' });
      if (hidden) return undefined;
      return {
        type,
        id,
        title: item.title,
        project: { id: item.project_id, title: item.project_title },
        commentCount: item.comment_count ?? 0,
        countKeys: [featureKeys.item(id)],
        activity: null,
        ...(item.status === 'merged' ? { readOnly: true } : {}),
        visibleTo: (person) => isFeatureVisibleTo(item, person),
      };
    }
    case 'tracker_request': {
      const item = await getItem(trackerRequestKeys.item(id));
      if (!item) return undefined;
      return {
        type,
        id,
        title: String(item.title),
        project: (item.project as TrackerProject | null | undefined) ?? null,
        commentCount: Number(item.comment_count ?? 0),
        countKeys: [
          trackerRequestKeys.item(id),
          ...TRACKER_REQUEST_SORTS.map((sort) => trackerRequestKeys.view(id, sort)),
        ],
        activity: {
          type: 'feature_request',
          project: (item.project as TrackerProject | null | undefined) ?? null,
        },
        // A merged request keeps its comments (shown on the one it joined), takes none.
        ...(item.merged_into ? { readOnly: true } : {}),
      };
    }
    case 'tracker_suggestion': {
      const item = await getItem(trackerSuggestionKeys.item(id));
      if (!item) return undefined;
      return {
        type,
        id,
        title: String(item.name),
        project: null,
        commentCount: Number(item.comment_count ?? 0),
        countKeys: [
          trackerSuggestionKeys.item(id),
          ...SUGGESTION_SORTS.map((sort) => trackerSuggestionKeys.view(id, sort)),
        ],
        activity: { type: 'project_suggestion', project: null },
        ...(item.merged_into ? { readOnly: true } : {}),
      };
    }
  }
}
