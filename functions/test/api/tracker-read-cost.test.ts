import {
  BatchWriteCommand,
  type BatchWriteCommandInput,
  type BatchWriteCommandOutput,
} from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import type * as ClientModule from '@hatchworks/functions/modules/table/client';
import type * as RequestsModule from '@hatchworks/functions/modules/tracker/tracker-requests-repository';
import type * as ActivityModule from '@hatchworks/functions/modules/tracker/tracker-activity-repository';
import type * as CountersModule from '@hatchworks/functions/modules/tracker/tracker-counters';
import type * as TransactionsModule from '@hatchworks/functions/modules/table/transactions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Project } from '@hatchworks/shared/schemas/projects';
import type {
  TrackerCategory,
  TrackerPriority,
  TrackerRequestSort,
  TrackerStatus,
} from '@hatchworks/shared/schemas/tracker';
import type { TrackerFeatureRequestFields } from '@hatchworks/shared/schemas/tracker-submissions';
import { registerAdmin } from '../../../test/support/accounts';
import { createProject } from '../../../test/support/features';
import { useStackTable } from '../../../test/support/stack-table';

/**
 * A list costs what its page costs (docs/architecture.md), not what the table holds. The data layer's
 * own list functions run here against the stack's table, through the data layer's own client, with
 * every DynamoDB call asked for its consumed capacity.
 */

interface Measured {
  readonly command: string;
  readonly index: string | undefined;
  readonly capacity: number;
}

interface Data {
  readonly client: typeof ClientModule;
  readonly requests: typeof RequestsModule;
  readonly activity: typeof ActivityModule;
  readonly counters: typeof CountersModule;
  readonly transactions: typeof TransactionsModule;
}

let data: Data;
let project: Project;
const calls: Measured[] = [];

/** The same (filters, sort) lists a visitor's pages ask for. */
interface ListCase {
  readonly name: string;
  readonly filters: {
    projectId?: string;
    status?: TrackerStatus;
    priority?: TrackerPriority;
    category?: TrackerCategory;
  };
  readonly sort: TrackerRequestSort;
  readonly index: string;
}

const listCases = (projectId: string): ListCase[] => [
  { name: 'every request by date', filters: {}, sort: 'date', index: 'GSI1' },
  { name: "one project's by votes", filters: { projectId }, sort: 'votes', index: 'GSI2' },
  {
    name: "one project's High ones by priority",
    filters: { projectId, priority: 'High' },
    sort: 'priority',
    index: 'GSI2',
  },
  {
    name: "one project's Closed ones (none match)",
    filters: { projectId, status: 'Closed' },
    sort: 'date',
    index: 'GSI2',
  },
  {
    name: 'one category by date',
    filters: { category: 'Enhancement' },
    sort: 'date',
    index: 'GSI5',
  },
  {
    name: 'one priority and status by date',
    filters: { priority: 'High', status: 'Open' },
    sort: 'date',
    index: 'GSI4',
  },
];

const PAGE = 20;

/** Requests that all store the same number of bytes, so equal pages cost equal reads. */
const filler = (n: number): TrackerFeatureRequestFields => ({
  title: `Load ${String(n).padStart(5, '0')}`,
  description: 'A request of the read-cost test.',
  category: 'Enhancement',
  priority: 'High',
  project_id: project.id,
  tags: ['load'],
});

/** Creates requests one transaction each, through the data layer's create. */
async function create(from: number, to: number): Promise<void> {
  for (let n = from; n < to; n += 1) await data.requests.createTrackerRequest(filler(n), {});
}

/**
 * Writes the very items creation writes (request, sort views, activity) in batches, and counts
 * them: thousands of transactions would take minutes on DynamoDB Local.
 */
