import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { paths } from '../../config/paths';
import { CommentsSection } from '../../features/comments/components/comments-section';
import { SubjectPage } from '../../features/comments/components/subject-page';
import { useFeature } from '../../features/feature-requests/api/get-feature';
import { FeatureCard } from '../../features/feature-requests/components/feature-card';
import { FeatureStatusControl } from '../../features/feature-requests/components/feature-status-control';
import {
  MergedBanner,
  MergedFromNote,
} from '../../features/feature-requests/components/merge-banner';
import { MergeControl } from '../../features/feature-requests/components/merge-control';
import type { MergedNotice } from '../../features/feature-requests/components/merge-dialog';
import { VoteModal } from '../../features/feature-requests/components/vote-modal';
import '../../features/feature-requests/components/features-page.css';
import { useSession } from '../../lib/session';

/**
 * The status line of a merge or unmerge that just finished: taken from the navigation
 * that brought the admin here (then dropped from the history entry, so a reload does not repeat
 * it), or set on this page; focused so it is read out first.
 */
function useMergeNotice() {
  const location = useLocation();
  const navigate = useNavigate();
  const incoming = (location.state as Partial<MergedNotice> | null)?.mergedNotice;
  const [notice, setNotice] = useState<string | null>(incoming ?? null);
  const [seen, setSeen] = useState({ key: location.key, path: location.pathname });
  const ref = useRef<HTMLParagraphElement>(null);
  // A new navigation brings its own notice; one to another request clears this one's.
  if (seen.key !== location.key) {
    setSeen({ key: location.key, path: location.pathname });
    if (incoming) setNotice(incoming);
    else if (seen.path !== location.pathname) setNotice(null);
  }
  useEffect(() => {
    if (incoming) void navigate('.', { replace: true, state: null });
  }, [incoming, navigate]);
  useEffect(() => {
    if (notice) ref.current?.focus();
  }, [notice]);
  return { notice, setNotice, ref };
}

/**
 * `/features/:id`: one feature request and its discussion. Approved ones are public;
 * pending and rejected ones show to their author and admins only (the API answers 404 otherwise).
 * Signed-in users vote here as on the card. Admins merge a request into another here; a
 * merged one links to where it went (its discussion kept, read-only), and the request it went to
 * links back and shows that discussion under its own.
 */
export default function FeatureDetailRoute() {
  const id = useParams().id ?? '';
  const session = useSession();
  const user = session.user;
  const feature = useFeature(id, user?.id ?? null, session.status !== 'loading');
  const [voting, setVoting] = useState(false);
  const { notice, setNotice, ref } = useMergeNotice();
  const data = feature.data;
  const into = data?.status === 'merged' ? data.merged_into : undefined;
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
      commentsClosed={
        data?.status === 'merged'
          ? `Comments are closed: this request was merged${into ? ` into “${into.title}”` : ''}. Comment there.`
          : undefined
      }
      afterComments={(data?.merged_from ?? []).map((from) => (
        <CommentsSection
          key={from.id}
          subject={{ type: 'feature', id: from.id }}
          title={`Comments merged from “${from.title}”`}
          closed={`Read-only: these comments were made on “${from.title}” before it was merged here.`}
        />
      ))}
    >
      {data ? (
        <div className="features-page">
          <div role="status" className="merge-notice__region">
            {notice ? (
              <p className="merge-notice" ref={ref} tabIndex={-1}>
                {notice}
              </p>
            ) : null}
          </div>
          {data.status === 'merged' ? <MergedBanner feature={data} onUnmerged={setNotice} /> : null}
          <FeatureCard
            feature={data}
            onOwnPage
            own={user?.id === data.user_id}
            {...(user ? { onVote: () => setVoting(true) } : {})}
          />
          {data.merged_from?.length ? <MergedFromNote from={data.merged_from} /> : null}
          <div className="feature-admin-actions">
            <FeatureStatusControl feature={data} />
            <MergeControl feature={data} />
          </div>
          {voting ? <VoteModal feature={data} onClose={() => setVoting(false)} /> : null}
        </div>
      ) : null}
    </SubjectPage>
  );
}
