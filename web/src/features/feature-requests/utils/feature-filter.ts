import type { FeatureStatus } from '@hatchworks/shared/schemas/features';

/** The status filters of the feature screens; 'pending' is offered to admins only. */
export const FEATURE_FILTERS = ['all', 'approved', 'pending'] as const;
export type FeatureFilter = (typeof FEATURE_FILTERS)[number];

export const FILTER_LABELS: Readonly<Record<FeatureFilter, string>> = {
  all: 'All',
  approved: 'Approved',
  pending: 'Pending',
};

/** The default filter, and where a non-admin's pending filter is reset to. */
export const DEFAULT_FEATURE_FILTER: FeatureFilter = 'approved';

/** The URL query parameter that keeps the chosen filter (so it survives a reload and a link). */
export const FILTER_PARAM = 'status';

/** The filters a viewer may pick, in display order. */
export function filtersFor(isAdmin: boolean): readonly FeatureFilter[] {
  return isAdmin ? FEATURE_FILTERS : FEATURE_FILTERS.filter((filter) => filter !== 'pending');
}

/** A filter named in the URL, or `fallback` for a missing or unknown value. */
export function parseFeatureFilter(value: string | null, fallback: FeatureFilter): FeatureFilter {
  return FEATURE_FILTERS.find((filter) => filter === value) ?? fallback;
}

/**
 * The filter actually used: a non-admin asking for pending requests is reset to approved, before
 * anything is asked (the API answers 403 to that question).
 */
export function permittedFilter(filter: FeatureFilter, isAdmin: boolean): FeatureFilter {
  return filter === 'pending' && !isAdmin ? DEFAULT_FEATURE_FILTER : filter;
}

/** The `status` query of `GET /api/features` for a filter; 'all' sends none. */
export function statusForFilter(filter: FeatureFilter): FeatureStatus | undefined {
  return filter === 'all' ? undefined : filter;
}
