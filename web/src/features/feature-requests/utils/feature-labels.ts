import type { Feature, FeatureType, PriorityLevel } from '@hatchworks/shared/schemas/features';

/** What the priority dot says to people who cannot see its colour. */
export const PRIORITY_LABELS: Readonly<Record<PriorityLevel, string>> = {
  high: 'High priority',
  medium: 'Medium priority',
  low: 'Low priority',
};

export const FEATURE_TYPE_LABELS: Readonly<Record<FeatureType, string>> = {
  enhancement: 'Enhancement',
  new_feature: 'New Feature',
  bug_fix: 'Bug Fix',
  ui_improvement: 'UI Improvement',
  performance: 'Performance',
};

/** The author as their display name, else their username. */
export function authorName(user: Feature['user']): string {
  return user.display_name.trim() || user.username;
}
