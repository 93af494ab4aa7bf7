import { TABLE_DEFINITION } from './table-definition';

/**
 * Which records of the table's stream a concern takes (`MAIL_STREAM_FILTER`,
 * `NOTIFICATION_STREAM_FILTER`, each of `SEARCH_STREAM_FILTERS`): one or more event names, a
 * partition key prefix and, when given, the exact sort key. The CDK stack turns each into a filter
 * of the stream's event source mapping, and the dispatcher (`triggers/table-stream.ts`) applies
 * the same filters with `selects`, so a record reaches the function only if some concern takes it.
 */
export interface TableStreamFilter {
  readonly eventName: StreamEventName | readonly StreamEventName[];
  readonly partitionKeyPrefix: string;
  readonly sortKey?: string;
}

export type StreamEventName = 'INSERT' | 'MODIFY' | 'REMOVE';

/** The parts of a stream record a filter reads, as Lambda and DynamoDB Streams both send them. */
export interface FilteredStreamRecord {
  readonly eventName?: string;
  readonly dynamodb?: {
    readonly Keys?: Readonly<Record<string, { readonly S?: string } | undefined>>;
  };
}

const passes = (record: FilteredStreamRecord, filter: TableStreamFilter): boolean => {
  const names: readonly string[] =
    typeof filter.eventName === 'string' ? [filter.eventName] : filter.eventName;
  const keys = record.dynamodb?.Keys;
  return (
    record.eventName !== undefined &&
    names.includes(record.eventName) &&
    (keys?.[TABLE_DEFINITION.partitionKey]?.S ?? '').startsWith(filter.partitionKeyPrefix) &&
    (filter.sortKey === undefined || keys?.[TABLE_DEFINITION.sortKey]?.S === filter.sortKey)
  );
};

/**
 * Whether any of `filters` selects `record`, by the rules of Lambda's event filtering for these
 * patterns: the event name is one of the filter's, the partition key (a string) begins with the
 * prefix and, when the filter names one, the sort key is exactly it. Several filters select what
 * any one of them does, as the filters of one event source mapping do
 * (https://docs.aws.amazon.com/lambda/latest/dg/invocation-eventfiltering.html).
 */
export function selects(
  filters: TableStreamFilter | readonly TableStreamFilter[],
  record: FilteredStreamRecord,
): boolean {
  const list: readonly TableStreamFilter[] = Array.isArray(filters)
    ? filters
    : [filters as TableStreamFilter];
  return list.some((filter) => passes(record, filter));
}
