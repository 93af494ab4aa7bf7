import { Link } from 'react-router-dom';
import { FeatureStatusBadge } from '../../../components/ui/feature-status-badge';
import { paths } from '../../../config/paths';
import { formatDate } from '../../../lib/format';
import { USER_FEATURES_FAILED, useUserFeatures } from '../api/get-user-features';
import { eggsText, votesText } from '../utils/ledger';
import { ActivitySection, ActivityStatus, LoadMore, useLoadMore } from './activity-section';
import { FeatureLink } from './feature-link';
import { EggIcon } from '../../../components/ui/icons';

export const NO_REQUESTS = 'You have not requested any features yet.';

/** 'My Feature Requests': the user's requests, newest first, with status, eggs and votes. */
export function MyFeatureRequests({ userId }: { userId: string }) {
  const query = useUserFeatures(userId);
  const features = query.data?.pages.flatMap((page) => page.data.features) ?? [];
  const { loadMore, itemProps } = useLoadMore(query, features.length);

  return (
    <ActivitySection id="my-requests-title" title="My Feature Requests">
      <ActivityStatus
        query={query}
        loadingLabel="Loading your feature requests..."
        failedMessage={USER_FEATURES_FAILED}
      >
        {features.length === 0 ? (
          <p className="activity__empty">
            {NO_REQUESTS} <Link to={paths.features.path}>Request a feature</Link>
          </p>
        ) : (
          <ul className="activity-list" aria-labelledby="my-requests-title">
            {features.map((feature, index) => {
              return (
                <li key={feature.id} className="activity-item" {...itemProps(index)}>
                  <div className="activity-item__head">
                    <h3 className="activity-item__title">
                      <FeatureLink feature={feature} />
                    </h3>
                    <FeatureStatusBadge status={feature.status} />
                  </div>
                  <p className="activity-item__meta">
                    <span>Project: {feature.project.title}</span>
                    <span>
                      <EggIcon /> {eggsText(feature.total_eggs)}
                    </span>
                    <span>{votesText(feature.vote_count)}</span>
                    <span>
                      Created{' '}
                      <time dateTime={feature.created_at}>{formatDate(feature.created_at)}</time>
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
          failedMessage={USER_FEATURES_FAILED}
          label="Load more feature requests"
        />
      </ActivityStatus>
    </ActivitySection>
  );
}
