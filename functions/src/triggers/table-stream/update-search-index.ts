import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import type { StreamKeys } from '../../modules/mail/mail-requests';
import { TABLE_DEFINITION } from '../../modules/table/table-definition';
import type { StreamConcern } from '../../modules/table/stream-dispatch';
import { documentId, subjectOfKeys, type SearchSubject } from '../../modules/search/documents';
import { applySearchChanges } from '../../modules/search/search-service';
import { SEARCH_STREAM_FILTERS } from '../../modules/search/stream-filter';
import { logger } from '../../lib/logger';

/**
 * Patches the search snapshot with the batch's changed feature requests, tracker requests and
 * suggestions: it reads each named subject as it is now and patches the snapshot once for the
 * batch, so a replayed or out-of-order record changes nothing wrong. A failure reports the
 * batch's first record, and the whole batch comes again.
 */
async function updateSearchIndex(event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> {
  const subjects = new Map<string, SearchSubject>();
  for (const record of event.Records) {
    const keys = record.dynamodb?.Keys as StreamKeys | undefined;
    const subject = subjectOfKeys(
      keys?.[TABLE_DEFINITION.partitionKey]?.S,
      keys?.[TABLE_DEFINITION.sortKey]?.S,
    );
    if (subject) subjects.set(documentId(subject), subject);
  }
  if (subjects.size === 0) return { batchItemFailures: [] };
  try {
    const changed = await applySearchChanges([...subjects.values()]);
    logger.info('search index patched', { subjects: subjects.size, changed });
    return { batchItemFailures: [] };
  } catch (error) {
    logger.error('search index not patched', { error });
    const first = event.Records[0]?.dynamodb?.SequenceNumber;
    return { batchItemFailures: first ? [{ itemIdentifier: first }] : [] };
  }
}

/** The search concern of the table stream: every change of a request's main item. */
export const searchConcern: StreamConcern = {
  name: 'search',
  filter: SEARCH_STREAM_FILTERS,
  handle: updateSearchIndex,
};
