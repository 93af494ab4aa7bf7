import type { User } from '@hatchworks/shared/schemas/users';
import { formatDate, formatCount } from '../../../lib/format';
import { EggIcon } from '../../../components/ui/icons';

/** Egg balance (with the claim note), features created, votes cast, member since. */
export function ProfileStats({ user }: { user: User }) {
  return (
    <section className="profile-stats" aria-labelledby="profile-stats-title">
      <h2 id="profile-stats-title" className="visually-hidden">
        Your stats
      </h2>
      <dl className="profile-stats__grid">
        <div className="profile-stat profile-stat--eggs">
          <dt>Egg Balance</dt>
          <dd>
            <EggIcon /> {formatCount(user.egg_balance)}
          </dd>
          {user.can_claim_daily ? (
            <dd className="profile-stat__note">Daily eggs available to claim!</dd>
          ) : null}
        </div>
        <div className="profile-stat">
          <dt>Features Created</dt>
          <dd>{user.stats.features_created}</dd>
        </div>
        <div className="profile-stat">
          <dt>Votes Cast</dt>
          <dd>{user.stats.votes_cast}</dd>
        </div>
        <div className="profile-stat">
          <dt>Member Since</dt>
          <dd>
            <time dateTime={user.member_since}>{formatDate(user.member_since)}</time>
          </dd>
        </div>
      </dl>
    </section>
  );
}
