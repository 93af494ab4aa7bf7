import type { TrackerStats } from '@hatchworks/shared/schemas/tracker';
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
 * The dashboard's numbers from counter items only, in one BatchGetItem: the project total, and
 * feature requests of both kinds (tracker requests and the egg feature system's). The request
 * numbers add up: 'Completed' and 'completed' count as completed, 'Closed', 'closed' and
 * 'rejected' as closed, and every other request as open ('Open', 'Planned', 'In Progress',
 * 'pending', 'approved', 'in_progress'), so open is the total less the other two. Merged feature
 * requests count nowhere (their votes live on in the request they were merged into).
 */
export async function readTrackerStats(): Promise<TrackerStats> {
  const keys = [counterKeys.projects, trackerCounterKeys.requests, counterKeys.features];
  const items = await batchGetItems(keys);
  const counter = (key: { PK: string; SK: string }) => {
    const item = items.find((each) => each.PK === key.PK && each.SK === key.SK);
    return (name: string) => Number(item?.[name] ?? 0);
  };
  const projects = counter(counterKeys.projects);
  const requests = counter(trackerCounterKeys.requests);
  const features = counter(counterKeys.features);
  // A merged feature request lives on in the request it was merged into: not counted.
  const total = requests('total') + features('total') - features('merged');
  const completed = requests('Completed') + requests('completed') + features('completed');
  const closed = requests('Closed') + requests('closed') + features('rejected');
  return {
    projects: { total: projects('total') },
    feature_requests: { total, open: total - completed - closed, completed, closed },
  };
}