async function bulkCreate(from: number, to: number): Promise<void> {
  const snapshot = { id: project.id, title: project.title, group_name: project.group_name };
  // Back-dated a little, so later tests still find their own submissions the newest.
  const start = Date.now() - 60_000 - (to - from);
  const items = Array.from({ length: to - from }, (_, offset) => {
    const now = new Date(start + offset);
    const request = data.requests.newTrackerRequest(filler(from + offset), snapshot, now);
    return data.requests.newRequestItems(request, {}, ulid(now.getTime()));
  }).flat();
  const { db, tableName } = data.client;
  const batches = Array.from({ length: Math.ceil(items.length / 25) }, (_, index) =>
    items.slice(index * 25, index * 25 + 25),
  );
  for (let start = 0; start < batches.length; start += 8) {
    await Promise.all(
      batches.slice(start, start + 8).map(async (batch) => {
        let pending: BatchWriteCommandInput['RequestItems'] = {
          [tableName]: batch.map((Item) => ({ PutRequest: { Item } })),
        };
        while (pending && Object.keys(pending).length > 0) {
          const answer: BatchWriteCommandOutput = await db.send(
            new BatchWriteCommand({ RequestItems: pending }),
          );
          pending = answer.UnprocessedItems;
        }
      }),
    );
  }
  await data.transactions.transact([
    data.counters.requestCounterUpdate({ total: to - from, Open: to - from }),
  ]);
}

/** The consumed capacity of every list case, and which index each one queried. */
async function measureLists(): Promise<Record<string, Measured[]>> {
  const result: Record<string, Measured[]> = {};
  for (const each of listCases(project.id)) {
    calls.length = 0;
    await data.requests.listTrackerRequests(each.filters, each.sort, true, PAGE);
    result[each.name] = [...calls];
  }
  calls.length = 0;
  await data.activity.listActivity({ projectId: project.id, limit: PAGE });
  result["one project's activity"] = [...calls];
  return result;
}

beforeAll(async () => {
  useStackTable();
  const [client, requests, activity, counters, transactions] = await Promise.all([
    import('@hatchworks/functions/modules/table/client'),
    import('@hatchworks/functions/modules/tracker/tracker-requests-repository'),
    import('@hatchworks/functions/modules/tracker/tracker-activity-repository'),
    import('@hatchworks/functions/modules/tracker/tracker-counters'),
    import('@hatchworks/functions/modules/table/transactions'),
  ]);
  data = { client, requests, activity, counters, transactions };
  data.client.db.middlewareStack.add(
    (next, context) => async (args) => {
      (args.input as Record<string, unknown>).ReturnConsumedCapacity = 'TOTAL';
      const output = await next(args);
      const consumed = (output.output as { ConsumedCapacity?: { CapacityUnits?: number } })
        .ConsumedCapacity;
      calls.push({
        command: context.commandName ?? '',
        index: (args.input as { IndexName?: string }).IndexName,
        capacity: consumed?.CapacityUnits ?? Number.NaN,
      });
      return output;
    },
    { step: 'initialize', name: 'readCostProbe' },
  );
  const admin = await registerAdmin();
  project = await createProject(admin.token);
});

afterAll(() => {
  data.client.db.middlewareStack.remove('readCostProbe');
});

describe('the cost of tracker lists', () => {
  it(
    'is one Query on the most selective index, the same with 30 and with 600 requests',
    { timeout: 600_000 },
    async () => {
      // Prepare
      // More than a page at first, twenty times as many after: a list that read what the table
      // holds would cost twenty times as much.
      await create(0, 30);
      const small = await measureLists();
      await bulkCreate(30, 600);
      // Act
      const large = await measureLists();
      // Assess
      for (const each of listCases(project.id)) {
        expect(small[each.name]).toEqual([
          { command: 'QueryCommand', index: each.index, capacity: expect.any(Number) },
        ]);
      }
      expect(small["one project's activity"]).toEqual([
        { command: 'QueryCommand', index: undefined, capacity: expect.any(Number) },
      ]);
      expect(large).toEqual(small);
      for (const measured of Object.values(small)) {
        expect(measured[0]?.capacity).toBeGreaterThan(0);
      }
    },
  );
});
