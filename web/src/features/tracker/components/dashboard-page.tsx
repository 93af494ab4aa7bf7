import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useDeferredValue, useEffect } from 'react';
import { useLiveSearchParams } from '../../../lib/live-search-params';
import { useStagedReveal } from '../../../lib/use-staged-reveal';
import { FALLBACK_MESSAGES } from '@hatchworks/shared/errors';
import { TRACKER_DISPLAY } from '@hatchworks/shared/schemas/tracker';
import { DocumentTitle } from '../../../components/ui/document-title';
import { LoadingState } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { useAllProjects } from '../../../lib/api/list-projects';
import { useActivity } from '../api/list-activity';
import { useTrackerStats } from '../api/get-stats';
import { trackerKeys } from '../api/keys';
import { listTrackerRequests } from '../api/list-requests';
import {
  activityQuery,
  activitySubtitle,
  itemsToShow,
  knownSelection,
  parseSelection,
  toggleProject,
  topRequestsQuery,
  viewAllHref,
  withSelection,
  type DashboardQuery,
  type ProjectSelection,
} from '../utils/dashboard-selection';
import type { TrackerRequestFilter } from '../utils/request-filters';
import { ActivityFeed } from './activity-feed';
import { DashboardContribute } from './dashboard-contribute';
import { DashboardError } from './dashboard-error';
import { DashboardTopRequests } from './dashboard-top-requests';
import { ProjectPicker } from './project-picker';
import { StatsStrip } from './stats-strip';
import './dashboard-page.css';

/** The most voted requests of a dashboard query, kept on screen while a new selection loads. */
function useTopRequests(query: DashboardQuery) {
  const filter: TrackerRequestFilter = {
    project: query.projectId,
    sort: 'votes',
    direction: 'desc',
  };
  return useQuery({
    queryKey: trackerKeys.requestQuery({ ...filter, limit: query.limit }),
    queryFn: async ({ signal }) =>
      (await listTrackerRequests(filter, { limit: query.limit, signal })).feature_requests,
    placeholderData: keepPreviousData,
  });
}

/**
 * `/tracker`: the project selection, the site-wide statistics, the most voted requests
 * and the recent activity of the selection, and where to contribute.
 */
export function DashboardPage() {
  // The selection lives in the URL (`?project=a&project=b`), so a link reproduces the view.
  const { params, setParams, update } = useLiveSearchParams();
  const picked = parseSelection(params);
  const projects = useAllProjects();
  const selection = knownSelection(
    picked,
    (projects.data ?? []).map((project) => project.id),
  );
  // Each toggle starts from the address bar as it is now, so a quick second one never undoes the first.
  const setPicked = (change: (current: ProjectSelection) => ProjectSelection) =>
    update((current) => withSelection(current, change(parseSelection(current))));

  // Once the projects are known, a link naming deleted or unknown ones drops them from the URL too.
  const canonical = projects.data ? withSelection(params, selection).toString() : null;
  useEffect(() => {
    if (canonical !== null && canonical !== params.toString()) {
      setParams(canonical, { replace: true });
    }
  }, [canonical, params, setParams]);
  const topQuery = topRequestsQuery(selection);
  const feedQuery = activityQuery(selection);
  const stats = useTrackerStats();
  const top = useTopRequests(topQuery);
  const activity = useActivity({ projectId: feedQuery.projectId, limit: feedQuery.limit });

  const queries = [projects, stats, top, activity] as const;
  const failed = queries.find((query) => query.isError);
  // Answers are drawn in a background render that yields to the browser every few milliseconds,
  // so a phone stays responsive while the dashboard fills (the first render is the loading state).
  const shown = {
    projects: useDeferredValue(projects.data),
    stats: useDeferredValue(stats.data),
    top: useDeferredValue(top.data),
    activity: useDeferredValue(activity.data),
  };

  const ready = Boolean(shown.projects && shown.stats && shown.top && shown.activity);
  // The picker and the statistics, then the top requests, then the activity and the invitation.
  const stage = useStagedReveal(3, ready && !failed);

  let body;
  if (failed) {
    body = (
      <DashboardError
        message={failed.error?.message ?? FALLBACK_MESSAGES.fetchTrackerStats}
        retrying={queries.some((query) => query.isFetching)}
        onRetry={() => {
          for (const query of queries) if (query.isError) void query.refetch();
        }}
      />
    );
  } else if (!shown.projects || !shown.stats || !shown.top || !shown.activity) {
    body = <LoadingState label="Loading tracker data..." />;
  } else {
    const requests = itemsToShow(
      shown.top,
      topQuery,
      (request) => request.project_id,
      TRACKER_DISPLAY.topRequestsShown,
    );
    const entries = itemsToShow(
      shown.activity,
      feedQuery,
      (item) => item.project?.id ?? null,
      TRACKER_DISPLAY.activityShown,
    );
    body = (
      <>
        <ProjectPicker
          projects={shown.projects}
          selection={selection}
          onToggle={(projectId) => setPicked((current) => toggleProject(current, projectId))}
          onSelectAll={() => setPicked(() => [])}
        />
        <StatsStrip stats={shown.stats} filtered={selection.length > 0} />
        <div className="tracker-dashboard__columns">
          {stage >= 2 ? (
            <DashboardTopRequests
              requests={requests}
              viewAllHref={viewAllHref(paths.trackerRequests.path, selection)}
              updating={top.isPlaceholderData}
            />
          ) : null}
          {stage >= 3 ? (
            <div className="tracker-dashboard__side">
              <ActivityFeed
                items={entries}
                subtitle={activitySubtitle(selection)}
                updating={activity.isPlaceholderData}
              />
              <DashboardContribute />
            </div>
          ) : null}
        </div>
      </>
    );
  }

  return (
    <div className="container page tracker-dashboard">
      <DocumentTitle title={paths.tracker.title} />
      <header className="tracker-dashboard__header">
        <p className="eyebrow">Public tracker</p>
        <h1>{paths.tracker.title}</h1>
        <p className="lede">
          What people are asking for across the studio&apos;s projects: the most voted feature
          requests, the latest activity, and where to add your own ideas.
        </p>
      </header>
      {body}
    </div>
  );
}
