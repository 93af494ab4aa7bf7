/**
 * Contracts of the features operations, one module each so that a bundle keeps only the schemas of
 * the operations it calls (a bundler keeps a module's every schema, used or not).
 */
export { listFeatures } from './features/list-features';
export { getFeatureStats } from './features/get-feature-stats';
export { getFeature } from './features/get-feature';
export { createFeature } from './features/create-feature';
export { voteFeature } from './features/vote-feature';
export { listUserFeatures } from './features/list-user-features';
export { listUserVotes } from './features/list-user-votes';
export { listPendingFeatures } from './features/list-pending-features';
export { approveFeature } from './features/approve-feature';
export { rejectFeature } from './features/reject-feature';
export { updateFeatureStatus } from './features/update-feature-status';
export { bulkApproveFeatures } from './features/bulk-approve-features';
export { mergeFeature } from './features/merge-feature';
export { unmergeFeature } from './features/unmerge-feature';
export { getFeatureMerge } from './features/get-feature-merge';
