import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { EGGS } from '@hatchworks/shared/constants';
import type { VerifyEmailResult } from '@hatchworks/shared/schemas/users';
import { DocumentTitle } from '../../../components/ui/document-title';
import { LoadingState } from '../../../components/ui/spinner';
import { StatusPanel } from '../../../components/ui/status-panel';
import { paths } from '../../../config/paths';
import { formErrorMessage } from '../../../lib/api-error';
import { useSession } from '../../../lib/session';
import { useVerifyEmail, VERIFY_EMAIL_FAILED } from '../api/verify-email';
import { ResendVerificationForm } from './resend-verification-form';
import './account-pages.css';
import { EggIcon, MailIcon } from '../../../components/ui/icons';
import { formatCount } from '../../../lib/format';

const { title } = paths.verifyEmail;

/** What the verified person gets: the welcome eggs now, or why not. */
export function welcomeText(result: VerifyEmailResult): string {
  return result.welcome_eggs > 0
    ? `${formatCount(result.welcome_eggs)} welcome eggs are in your balance.`
    : 'This address had its welcome eggs before, so there are none this time.';
}

function Verified({ result }: { result: VerifyEmailResult }) {
  const session = useSession();
  const signedIn = session.status === 'signed_in';
  const { refreshUser } = session;
  const [, setParams] = useSearchParams();

  // The used token leaves the address bar, so a reload or a sign-in returning here does not send
  // it again (it would be refused as used).
  useEffect(() => {
    setParams({}, { replace: true });
  }, [setParams]);

  // Balance and the verified flag changed on the server: the header and Profile show them fresh.
  useEffect(() => {
    if (signedIn) refreshUser().catch((error: unknown) => console.warn(error));
  }, [signedIn, refreshUser]);

  return (
    <StatusPanel
      eyebrow={title}
      title="Your email is verified."
      icon={<EggIcon />}
      actions={
        signedIn ? (
          <Link to={paths.profile.path} className="button button--primary">
            Go to your profile
          </Link>
        ) : session.signInAvailable ? (
          <button
            type="button"
            className="button button--primary"
            onClick={() => void session.login({ returnTo: paths.home.path })}
          >
            Log in
          </button>
        ) : (
          <Link to={paths.home.path} className="button button--secondary">
            Back to Home
          </Link>
        )
      }
    >
      <p>{welcomeText(result)}</p>
    </StatusPanel>
  );
}

/** Verifies the token of the mailed link, once, and shows the outcome. */
function VerifyToken({ token }: { token: string }) {
  const verify = useVerifyEmail();
  const { mutate } = verify;
  const started = useRef(false);

  // Once per page: a second call with the same token would be refused as used.
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    mutate({ token });
  }, [token, mutate]);

  if (verify.isSuccess) return <Verified result={verify.data} />;
  if (verify.isError) {
    return (
      <StatusPanel
        eyebrow={title}
        title="We could not verify your email"
        icon={<MailIcon />}
        tone="danger"
      >
        <p role="alert">{formErrorMessage(verify.error, VERIFY_EMAIL_FAILED)}</p>
        <div className="account-resend">
          <h2 className="account-resend__title">Send the verification link again</h2>
          <ResendVerificationForm />
        </div>
      </StatusPanel>
    );
  }
  return <LoadingState label="Verifying your email address..." />;
}

/**
 * `/verify-email`: with the `token` of the mailed link it verifies the address (and the welcome
 * eggs arrive); without one it offers to send the link again.
 */
export function VerifyEmailPage() {
  const [params] = useSearchParams();
  // Taken once: the token is used up by the first call, whatever the address bar shows later.
  const [token] = useState(() => params.get('token')?.trim() ?? '');

  return (
    <div className="container page">
      <DocumentTitle title={title} />
      {token ? (
        <VerifyToken token={token} />
      ) : (
        <section className="card account-card" aria-labelledby="verify-email-title">
          <p className="eyebrow">{title}</p>
          <h1 id="verify-email-title" className="account-card__title">
            Send the verification link again
          </h1>
          <p className="account-card__intro">
            Enter the address you registered with. We email you a new link; your {EGGS.welcomeBonus}{' '}
            welcome eggs arrive when you open it.
          </p>
          <ResendVerificationForm />
        </section>
      )}
    </div>
  );
}
