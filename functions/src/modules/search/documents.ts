import { createHash } from 'node:crypto';
import type { SubjectType } from '@hatchworks/shared/schemas/subjects';

/**
 * One searchable request in the index: a feature request, a tracker request or a
 * project suggestion. `id` is `<type>:<item id>`; the text fields are searched, the rest is kept
 * beside each hit so the lists' filters apply without reading the table.
 */
export interface SearchDocument {
  readonly id: string;
  readonly type: SubjectType;
  readonly title: string;
  readonly description: string;
  readonly tags: readonly string[];
  readonly status: string;
  readonly project_id: string | null;
  /** Tracker requests only. */
  readonly category: string | null;
  /** Tracker requests only. */
  readonly priority: string | null;
  /** Project suggestions only (their `suggested_group`). */
  readonly group: string | null;
  readonly created_at: string;
  /** A short hash of everything above: a change that leaves it alone (a vote) rewrites nothing. */
  readonly digest: string;
}

/** The fields kept beside each hit (`storeFields`). */
export type StoredSearchFields = Pick<
  SearchDocument,
  'type' | 'status' | 'project_id' | 'category' | 'priority' | 'group' | 'created_at' | 'digest'
>;

/** The main item of each searchable kind: its partition prefix and sort key. */
export const SEARCH_SUBJECT_KEYS: Readonly<
  Record<SubjectType, { readonly prefix: string; readonly sortKey: string }>
> = {
  feature: { prefix: 'FEATURE#', sortKey: 'FEATURE' },
  tracker_request: { prefix: 'TRACKER_REQUEST#', sortKey: 'REQUEST' },
  tracker_suggestion: { prefix: 'TRACKER_SUGGESTION#', sortKey: 'SUGGESTION' },
};

export interface SearchSubject {
  readonly type: SubjectType;
  readonly id: string;
}

export const documentId = (subject: SearchSubject) => `${subject.type}:${subject.id}`;

/** The subject a document id names. */
export function subjectOfDocumentId(docId: string): SearchSubject {
  const split = docId.indexOf(':');
  return { type: docId.slice(0, split) as SubjectType, id: docId.slice(split + 1) };
}

/** The searchable subject whose main item has these keys, or undefined (a view, a vote, ...). */
export function subjectOfKeys(
  partition: string | undefined,
  sort: string | undefined,
): SearchSubject | undefined {
  if (!partition || !sort) return undefined;
  for (const [type, keys] of Object.entries(SEARCH_SUBJECT_KEYS)) {
    if (partition.startsWith(keys.prefix) && sort === keys.sortKey) {
      return { type: type as SubjectType, id: partition.slice(keys.prefix.length) };
    }
  }
  return undefined;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const textOrNull = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : null;
const textList = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((each): each is string => typeof each === 'string') : [];

/**
 * The document of a stored item (the main item or a full-copy sort view) of a searchable kind.
 * A feature's description includes its use case and expected benefits; a suggestion's title is
 * its name and its description includes its rationale.
 */
export function toSearchDocument(
  type: SubjectType,
  item: Readonly<Record<string, unknown>>,
): SearchDocument {
  const fields = ((): Omit<SearchDocument, 'digest'> => {
    const id = documentId({ type, id: text(item.id) });
    switch (type) {
      case 'feature':
        return {
          id,
          type,
          title: text(item.title),
          description: [item.description, item.use_case, item.expected_benefits]
            .map(text)
            .filter(Boolean)
            .join('\n'),
          tags: textList(item.tags),
          status: text(item.status),
          project_id: textOrNull(item.project_id),
          category: null,
          priority: null,
          group: null,
          created_at: text(item.created_at),
        };
      case 'tracker_request':
        return {
          id,
          type,
          title: text(item.title),
          description: text(item.description),
          tags: textList(item.tags),
          // A merged request is hidden from search (search-lists drops 'merged').
          status: item.merged_into ? 'merged' : text(item.status) || 'Open',
          project_id: textOrNull(item.project_id),
          category: textOrNull(item.category),
          priority: textOrNull(item.priority),
          group: null,
          created_at: text(item.created_at),
        };
      case 'tracker_suggestion':
        return {
          id,
          type,
          title: text(item.name),
          description: [item.description, item.rationale].map(text).filter(Boolean).join('\n'),
          tags: [],
          // Suggestions stored before statuses existed have none: 'Open'.
          status: item.merged_into ? 'merged' : text(item.status) || 'Open',
          project_id: null,
          category: null,
          priority: null,
          group: textOrNull(item.suggested_group),
          created_at: text(item.created_at),
        };
    }
  })();
  const digest = createHash('sha256')
    .update(JSON.stringify(fields))
    .digest('base64url')
    .slice(0, 16);
  return { ...fields, digest };
}
