import type { RouteContract } from '../contract';
import { PageQuerySchema } from '../schemas/envelope';
import {
  BulkApproveInputSchema,
  BulkApproveResultSchema,
  CreateFeatureInputSchema,
  FeatureIdParamsSchema,
  FeatureListQuerySchema,
  FeatureListSchema,
  FeatureSchema,
  FeatureStatsSchema,
  ModerationInputSchema,
  PendingFeatureListQuerySchema,
  StatusChangeInputSchema,
  UserIdParamsSchema,
  VoteInputSchema,
  VoteListSchema,
  VoteResultSchema,
} from '../schemas/features';
import { MergeInputSchema, MergeResultSchema } from '../schemas/merge';

/** Most eggs first, or by relevance with `q`; admins see pending and rejected requests too. */
export const listFeatures = {
  id: 'ListFeatures',
  method: 'GET',
  path: '/api/features',
  access: 'public',
  query: FeatureListQuerySchema,
  data: FeatureListSchema,
  page: true,
} as const satisfies RouteContract;

export const getFeatureStats = {
  id: 'GetFeatureStats',
  method: 'GET',
  path: '/api/features/stats',
  access: 'public',
  data: FeatureStatsSchema,
} as const satisfies RouteContract;

export const getFeature = {
  id: 'GetFeature',
  method: 'GET',
  path: '/api/features/{id}',
  access: 'public',
  params: FeatureIdParamsSchema,
  data: FeatureSchema,
} as const satisfies RouteContract;

export const createFeature = {
  id: 'CreateFeature',
  method: 'POST',
  path: '/api/features',
  access: 'user',
  body: CreateFeatureInputSchema,
  bodyMessages: true,
  data: FeatureSchema,
} as const satisfies RouteContract;

/** Puts eggs of the caller's balance on an approved feature ('Invalid egg amount' when refused). */
export const voteFeature = {
  id: 'VoteFeature',
  method: 'POST',
  path: '/api/features/vote',
  access: 'user',
  body: VoteInputSchema,
  bodyMessages: true,
  data: VoteResultSchema,
} as const satisfies RouteContract;

export const listUserFeatures = {
  id: 'ListUserFeatures',
  method: 'GET',
  path: '/api/users/{id}/features',
  access: 'user',
  params: UserIdParamsSchema,
  query: PageQuerySchema,
  data: FeatureListSchema,
  page: true,
} as const satisfies RouteContract;

export const listUserVotes = {
  id: 'ListUserVotes',
  method: 'GET',
  path: '/api/users/{id}/votes',
  access: 'user',
  params: UserIdParamsSchema,
  query: PageQuerySchema,
  data: VoteListSchema,
  page: true,
} as const satisfies RouteContract;

export const listPendingFeatures = {
  id: 'ListPendingFeatures',
  method: 'GET',
  path: '/api/admin/features/pending',
  access: 'admin',
  query: PendingFeatureListQuerySchema,
  data: FeatureListSchema,
  page: true,
} as const satisfies RouteContract;

export const approveFeature = {
  id: 'ApproveFeature',
  method: 'POST',
  path: '/api/admin/features/{id}/approve',
  access: 'admin',
  params: FeatureIdParamsSchema,
  body: ModerationInputSchema,
  data: FeatureSchema,
} as const satisfies RouteContract;

export const rejectFeature = {
  id: 'RejectFeature',
  method: 'POST',
  path: '/api/admin/features/{id}/reject',
  access: 'admin',
  params: FeatureIdParamsSchema,
  body: ModerationInputSchema,
  data: FeatureSchema,
} as const satisfies RouteContract;

export const updateFeatureStatus = {
  id: 'UpdateFeatureStatus',
  method: 'PUT',
  path: '/api/admin/features/{id}/status',
  access: 'admin',
  params: FeatureIdParamsSchema,
  body: StatusChangeInputSchema,
  data: FeatureSchema,
} as const satisfies RouteContract;

export const bulkApproveFeatures = {
  id: 'BulkApproveFeatures',
  method: 'POST',
  path: '/api/admin/features/bulk-approve',
  access: 'admin',
  body: BulkApproveInputSchema,
  data: BulkApproveResultSchema,
} as const satisfies RouteContract;

/**
 * Merges a duplicate request `{id}` with its votes into `into_id`, or resumes that merge: 200 when
 * it is done, 202 when steps remain (POST again to go on).
 */
export const mergeFeature = {
  id: 'MergeFeature',
  method: 'POST',
  path: '/api/admin/features/{id}/merge',
  access: 'admin',
  params: FeatureIdParamsSchema,
  body: MergeInputSchema,
  bodyMessages: true,
  data: MergeResultSchema,
} as const satisfies RouteContract;

/** Undoes the merge of `{id}` within 30 days, or resumes undoing it (200 done, 202 steps remain). */
export const unmergeFeature = {
  id: 'UnmergeFeature',
  method: 'POST',
  path: '/api/admin/features/{id}/unmerge',
  access: 'admin',
  params: FeatureIdParamsSchema,
  data: MergeResultSchema,
} as const satisfies RouteContract;

/** Where the merge of request `{id}` stands. */
export const getFeatureMerge = {
  id: 'GetFeatureMerge',
  method: 'GET',
  path: '/api/admin/features/{id}/merge',
  access: 'admin',
  params: FeatureIdParamsSchema,
  data: MergeResultSchema,
} as const satisfies RouteContract;
