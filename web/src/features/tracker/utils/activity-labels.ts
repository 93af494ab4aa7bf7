import type { ActivityItem, ActivityType } from '@hatchworks/shared/schemas/tracker';

/** The type label of an activity entry. */
export const ACTIVITY_TYPE_LABELS: Readonly<Record<ActivityType, string>> = {
  feature_request: 'Tracker Request',
  project_suggestion: 'Project Suggestion',
};

/**
 * The colour of an entry's dot (by type and action). Completions share one colour
 * whatever their type; creations get their type's colour; any other action is neutral.
 */
export type ActivityTone = 'request' | 'suggestion' | 'completed' | 'other';

export function activityTone(item: Pick<ActivityItem, 'type' | 'action'>): ActivityTone {
  if (item.action === 'completed') return 'completed';
  if (item.action === 'created') return item.type === 'feature_request' ? 'request' : 'suggestion';
  return 'other';
}

/** 'created' → 'Created'; an action the web does not know yet is shown as the API names it. */
export function actionLabel(action: string): string {
  const words = action.trim().replace(/[_-]+/g, ' ');
  if (!words) return 'Other';
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** 'by' the author, or 'Anonymous' for a visitor who was not signed in. */
export function activityAuthor(user: string | null): string {
  return user?.trim() || 'Anonymous';
}
