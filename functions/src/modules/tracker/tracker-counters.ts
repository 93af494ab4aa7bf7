import {
  TRACKER_STATUSES,
  type TrackerStats,
  type TrackerStatus,
} from '@hatchworks/shared/schemas/tracker';
import { batchGetItems } from '../table/batch-get';
import { tableName } from '../table/client';
import { counterKeys, trackerCounterKeys } from '../table/keys';
import type { TransactItem } from '../table/transactions';

function counterUpdate(key: Record<string, string>, deltas: Record<string, number>): TransactItem {
  const entries = Object.entries(deltas).filter(([, delta]) => delta !== 0);
  return {
    Update: {
      TableName: tableName,
      Key: key,
      UpdateExpression: `ADD ${entries.map((_, index) => `#c${index} :c${index}`).join(', ')}`,
      ExpressionAttributeNames: Object.fromEntries(entries.map(([name], i) => [`#c${i}`, name])),
      ExpressionAttributeValues: Object.fromEntries(
        entries.map(([, delta], i) => [`:c${i}`, delta]),
      ),
    },
  };
}

/** Tracker request counters (`total` and one count per status), for a creation's transaction. */
export const requestCounterUpdate = (deltas: Record<string, number>) =>
  counterUpdate(trackerCounterKeys.requests, deltas);

/** The project suggestion counter (`total`), for a creation's transaction. */
export const suggestionCounterUpdate = (deltas: Record<string, number>) =>
  counterUpdate(trackerCounterKeys.suggestions, deltas);

/**
 * The dashboard's numbers from counter items only, in one BatchGetItem: the project total and the
 * tracker requests by status. Each status count is the counter of exactly the status the list's
 * `?status=` filter matches, so a tile equals the list it links to; the egg board's feature
 * requests are counted on /features, not here.
 */
export async function readTrackerStats(): Promise<TrackerStats> {
  const keys = [counterKeys.projects, trackerCounterKeys.requests];
  const items = await batchGetItems(keys);
  const counter = (key: { PK: string; SK: string }) => {
    const item = items.find((each) => each.PK === key.PK && each.SK === key.SK);
    return (name: string) => Number(item?.[name] ?? 0);
  };
  const projects = counter(counterKeys.projects);
  const requests = counter(trackerCounterKeys.requests);
  const byStatus: Readonly<Record<TrackerStatus, number>> = Object.fromEntries(
    TRACKER_STATUSES.map((status) => [status, requests(status)]),
  ) as Record<TrackerStatus, number>;
  return {
    projects: { total: projects('total') },
    feature_requests: {
      total: requests('total'),
      open: byStatus.Open,
      planned: byStatus.Planned,
      in_progress: byStatus['In Progress'],
      completed: byStatus.Completed,
      closed: byStatus.Closed,
    },
  };
}
