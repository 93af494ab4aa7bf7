import { useId } from 'react';
import { Link } from 'react-router-dom';
import type { Feature } from '@hatchworks/shared/schemas/features';
import { Badge } from '../../../components/ui/badge';
import { CardMeta } from '../../../components/ui/card-meta';
import { CommentCount } from '../../../components/ui/comment-count';
import { detailHref } from '../../../config/paths';
import {
  FEATURE_STATUS_BADGES,
  FeatureStatusBadge,
} from '../../../components/ui/feature-status-badge';
import { formatDate } from '../../../lib/format';
import type { ModerationAction } from '../api/moderate-feature';
import { FEATURE_TYPE_LABELS, PRIORITY_LABELS, authorName } from '../utils/feature-labels';
import { countOf, formatCount } from '../../../lib/format';
import { EggIcon } from '../../../components/ui/icons';

interface FeatureCardProps {
  feature: Feature;
  /** Offered on approved requests to signed-in users; absent hides the button. */
  onVote?: () => void;
  /**
   * Offered on approved requests to visitors in place of Vote: starts the hosted sign-up
   * (`disabled` with its reason when sign-in is not configured).
   */
  signUpToVote?: { readonly onClick: () => void; readonly disabledReason?: string };
  /** Offered to admins on pending requests; absent hides the buttons. */
  onModerate?: (action: ModerationAction) => void;
  /** The viewer's own pending or rejected request, which only they (and admins) can see. */
  own?: boolean;
  /** On the request's own page: its title is the page's h1 and links nowhere. */
  onOwnPage?: boolean;
}

/** What an author reads on their own request that nobody else sees. */
const OWN_NOTES: Partial<Record<Feature['status'], { badge: string; note: string }>> = {
  pending: {
    badge: 'Waiting for review',
    note: 'Only you can see this request until an admin approves it.',
  },
  rejected: {
    badge: 'Rejected',
    note: 'An admin rejected this request and refunded its eggs; only you can see it.',
  },
};

function LongText({ label, text }: { label: string; text: string | undefined }) {
  if (!text?.trim()) return null;
  return (
    <div className="feature-card__detail">
      <h4 className="feature-card__detail-title">{label}</h4>
      <p>{text}</p>
    </div>
  );
}

/**
 * One feature request of the feature system with every field and its actions: the
 * priority dot and the title, one line with the status badge, project, type, author and date, the
 * texts, the tags, and a footer with the eggs and votes beside the Vote (or moderation) buttons.
 */
export function FeatureCard({
  feature,
  onVote,
  signUpToVote,
  onModerate,
  own = false,
  onOwnPage = false,
}: FeatureCardProps) {
  const Heading = onOwnPage ? 'h1' : 'h3';
  const titleId = useId();
  const canVote = feature.status === 'approved' && onVote !== undefined;
  const canSignUp = feature.status === 'approved' && !canVote && signUpToVote !== undefined;
  const canModerate = feature.status === 'pending' && onModerate !== undefined;
  const priority = PRIORITY_LABELS[feature.priority_level];
  const ownNote = own ? OWN_NOTES[feature.status] : undefined;

  return (
    <article
      className={`feature-card${ownNote ? ' feature-card--own' : ''}`}
      aria-labelledby={titleId}
    >
      <div className="feature-card__header">
        <span
          className={`priority-dot priority-dot--${feature.priority_level}`}
          role="img"
          aria-label={priority}
          title={priority}
        />
        <Heading id={titleId} className="feature-card__title">
          {onOwnPage ? (
            feature.title
          ) : (
            <Link to={detailHref.feature(feature.id)} className="feature-card__title-link">
              {feature.title}
            </Link>
          )}
        </Heading>
      </div>

      <CardMeta>
        <li className="card-meta__status">
          {ownNote ? (
            <Badge tone={FEATURE_STATUS_BADGES[feature.status].tone}>{ownNote.badge}</Badge>
          ) : (
            <FeatureStatusBadge status={feature.status} />
          )}
        </li>
        <li className="feature-card__project">{feature.project.title}</li>
        <li>{FEATURE_TYPE_LABELS[feature.feature_type]}</li>
        <li>
          by <span className="feature-card__author">{authorName(feature.user)}</span>
        </li>
        <li>
          <time dateTime={feature.created_at}>{formatDate(feature.created_at)}</time>
        </li>
      </CardMeta>

      {ownNote ? <p className="feature-card__own-note">{ownNote.note}</p> : null}

      {/* In an admin's list, a merged request says where its votes went. */}
      {feature.merged_into && !onOwnPage ? (
        <p className="feature-card__merged">
          Merged into{' '}
          <Link to={detailHref.feature(feature.merged_into.id)}>{feature.merged_into.title}</Link>
        </p>
      ) : null}

      <p className="feature-card__description">{feature.description}</p>

      <LongText label="Use case" text={feature.use_case} />
      <LongText label="Expected benefits" text={feature.expected_benefits} />

      {feature.approval_notes?.trim() ? (
        <div className="feature-card__notes">
          <h4 className="feature-card__detail-title">Team note</h4>
          <p>{feature.approval_notes}</p>
        </div>
      ) : null}

      {feature.tags.length > 0 ? (
        <ul className="feature-card__tags" aria-label="Tags">
          {feature.tags.map((tag) => (
            <li key={tag} className="feature-card__tag">
              {tag}
            </li>
          ))}
        </ul>
      ) : null}

      <div className="feature-card__footer">
        <p className="feature-card__tally">
          <span className="feature-card__eggs">
            <EggIcon /> {countOf(feature.total_eggs, 'egg')}
          </span>
          <span className="feature-card__votes">{countOf(feature.vote_count, 'vote')}</span>
          {/* What the viewer has put on it, for as long as they have. */}
          {feature.your_eggs ? (
            <span className="feature-card__yours">Your eggs: {formatCount(feature.your_eggs)}</span>
          ) : null}
          <CommentCount count={feature.comment_count} href={detailHref.feature(feature.id)} />
        </p>
        {canVote || canSignUp || canModerate ? (
          <div className="feature-card__actions">
            {canVote ? (
              <button type="button" className="button button--accent button--sm" onClick={onVote}>
                Vote<span className="visually-hidden"> on {feature.title}</span>
              </button>
            ) : null}
            {canSignUp && signUpToVote ? (
              <button
                type="button"
                className="button button--accent button--sm"
                onClick={signUpToVote.onClick}
                disabled={signUpToVote.disabledReason !== undefined}
                title={signUpToVote.disabledReason}
              >
                Sign up to vote
              </button>
            ) : null}
            {canModerate ? (
              <>
                <button
                  type="button"
                  className="button button--primary button--sm"
                  onClick={() => onModerate('approve')}
                >
                  Approve<span className="visually-hidden"> {feature.title}</span>
                </button>
                <button
                  type="button"
                  className="button button--danger-outline button--sm"
                  onClick={() => onModerate('reject')}
                >
                  Reject<span className="visually-hidden"> {feature.title}</span>
                </button>
              </>
            ) : null}
          </div>
        ) : null}
      </div>
    </article>
  );
}
