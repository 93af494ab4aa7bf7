import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { detailHref, paths } from '../../config/paths';
import { MergeControl, MergedFromNote, useMergeNotice } from '../../components/votable/merge';
import { useFeature } from '../../features/feature-requests/api/get-feature';
import { FeatureCard } from '../../features/feature-requests/components/feature-card';
import { FeatureStatusControl } from '../../features/feature-requests/components/feature-status-control';
import { MergedBanner } from '../../features/feature-requests/components/merge-banner';
import { FEATURE_MERGE, MERGEABLE } from '../../features/feature-requests/components/feature-merge';
import { VoteModal } from '../../features/feature-requests/components/vote-modal';
import { SIGN_IN_UNAVAILABLE } from '../../features/feature-requests/components/sign-in-prompt';
import '../../features/feature-requests/components/features-page.css';
import { useSession } from '../../lib/session';
import { VotableDetail } from '../votable-detail';

/**
 * `/features/:id`: one feature request and its discussion. Approved ones are public; pending and
 * rejected ones show to their author and admins only (the API answers 404 otherwise). Signed-in
 * users vote here as on the card; visitors are offered 'Sign up to vote' instead. Admins merge a request into another here; a merged one links to
 * where it went (its discussion kept, read-only), and the request it went to links back and shows
 * that discussion under its own.
 */
export default function FeatureDetailRoute() {
  const id = useParams().id ?? '';
  const session = useSession();
  const user = session.user;
  const feature = useFeature(id, user?.id ?? null, session.status !== 'loading');
  const [voting, setVoting] = useState(false);
  const { region, setNotice } = useMergeNotice();
  return (
    <VotableDetail
      noun="Feature request"
      back={{ href: paths.features.path, label: 'All feature requests' }}
      subjectType="feature"
      id={id}
      query={feature}
      waiting={session.status === 'loading'}
      title={(data) => data.title}
      commentsClosed={(data) =>
        data.status === 'merged'
          ? `Comments are closed: this request was merged${data.merged_into ? ` into “${data.merged_into.title}”` : ''}. Comment there.`
          : undefined
      }
    >
      {(data) => (
        <div className="features-page">
          {region}
          {data.status === 'merged' ? <MergedBanner feature={data} onUnmerged={setNotice} /> : null}
          <FeatureCard
            feature={data}
            onOwnPage
            own={user?.id === data.user_id}
            {...(user
              ? { onVote: () => setVoting(true) }
              : {
                  signUpToVote: {
                    onClick: () => void session.signUp(),
                    ...(session.signInAvailable ? {} : { disabledReason: SIGN_IN_UNAVAILABLE }),
                  },
                })}
          />
          {data.merged_from?.length ? (
            <MergedFromNote from={data.merged_from} href={detailHref.feature} />
          ) : null}
          <div className="feature-admin-actions">
            <FeatureStatusControl feature={data} />
            <MergeControl
              kind={FEATURE_MERGE}
              item={data}
              mergeable={MERGEABLE.includes(data.status)}
            />
          </div>
          {voting ? <VoteModal feature={data} onClose={() => setVoting(false)} /> : null}
        </div>
      )}
    </VotableDetail>
  );
}
