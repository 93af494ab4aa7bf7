import { Link } from 'react-router-dom';
import type { Vote } from '@hatchworks/shared/schemas/features';
import { FeatureStatusBadge } from '../../../components/ui/feature-status-badge';
import { paths } from '../../../config/paths';
import { formatDate } from '../../../lib/format';
import { USER_VOTES_FAILED, useUserVotes } from '../api/get-user-votes';
import { eggsText, votesText } from '../utils/ledger';
import { ActivitySection, ActivityStatus, LoadMore, useLoadMore } from './activity-section';
import { FeatureLink } from './feature-link';
import { EggIcon } from '../../../components/ui/icons';

export const NO_VOTES = 'You have not voted on any features yet.';

/** The feature's title, linked to its project's requests once the answer names the project. */
function VoteTitle({ vote }: { vote: Vote }) {
  const { feature } = vote;
  if (!feature) return <>A feature request that is no longer shown</>;
  const { project_id: projectId } = feature;
  return projectId === undefined ? (
    <>{feature.title}</>
  ) : (
    <FeatureLink feature={{ title: feature.title, project_id: projectId }} />
  );
}

/** The feature's totals from every voter. */
function FeatureTotals({ feature }: { feature: Vote['feature'] }) {
  if (feature?.total_eggs === undefined || feature.vote_count === undefined) return null;
  return (
    <span>
      Total {eggsText(feature.total_eggs)} from {votesText(feature.vote_count)}
    </span>
  );
}

/** 'My Votes': each feature the user backed, the eggs they put on it and where it stands. */
export function MyVotes({ userId }: { userId: string }) {
  const query = useUserVotes(userId);
  const votes = query.data?.pages.flatMap((page) => page.data.votes) ?? [];
  const { loadMore, itemProps } = useLoadMore(query, votes.length);

  return (
    <ActivitySection id="my-votes-title" title="My Votes">
      <ActivityStatus
        query={query}
        loadingLabel="Loading your votes..."
        failedMessage={USER_VOTES_FAILED}
      >
        {votes.length === 0 ? (
          <p className="activity__empty">
            {NO_VOTES} <Link to={paths.features.path}>Vote on feature requests</Link>
          </p>
        ) : (
          <ul className="activity-list" aria-labelledby="my-votes-title">
            {votes.map((vote, index) => {
              const status = vote.feature?.status;
              return (
                <li key={vote.feature_id} className="activity-item" {...itemProps(index)}>
                  <div className="activity-item__head">
                    <h3 className="activity-item__title">
                      <VoteTitle vote={vote} />
                    </h3>
                    {status ? <FeatureStatusBadge status={status} /> : null}
                  </div>
                  <p className="activity-item__meta">
                    <span className="activity-item__highlight">
                      <EggIcon /> You gave {eggsText(vote.eggs_allocated)}
                    </span>
                    <FeatureTotals feature={vote.feature} />
                    <span>
                      Last vote{' '}
                      <time dateTime={vote.updated_at}>{formatDate(vote.updated_at)}</time>
                    </span>
                  </p>
                </li>
              );
            })}
          </ul>
        )}
        <LoadMore
          query={query}
          onLoadMore={loadMore}
          failedMessage={USER_VOTES_FAILED}
          label="Load more votes"
        />
      </ActivityStatus>
    </ActivitySection>
  );
}
