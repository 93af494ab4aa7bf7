import type { ProjectInput } from '@hatchworks/shared/schemas/projects';
import { tableName } from '../table/client';
import { cancellationCodes, failedCondition, putNew, transact } from '../table/transactions';
import { metaKeys } from '../table/keys';
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
    await transact([
      putNew({
        ...metaKeys.seed(name),
        entity: 'SeedMarker',
        seeded_at: new Date(now).toISOString(),
      }),
      ...items.map((item) => ({ Put: { TableName: tableName, Item: item } })),
      projectCounterUpdate(items.length),
    ]);
    return true;
  } catch (error) {
    if (failedCondition(cancellationCodes(error), 0)) return false;
    throw error;
  }
}
