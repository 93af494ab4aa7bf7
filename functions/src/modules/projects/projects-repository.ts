import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { groupKey, type Project, type ProjectInput } from '@hatchworks/shared/schemas/projects';
import { ProjectInputSchema } from '@hatchworks/shared/schemas/projects';
import { projectSlug } from '@hatchworks/shared/embed';
import { db, tableName } from '../table/client';
import { queryPage, type Page, type PartitionQuery } from '../table/query-page';
import { counterKeys, projectKeys } from '../table/keys';
import { cancellationCodes, failedCondition, putNew, transact } from '../table/transactions';
import { ConflictError, NotFoundError } from '../../lib/errors';

/** The most items the homepage gathers; its Query is paged internally up to this bound. */
const HOMEPAGE_MAX_PROJECTS = 500;
/** Optimistic attempts of a project update racing feature-count changes. */
const UPDATE_ATTEMPTS = 5;

const PROJECT_FIELDS = [
  'id',
  'title',
  'path',
  'group_name',
  'description',
  'stage',
  'status',
  'version',
  'repository',
  'show_on_homepage',
  'deployment',
  'embed_origins',
  'feature_counts',
  'created_at',
  'updated_at',
] as const;

/** Strips table keys from a stored item. */
function toProject(item: Record<string, unknown>): Project {
  const project: Record<string, unknown> = {};
  for (const field of PROJECT_FIELDS) {
    if (item[field] !== undefined) project[field] = item[field];
  }
  return project as Project;
}

function indexKeys(project: Project) {
  const key = groupKey(project.group_name);
  return {
    ...projectKeys.all(key, project.title, project.id),
    ...projectKeys.byGroup(key, project.title, project.id),
    ...(project.show_on_homepage ? projectKeys.homepage(key, project.title, project.id) : {}),
  };
}

async function projectPage(query: PartitionQuery, limit: number, cursor: string | undefined) {
  const page = await queryPage(query, limit, cursor);
  return { items: page.items.map(toProject), nextCursor: page.nextCursor };
}

/** Every project, ordered by group then title, one page at a time. */
export function listProjects(limit: number, cursor?: string): Promise<Page<Project>> {
  return projectPage({ index: 'GSI1', partition: projectKeys.allPartition }, limit, cursor);
}

/** The projects of one group (by group key), ordered by title. */
export function listProjectsByGroup(
  key: string,
  limit: number,
  cursor?: string,
): Promise<Page<Project>> {
  return projectPage({ index: 'GSI2', partition: projectKeys.groupPartition(key) }, limit, cursor);
}

/** Every project shown on the homepage, ordered by group then title (bounded). */
export async function listHomepageProjects(): Promise<Project[]> {
  const projects: Project[] = [];
  let cursor: string | undefined;
  do {
    const page = await projectPage(
      { index: 'GSI3', partition: projectKeys.homepagePartition },
      Math.min(100, HOMEPAGE_MAX_PROJECTS - projects.length),
      cursor,
    );
    projects.push(...page.items);
    cursor = page.nextCursor ?? undefined;
  } while (cursor && projects.length < HOMEPAGE_MAX_PROJECTS);
  return projects;
}

export async function getProject(id: string): Promise<Project | undefined> {
  // Consistent: writes that keep feature counts re-read after a failed condition.
  const result = await db.send(
    new GetCommand({ TableName: tableName, Key: projectKeys.item(id), ConsistentRead: true }),
  );
  return result.Item ? toProject(result.Item) : undefined;
}

const PROJECT_ID = /^[0-9A-Z]{26}$/;

/** Every project, read a page at a time (the projects are few). */
export async function listAllProjects(): Promise<Project[]> {
  const projects: Project[] = [];
  let cursor: string | undefined;
  do {
    const page = await listProjects(100, cursor);
    projects.push(...page.items);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return projects;
}

/**
 * The project a feedback panel's key names: its id, or the slug of its build path. Slugs have no
 * index: the projects are few (the local server's lookup; on AWS the KeyValueStore holds each
 * key's origins).
 */
export async function findProjectByEmbedKey(key: string): Promise<Project | undefined> {
  if (PROJECT_ID.test(key)) return getProject(key);
  return (await listAllProjects()).find((project) => projectSlug(project) === key);
}

/** A new project and the table item that stores it; the input is checked with the shared schema. */
export function newProjectItem(input: ProjectInput, now = new Date()) {
  const fields = ProjectInputSchema.parse(input);
  const timestamp = now.toISOString();
  const project: Project = {
    ...fields,
    id: ulid(now.getTime()),
    created_at: timestamp,
    updated_at: timestamp,
  };
  const item = {
    ...projectKeys.item(project.id),
    entity: 'Project',
    ...indexKeys(project),
    ...project,
  };
  return { project, item };
}

/** The counter update that keeps the project total in step with a create (+1) or delete (-1). */
export function projectCounterUpdate(delta: number) {
  return {
    Update: {
      TableName: tableName,
      Key: counterKeys.projects,
      UpdateExpression: 'ADD #total :delta',
      ExpressionAttributeNames: { '#total': 'total' },
      ExpressionAttributeValues: { ':delta': delta },
    },
  };
}

/** Stores a new project and counts it. */
export async function createProject(input: ProjectInput, now = new Date()): Promise<Project> {
  const { project, item } = newProjectItem(input, now);
  await transact([putNew(item), projectCounterUpdate(1)]);
  return project;
}

/**
 * Replaces a project's editable fields, keeping its id, feature counts and creation time; index
 * keys follow the new group, title and homepage flag.
 */
export async function updateProject(
  id: string,
  input: ProjectInput,
  now = new Date(),
): Promise<Project> {
  const fields = ProjectInputSchema.parse(input);
  // Feature creation and moderation ADD to `feature_counts` concurrently: the Put keeps the
  // counts it read only while they are unchanged, else it reads again.
  for (let attempt = 0; attempt < UPDATE_ATTEMPTS; attempt += 1) {
    const current = await getProject(id);
    if (!current) throw new NotFoundError();
    const project: Project = {
      ...fields,
      id,
      created_at: current.created_at,
      updated_at: now.toISOString(),
      ...(current.feature_counts ? { feature_counts: current.feature_counts } : {}),
    };
    try {
      await transact([
        {
          Put: {
            TableName: tableName,
            Item: {
              ...projectKeys.item(id),
              entity: 'Project',
              ...indexKeys(project),
              ...project,
            },
            ConditionExpression: current.feature_counts
              ? 'attribute_exists(PK) AND feature_counts = :counts'
              : 'attribute_exists(PK) AND attribute_not_exists(feature_counts)',
            ...(current.feature_counts
              ? { ExpressionAttributeValues: { ':counts': current.feature_counts } }
              : {}),
          },
        },
      ]);
      return project;
    } catch (error) {
      if (!failedCondition(cancellationCodes(error), 0)) throw error;
      // Deleted (the next read says so) or counted meanwhile: read again.
    }
  }
  throw new ConflictError();
}

/** Deletes a project and uncounts it; its feature requests keep the title they recorded. */
export async function deleteProject(id: string): Promise<void> {
  try {
    await transact([
      {
        Delete: {
          TableName: tableName,
          Key: projectKeys.item(id),
          ConditionExpression: 'attribute_exists(PK)',
        },
      },
      projectCounterUpdate(-1),
    ]);
  } catch (error) {
    if (failedCondition(cancellationCodes(error), 0)) throw new NotFoundError();
    throw error;
  }
}
