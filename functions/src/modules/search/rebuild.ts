import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { SubjectType } from '@hatchworks/shared/schemas/subjects';
import { db, tableName } from '../table/client';
import { featureKeys, trackerRequestKeys, trackerSuggestionKeys } from '../table/keys';
import { queryPage, type PartitionQuery } from '../table/query-page';
import { SEARCH_SUBJECT_KEYS, toSearchDocument, type SearchDocument } from './documents';

/** A page of the rebuild's Queries (items are a few KB; 1 MB per Query answer caps it anyway). */
const REBUILD_PAGE = 1000;

/**
 * Where every searchable subject is listed already, one GSI partition per kind: every feature
 * (GSI3 `FEATURES`), every tracker request and suggestion by date (their `VIEW#date` copies hold
 * every public field).
 */
const SOURCES: readonly { readonly type: SubjectType; readonly query: PartitionQuery }[] = [
  { type: 'feature', query: { index: 'GSI3', partition: featureKeys.allPartition } },
  {
    type: 'tracker_request',
    query: { index: 'GSI1', partition: trackerRequestKeys.allPartition('date') },
  },
  {
    type: 'tracker_suggestion',
    query: { index: 'GSI1', partition: trackerSuggestionKeys.allPartition('date') },
  },
];

/**
 * Every searchable subject's document, read with paged Queries of those partitions (no Scan):
 * the snapshot's rebuild when there is none, and a reader's fallback.
 */
export async function readAllSearchDocuments(): Promise<SearchDocument[]> {
  const documents: SearchDocument[] = [];
  for (const { type, query } of SOURCES) {
    let cursor: string | undefined;
    do {
      const page = await queryPage(query, REBUILD_PAGE, cursor);
      documents.push(...page.items.map((item) => toSearchDocument(type, item)));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
  }
  return documents;
}

/** The main item of one subject, read consistently (the stream consumer's read). */
export async function readSearchSubject(
  type: SubjectType,
  id: string,
): Promise<Record<string, unknown> | undefined> {
  const { prefix, sortKey } = SEARCH_SUBJECT_KEYS[type];
  const { Item } = await db.send(
    new GetCommand({
      TableName: tableName,
      Key: { PK: `${prefix}${id}`, SK: sortKey },
      ConsistentRead: true,
    }),
  );
  return Item;
}
