import { useEffect, useState, type ReactNode } from 'react';
import type { User } from '@hatchworks/shared/schemas/users';
import { Badge } from '../../../components/ui/badge';
import { DocumentTitle } from '../../../components/ui/document-title';
import { LoadingState } from '../../../components/ui/spinner';
import { StatusPanel } from '../../../components/ui/status-panel';
import { useToast } from '../../../components/ui/toast';
import { paths } from '../../../config/paths';
import { useSession } from '../../../lib/session';
import { ChangePasswordSection } from './change-password-section';
import { DeleteAccountDialog } from './delete-account-dialog';
import { ProfileActivity } from './profile-activity';
import { ProfileEditForm } from './profile-edit-form';
import { ProfileStats } from './profile-stats';
import { SessionsSection } from './sessions-section';
import './profile-page.css';
import { LockIcon, CheckIcon } from '../../../components/ui/icons';

/** The toast after a profile save: the names as they now read. */
export const profileSavedMessage = (user: User) =>
  `Profile saved: ${user.display_name} (@${user.username}).`;

function ProfileHeader({ user, onEdit }: { user: User; onEdit?: () => void }) {
  const name = user.display_name.trim() || user.username;
  return (
    <div className="profile-header">
      <span className="avatar" aria-hidden="true">
        {name.charAt(0).toUpperCase()}
      </span>
      <div className="profile-header__text">
        <h1 className="profile-header__name">{name}</h1>
        <p className="profile-header__meta">
          <span>@{user.username}</span>
          <Badge tone={user.role === 'admin' ? 'auth' : 'outline'}>
            {user.role === 'admin' ? 'Admin' : 'User'}
          </Badge>
          {user.is_verified ? (
            <Badge tone="success">
              <CheckIcon /> Verified
            </Badge>
          ) : null}
        </p>
      </div>
      {onEdit ? (
        <button type="button" className="button button--secondary" onClick={onEdit}>
          Edit Profile
        </button>
      ) : null}
    </div>
  );
}

/** `/profile`: who you are, your eggs and stats, editing and account deletion. */
interface ProfilePageProps {
  /** The notification preferences, a section of the notifications feature composed in by the route. */
  preferences: ReactNode;
}

export function ProfilePage({ preferences }: ProfilePageProps) {
  const session = useSession();
  const showToast = useToast();
  const { status, user, refreshUser } = session;
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const signedIn = status === 'signed_in';

  // Balance, claim flag and stats change elsewhere: the page shows them fresh.
  useEffect(() => {
    if (signedIn) refreshUser().catch((error: unknown) => console.warn(error));
  }, [signedIn, refreshUser]);

  if (status === 'loading') {
    return (
      <div className="container page">
        <DocumentTitle title={paths.profile.title} />
        <LoadingState label="Loading profile..." />
      </div>
    );
  }

  if (!user) {
    return (
      <div className="container page">
        <DocumentTitle title={paths.profile.title} />
        <StatusPanel
          eyebrow={paths.profile.title}
          title="Access Denied"
          icon={<LockIcon />}
          actions={
            session.signInAvailable ? (
              <button
                type="button"
                className="button button--primary"
                onClick={() => void session.login()}
              >
                Log In
              </button>
            ) : null
          }
        >
          <p>Please log in to access your profile.</p>
        </StatusPanel>
      </div>
    );
  }

  return (
    <div className="container page profile">
      <DocumentTitle title={paths.profile.title} />
      <section className="card profile__card" aria-label="Account">
        <ProfileHeader user={user} onEdit={editing ? undefined : () => setEditing(true)} />
        {editing ? (
          <ProfileEditForm
            user={user}
            onSaved={(updated) => {
              session.updateUser(updated);
              setEditing(false);
              showToast({ message: profileSavedMessage(updated) });
            }}
            onCancel={() => setEditing(false)}
          />
        ) : (
          <dl className="profile__details">
            <div>
              <dt>Display Name</dt>
              <dd>{user.display_name || '—'}</dd>
            </div>
            <div>
              <dt>Username</dt>
              <dd>{user.username}</dd>
            </div>
            <div>
              <dt>Email</dt>
              <dd>{user.email}</dd>
            </div>
          </dl>
        )}
      </section>

      <ProfileStats user={user} />

      <ProfileActivity user={user} />

      <ChangePasswordSection user={user} />

      <SessionsSection />

      {preferences}

      <section className="card danger-zone" aria-labelledby="danger-zone-title">
        <h2 id="danger-zone-title" className="danger-zone__title">
          Danger Zone
        </h2>
        <p>
          Deleting your account removes your profile and your egg balance. This cannot be undone.
        </p>
        <button
          type="button"
          className="button button--danger-outline"
          onClick={() => setDeleting(true)}
        >
          Delete Account
        </button>
      </section>

      {deleting ? (
        <DeleteAccountDialog
          username={user.username}
          onClose={() => setDeleting(false)}
          onDeleted={() => void session.logout({ reason: 'account_deleted' })}
        />
      ) : null}
    </div>
  );
}
