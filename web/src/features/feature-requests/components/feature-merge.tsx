import type { Feature } from '@hatchworks/shared/schemas/features';
import { FeatureStatusBadge } from '../../../components/ui/feature-status-badge';
import { EggIcon } from '../../../components/ui/icons';
import type { MergeKind } from '../../../components/votable/merge';
import { detailHref } from '../../../config/paths';
import { countOf } from '../../../lib/format';
import { LOAD_FEATURES_FAILED, listFeatures } from '../api/list-features';
import { MERGE_FAILED, postMerge } from '../api/merge-feature';

/** The statuses a request can be merged away from (the server checks the same). */
export const MERGEABLE: readonly Feature['status'][] = ['pending', 'approved'];

/** The statuses a request can be merged into (the server checks the same). */
const TARGET_STATUSES: readonly Feature['status'][] = ['approved', 'in_progress', 'completed'];

/**
 * The merge of an egg-funded feature request: its votes and eggs move to request B; nobody's
 * balance changes.
 */
export const FEATURE_MERGE: MergeKind<Feature, Feature> = {
  noun: 'request',
  moving: 'votes and eggs',
  placeholder: 'Search approved requests',
  candidates: (feature, q) => ({
    queryKey: ['features', 'merge-candidates', feature.id, q],
    queryFn: async ({ signal }) => {
      const { features, match } = await listFeatures({ q }, undefined, signal);
      return {
        items: features.filter(
          (each) => each.id !== feature.id && TARGET_STATUSES.includes(each.status),
        ),
        match,
      };
    },
  }),
  searchFailed: LOAD_FEATURES_FAILED,
  retrySearch: true,
  found: (count) => `${countOf(count, 'request')} found.`,
  noMatch: (q) => `No approved, in-progress or completed request matches “${q}”.`,
  candidateMeta: (candidate) => (
    <>
      <FeatureStatusBadge status={candidate.status} />
      <span>{candidate.project.title}</span>
      <span className="merge-dialog__eggs">
        <EggIcon /> {countOf(candidate.total_eggs, 'egg')}
      </span>
      <span>{countOf(candidate.vote_count, 'vote')}</span>
    </>
  ),
  moves: (feature, into) => (
    <>
      <li>
        {countOf(feature.vote_count, 'vote')} with {countOf(feature.total_eggs, 'egg')} move to “
        {into.title}”; someone who voted on both keeps one vote holding the sum.
      </li>
      <li>
        “{into.title}” will have {countOf(into.total_eggs + feature.total_eggs, 'egg')}.
      </li>
      <li>Nobody&apos;s balance changes. You can undo the merge for 30 days.</li>
    </>
  ),
  mergeLabel: 'Merge requests',
  mergeFailed: MERGE_FAILED,
  merge: (feature, into, signal) => postMerge(feature.id, into.id, signal),
  href: detailHref.feature,
  mergedNotice: (feature, done) =>
    `“${feature.title}” was merged into this request: ${countOf(done.moved, 'vote')} (${countOf(
      done.eggs_moved,
      'egg',
    )}) moved here.`,
  focusSteps: true,
};
