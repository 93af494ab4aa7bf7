import { TRACKER_DISPLAY } from '@hatchworks/shared/schemas/tracker';

/**
 * The dashboard's project selection: the ids of the toggled projects, in the order they
 * were toggled. Empty means 'All Projects'.
 */
export type ProjectSelection = readonly string[];

/**
 * The "wider filtered limit": with several projects selected the dashboard
 * asks for the API's largest page of each list and keeps the selected projects' items.
 */
export const SEVERAL_PROJECTS_LIMITS = {
  topRequests: 100,
  activity: 100,
} as const;

/** What one dashboard list asks the API for, and which projects it keeps of the answer. */
export interface DashboardQuery {
  /** Sent as `project_id` when exactly one project is selected. */
  readonly projectId?: string;
  readonly limit: number;
  /** Set when several projects are selected: keep only items of these projects. */
  readonly keepProjects?: readonly string[];
}

/** Adds a project to the selection, or removes it when it is already in. */
export function toggleProject(selection: ProjectSelection, projectId: string): ProjectSelection {
  return selection.includes(projectId)
    ? selection.filter((id) => id !== projectId)
    : [...selection, projectId];
}

/** Drops ids of projects that no longer exist (deleted since they were picked). */
export function knownSelection(
  selection: ProjectSelection,
  projectIds: readonly string[],
): ProjectSelection {
  const known = new Set(projectIds);
  return selection.filter((id) => known.has(id));
}

function queryFor(selection: ProjectSelection, fetched: number, wider: number): DashboardQuery {
  if (selection.length === 0) return { limit: fetched };
  if (selection.length === 1) return { projectId: selection[0], limit: fetched };
  // Sorted, so toggling the same projects in another order shares the cached answer.
  return { limit: wider, keepProjects: [...selection].sort() };
}

/** 'Most Voted Requests': fetch 10, one project by `project_id`, several by filtering. */
export const topRequestsQuery = (selection: ProjectSelection): DashboardQuery =>
  queryFor(selection, TRACKER_DISPLAY.topRequestsFetched, SEVERAL_PROJECTS_LIMITS.topRequests);

/** 'Recent Activity': fetch 20, one project by `project_id`, several by filtering. */
export const activityQuery = (selection: ProjectSelection): DashboardQuery =>
  queryFor(selection, TRACKER_DISPLAY.activityFetched, SEVERAL_PROJECTS_LIMITS.activity);

/**
 * The items a list shows: those of the kept projects (all when none are named), at most `shown`.
 * `projectOf` reads an item's project id (null for items about no project).
 */
export function itemsToShow<T>(
  items: readonly T[],
  query: DashboardQuery,
  projectOf: (item: T) => string | null,
  shown: number,
): T[] {
  const keep = query.keepProjects ? new Set(query.keepProjects) : null;
  const kept = keep
    ? items.filter((item) => {
        const projectId = projectOf(item);
        return projectId !== null && keep.has(projectId);
      })
    : items;
  return kept.slice(0, shown);
}

/** The subtitle of 'Recent Activity'. */
export function activitySubtitle(selection: ProjectSelection): string {
  if (selection.length === 0) return 'All projects';
  if (selection.length === 1) return 'Selected project';
  return `${selection.length} selected projects`;
}

/** 'View All' opens the requests page on the selected project when exactly one is selected. */
export function viewAllHref(requestsPath: string, selection: ProjectSelection): string {
  const only = selection.length === 1 ? selection[0] : undefined;
  return only
    ? `${requestsPath}?${new URLSearchParams({ project: only }).toString()}`
    : requestsPath;
}

/**
 * The selection in one line, for the picker folded on a phone: 'All projects', the one project's
 * title, or the first selected project's title and how many more ('Eggshell Chronicles +2').
 */
export function selectionSummary(
  selection: ProjectSelection,
  projects: readonly { id: string; title: string }[],
): string {
  const first = projects.find((project) => project.id === selection[0]);
  if (!first) return 'All projects';
  return selection.length === 1 ? first.title : `${first.title} +${selection.length - 1}`;
}

/** The URL parameter that mirrors the selection, once per selected project, in toggle order. */
export const SELECTION_PARAM = 'project';

/** The selection a dashboard URL names (repeated `project` parameters, duplicates dropped). */
export function parseSelection(params: URLSearchParams): ProjectSelection {
  return [...new Set(params.getAll(SELECTION_PARAM).filter((id) => id !== ''))];
}

/** `params` with the selection in place of the one it named (other parameters kept). */
export function withSelection(
  params: URLSearchParams,
  selection: ProjectSelection,
): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete(SELECTION_PARAM);
  for (const id of selection) next.append(SELECTION_PARAM, id);
  return next;
}
