import { useId, type ReactNode } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Spinner } from '../../../components/ui/spinner';
import { useSession, type Session } from '../../../lib/session';
import { greetingName } from '../utils/greeting';
import { AccountMenu } from './account-menu';
import { EggBalance } from './egg-balance';
import './account-widget.css';

export const SIGN_IN_UNAVAILABLE = 'Sign-in is not configured';

interface AccountWidgetProps {
  /** `bar` sits in the header; `menu` is the account section of the mobile dropdown. */
  variant: 'bar' | 'menu';
  /** The 'Claim Daily' button, composed in by the app from the eggs feature. */
  claimDaily?: ReactNode;
}

function SignInButtons({ session }: { session: Session }) {
  const hintId = useId();
  const unavailable = !session.signInAvailable;
  // aria-disabled keeps the buttons focusable, so the reason is announced and shown on hover.
  const common = unavailable
    ? { 'aria-disabled': true, title: SIGN_IN_UNAVAILABLE, 'aria-describedby': hintId }
    : {};
  return (
    <div className="account__actions">
      <button
        type="button"
        className="button button--secondary button--sm"
        onClick={unavailable ? undefined : () => void session.login()}
        {...common}
      >
        Login
      </button>
      <button
        type="button"
        className="button button--accent button--sm"
        onClick={unavailable ? undefined : () => void session.signUp()}
        {...common}
      >
        Sign Up (Get 500 eggs!)
      </button>
      {unavailable ? (
        <span id={hintId} className="visually-hidden">
          {SIGN_IN_UNAVAILABLE}
        </span>
      ) : null}
    </div>
  );
}

function VerificationFailed({ session }: { session: Session }) {
  return (
    <div className="account__failed">
      <p className="account__error" role="alert">
        {session.error}
      </p>
      <div className="account__actions">
        <button
          type="button"
          className="button button--secondary button--sm"
          onClick={session.retry}
        >
          Try again
        </button>
        <button
          type="button"
          className="button button--secondary button--sm"
          onClick={() => void session.logout()}
        >
          Logout
        </button>
      </div>
    </div>
  );
}

/**
 * The header's account area: 'Loading...' while the session is settling, Login and
 * Sign Up when signed out, otherwise eggs, daily claim, greeting, Admin badge, Profile and Logout.
 */
export function AccountWidget({ variant, claimDaily }: AccountWidgetProps) {
  const session = useSession();
  const { status, user } = session;

  let body: ReactNode;
  if (status === 'loading') {
    body = (
      <p className="account__loading" role="status">
        <Spinner size="sm" />
        Loading...
      </p>
    );
  } else if (!user) {
    body = session.error ? (
      <VerificationFailed session={session} />
    ) : (
      <SignInButtons session={session} />
    );
  } else if (variant === 'bar') {
    body = (
      <>
        <EggBalance balance={user.egg_balance} />
        <div className="account__wide">
          {claimDaily ? <div className="account__claim">{claimDaily}</div> : null}
          <AccountMenu user={user} onLogout={() => void session.logout()} claimDaily={claimDaily} />
        </div>
      </>
    );
  } else {
    const name = greetingName(user);
    body = (
      <>
        <div className="account__who">
          <span className="avatar avatar--sm" aria-hidden="true">
            {name.charAt(0).toUpperCase()}
          </span>
          <span className="account__greeting">Hi, {name}</span>
          {user.role === 'admin' ? <Badge tone="auth">Admin</Badge> : null}
        </div>
        {/* The header keeps showing the egg pill above this menu; Profile is among the menu's
            destinations below, so only Logout is here. */}
        {claimDaily}
        <div className="account__actions">
          <button
            type="button"
            className="button button--secondary button--sm"
            onClick={() => void session.logout()}
          >
            Logout
          </button>
        </div>
      </>
    );
  }

  return (
    <div className={`account account--${variant} account--${status.replace('_', '-')}`}>{body}</div>
  );
}
