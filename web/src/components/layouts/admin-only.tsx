import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';
import { useSession } from '../../lib/session';
import { LockIcon, ShieldIcon } from '../ui/icons';
import { LoadingState } from '../ui/spinner';
import { StatusPanel } from '../ui/status-panel';

interface AdminOnlyProps {
  /** The page's name, above the panel that says why it is not shown. */
  readonly title: string;
  /** Why a visitor must sign in: 'You must be logged in to access project management.' */
  readonly signInReason: string;
  /** Why a signed-in user may not: 'You must be an administrator to manage projects.' */
  readonly adminReason: string;
  readonly children: ReactNode;
}

/**
 * An admin page's body: while the session loads a spinner, signed out a sign-in panel, for anyone
 * but an admin a panel saying so, and for an admin the page. The API refuses them all the same.
 */
export function AdminOnly({ title, signInReason, adminReason, children }: AdminOnlyProps) {
  const session = useSession();
  const { status, user } = session;
  if (status === 'loading') return <LoadingState label="Loading..." />;
  if (!user) {
    return (
      <StatusPanel
        eyebrow={title}
        title="Authentication Required"
        icon={<LockIcon />}
        headingLevel="h2"
        actions={
          <button
            type="button"
            className="button button--primary"
            onClick={() => void session.login()}
            disabled={!session.signInAvailable}
            title={session.signInAvailable ? undefined : 'Sign-in is not configured'}
          >
            Log In
          </button>
        }
      >
        <p>{signInReason}</p>
      </StatusPanel>
    );
  }
  if (user.role !== 'admin') {
    return (
      <StatusPanel
        eyebrow={title}
        title="Admin Access Required"
        icon={<ShieldIcon />}
        headingLevel="h2"
        actions={
          <Link to={paths.home.path} className="button button--primary">
            Return to Home
          </Link>
        }
      >
        <p>{adminReason}</p>
      </StatusPanel>
    );
  }
  return <>{children}</>;
}
