import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { DocumentTitle } from '../../../components/ui/document-title';
import { LoadingState } from '../../../components/ui/spinner';
import { StatusPanel } from '../../../components/ui/status-panel';
import { useSession } from '../../../lib/session';
import { LockIcon } from '../../../components/ui/icons';

function describe(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'The sign-in was not completed.';
}

/**
 * `/auth/callback`: finishes the hosted login (code exchange with PKCE) and returns to the page
 * the visitor started from. A failed exchange says so and offers a way back.
 */
export function AuthCallback() {
  const { completeSignIn, login } = useSession();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let active = true;
    completeSignIn().then(
      (returnTo) => {
        if (active) void navigate(returnTo, { replace: true });
      },
      (failure: unknown) => {
        console.error('Sign-in callback failed', failure);
        if (active) setError(describe(failure));
      },
    );
    return () => {
      active = false;
    };
  }, [completeSignIn, navigate]);

  if (!error) {
    return (
      <div className="container page">
        <DocumentTitle title="Signing in" />
        <LoadingState label="Signing you in..." />
      </div>
    );
  }
  return (
    <div className="container page">
      <DocumentTitle title="Sign-in failed" />
      <StatusPanel
        eyebrow="Sign-in failed"
        title="We could not sign you in"
        icon={<LockIcon />}
        tone="danger"
        actions={
          <>
            <button type="button" className="button button--primary" onClick={() => void login()}>
              Try again
            </button>
            <Link to="/" className="button button--secondary">
              Back to Home
            </Link>
          </>
        }
      >
        <p>{error}</p>
        <p>Your account is safe. Starting the sign-in again usually fixes this.</p>
      </StatusPanel>
    </div>
  );
}
