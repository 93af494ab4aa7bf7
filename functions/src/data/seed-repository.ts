import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import type { ProjectInput } from '@hatchworks/shared/schemas/projects';
import { db, tableName } from './client';
import { metaKeys } from './keys';
import { newProjectItem, projectCounterUpdate } from './projects-repository';

/** A transaction holds at most 100 items; the marker and the counter take two. */
const MAX_SEED_PROJECTS = 98;

/**
 * Writes demo projects together with the seed's marker in one transaction: either the table gets
 * the whole seed exactly once, or (marker already present) nothing. Returns whether it wrote.
 */
export async function seedProjectsOnce(
  name: string,
  projects: readonly ProjectInput[],
): Promise<boolean> {
  if (projects.length > MAX_SEED_PROJECTS)
    throw new Error(`A seed holds at most ${MAX_SEED_PROJECTS} projects`);
  const now = Date.now();
  const items = projects.map((input, index) => newProjectItem(input, new Date(now + index)).item);
  try {
    await db.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: tableName,
              Item: {
                ...metaKeys.seed(name),
                entity: 'SeedMarker',
                seeded_at: new Date(now).toISOString(),
              },
              ConditionExpression: 'attribute_not_exists(PK)',
            },
          },
          ...items.map((item) => ({ Put: { TableName: tableName, Item: item } })),
          projectCounterUpdate(items.length),
        ],
      }),
    );
    return true;
  } catch (error) {
    const markerExists =
      error instanceof TransactionCanceledException &&
      error.CancellationReasons?.[0]?.Code === 'ConditionalCheckFailed';
    if (markerExists) return false;
    throw error;
  }
}
