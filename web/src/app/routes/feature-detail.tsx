import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { paths } from '../../config/paths';
import { SubjectPage } from '../../features/comments/components/subject-page';
import { useFeature } from '../../features/feature-requests/api/get-feature';
import { FeatureCard } from '../../features/feature-requests/components/feature-card';
import { FeatureStatusControl } from '../../features/feature-requests/components/feature-status-control';
import { VoteModal } from '../../features/feature-requests/components/vote-modal';
import '../../features/feature-requests/components/features-page.css';
import { useSession } from '../../lib/session';

/**
 * `/features/:id` (issue 12): one feature request and its discussion. Approved ones are public;
 * pending and rejected ones show to their author and admins only (the API answers 404 otherwise).
 * Signed-in users vote here as on the card.
 */
export default function FeatureDetailRoute() {
  const id = useParams().id ?? '';
  const session = useSession();
  const user = session.user;
  const feature = useFeature(id, user?.id ?? null, session.status !== 'loading');
  const [voting, setVoting] = useState(false);
  return (
    <SubjectPage
      noun="Feature request"
      back={{ href: paths.features.path, label: 'All feature requests' }}
      subject={{ type: 'feature', id }}
      state={
        session.status === 'loading' || feature.isPending
          ? { kind: 'loading' }
          : feature.isError
            ? { kind: 'error', error: feature.error, retry: () => void feature.refetch() }
            : { kind: 'ready', title: feature.data.title }
      }
    >
      {feature.data ? (
        <div className="features-page">
          <FeatureCard
            feature={feature.data}
            onOwnPage
            own={user?.id === feature.data.user_id}
            {...(user ? { onVote: () => setVoting(true) } : {})}
          />
          <FeatureStatusControl feature={feature.data} />
          {voting ? <VoteModal feature={feature.data} onClose={() => setVoting(false)} /> : null}
        </div>
      ) : null}
    </SubjectPage>
  );
}
