import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { DocumentTitle } from '../../../components/ui/document-title';
import { StatusPanel } from '../../../components/ui/status-panel';
import { paths } from '../../../config/paths';
import { useSession } from '../../../lib/session';
import { NewPasswordForm } from './new-password-form';
import { RequestResetForm } from './request-reset-form';
import './account-pages.css';
import { KeyIcon } from '../../../components/ui/icons';

const { title } = paths.resetPassword;

function PasswordChanged() {
  const session = useSession();
  return (
    <StatusPanel
      eyebrow={title}
      title="Your password was changed."
      icon={<KeyIcon />}
      actions={
        session.signInAvailable ? (
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
      <p>Log in with your new password.</p>
    </StatusPanel>
  );
}

/**
 * `/reset-password`: without a token it mails a reset link; with the `token` of that link it
 * sets the new password.
 */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const [changed, setChanged] = useState(false);

  return (
    <div className="container page">
      <DocumentTitle title={title} />
      {changed ? (
        <PasswordChanged />
      ) : (
        <section className="card account-card" aria-labelledby="reset-password-title">
          <p className="eyebrow">{title}</p>
          {token ? (
            <>
              <h1 id="reset-password-title" className="account-card__title">
                Choose a new password
              </h1>
              <p className="account-card__intro">It replaces your old password at once.</p>
              <NewPasswordForm token={token} onDone={() => setChanged(true)} />
            </>
          ) : (
            <>
              <h1 id="reset-password-title" className="account-card__title">
                Forgot your password?
              </h1>
              <p className="account-card__intro">
                Enter the email address of your account. We email you a link to choose a new
                password.
              </p>
              <RequestResetForm />
            </>
          )}
        </section>
      )}
    </div>
  );
}
