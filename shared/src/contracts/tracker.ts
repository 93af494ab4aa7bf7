import type { RouteContract } from '../contract';
import { MergeResultSchema, TrackerMergeInputSchema } from '../schemas/merge';
import {
  ActivityListQuerySchema,
  ActivityListSchema,
  ProjectSuggestionInputSchema,
  ProjectSuggestionListQuerySchema,
  ProjectSuggestionListSchema,
  ProjectSuggestionSchema,
  TrackerFeatureRequestInputSchema,
  TrackerFeatureRequestListQuerySchema,
  TrackerFeatureRequestListSchema,
  TrackerFeatureRequestSchema,
  TrackerIdParamsSchema,
  TrackerStatsSchema,
  TrackerVoteInputSchema,
  TrackerVoteResultSchema,
} from '../schemas/tracker';
import {
  TrackerStatusChangeInputSchema,
  TrackerStatusResultSchema,
} from '../schemas/tracker-status';

/*
 * The public tracker: feature requests and project suggestions, voted up or down by anyone (an
 * anonymous visitor by a signed cookie). Each item answers with the caller's own vote.
 */

export const getTrackerStats = {
  id: 'GetTrackerStats',
  method: 'GET',
  path: '/api/tracker/stats',
  access: 'public',
  data: TrackerStatsSchema,
} as const satisfies RouteContract;

export const listTrackerRequests = {
  id: 'ListTrackerFeatureRequests',
  method: 'GET',
  path: '/api/tracker/feature-requests',
  access: 'public',
  query: TrackerFeatureRequestListQuerySchema,
  data: TrackerFeatureRequestListSchema,
  page: true,
} as const satisfies RouteContract;

export const createTrackerRequest = {
  id: 'CreateTrackerFeatureRequest',
  method: 'POST',
  path: '/api/tracker/feature-requests',
  access: 'public',
  body: TrackerFeatureRequestInputSchema,
  bodyMessages: true,
  data: TrackerFeatureRequestSchema,
} as const satisfies RouteContract;

export const getTrackerRequest = {
  id: 'GetTrackerFeatureRequest',
  method: 'GET',
  path: '/api/tracker/feature-requests/{id}',
  access: 'public',
  params: TrackerIdParamsSchema,
  data: TrackerFeatureRequestSchema,
} as const satisfies RouteContract;

export const listProjectSuggestions = {
  id: 'ListProjectSuggestions',
  method: 'GET',
  path: '/api/tracker/project-suggestions',
  access: 'public',
  query: ProjectSuggestionListQuerySchema,
  data: ProjectSuggestionListSchema,
  page: true,
} as const satisfies RouteContract;

export const createProjectSuggestion = {
  id: 'CreateProjectSuggestion',
  method: 'POST',
  path: '/api/tracker/project-suggestions',
  access: 'public',
  body: ProjectSuggestionInputSchema,
  bodyMessages: true,
  data: ProjectSuggestionSchema,
} as const satisfies RouteContract;

export const getProjectSuggestion = {
  id: 'GetProjectSuggestion',
  method: 'GET',
  path: '/api/tracker/project-suggestions/{id}',
  access: 'public',
  params: TrackerIdParamsSchema,
  data: ProjectSuggestionSchema,
} as const satisfies RouteContract;

export const listTrackerActivity = {
  id: 'ListTrackerActivity',
  method: 'GET',
  path: '/api/tracker/activity',
  access: 'public',
  query: ActivityListQuerySchema,
  data: ActivityListSchema,
  page: true,
} as const satisfies RouteContract;

export const trackerVote = {
  id: 'TrackerVote',
  method: 'POST',
  path: '/api/tracker/vote',
  access: 'public',
  body: TrackerVoteInputSchema,
  bodyMessages: true,
  data: TrackerVoteResultSchema,
} as const satisfies RouteContract;

export const updateTrackerRequestStatus = {
  id: 'UpdateTrackerRequestStatus',
  method: 'PUT',
  path: '/api/tracker/feature-requests/{id}/status',
  access: 'admin',
  params: TrackerIdParamsSchema,
  body: TrackerStatusChangeInputSchema,
  data: TrackerStatusResultSchema,
} as const satisfies RouteContract;

export const updateProjectSuggestionStatus = {
  id: 'UpdateProjectSuggestionStatus',
  method: 'PUT',
  path: '/api/tracker/project-suggestions/{id}/status',
  access: 'admin',
  params: TrackerIdParamsSchema,
  body: TrackerStatusChangeInputSchema,
  data: TrackerStatusResultSchema,
} as const satisfies RouteContract;

/**
 * Merging tracker requests or project suggestions, one route for both (the AWS stack's resource
 * budget allows few routes): `action` `merge` starts or resumes merging `from_id` into `into_id`,
 * `unmerge` undoes it within 30 days, `status` answers where it stands. 200 when done, 202 when
 * steps remain (POST again, the same body).
 */
export const trackerMerge = {
  id: 'TrackerMerge',
  method: 'POST',
  path: '/api/admin/tracker/merges',
  access: 'admin',
  body: TrackerMergeInputSchema,
  bodyMessages: true,
  data: MergeResultSchema,
} as const satisfies RouteContract;
