import { EGGS } from '@hatchworks/shared/constants';
import { formErrorMessage } from '../../../lib/api-error';
import { useSession } from '../../../lib/session';
import { RESEND_VERIFICATION_FAILED, useResendVerification } from '../api/resend-verification';
import './unverified-notice.css';
import { MailIcon } from '../../../components/ui/icons';

/**
 * For a signed-in user whose address is not verified yet (a hosted sign-up): where the welcome
 * eggs are, with a button that mails the link again to their own address.
 */
export function UnverifiedNotice() {
  const { user } = useSession();
  const resend = useResendVerification();
  if (!user || user.is_verified) return null;

  return (
    <section className="unverified-notice" aria-label="Email verification">
      <div className="container unverified-notice__inner">
        <p className="unverified-notice__text">
          <MailIcon /> Verify your email to get your {EGGS.welcomeBonus} welcome eggs.
          {resend.isSuccess ? null : (
            <span className="unverified-notice__hint">
              {' '}
              Open the link we emailed to {user.email}.
            </span>
          )}
        </p>
        <button
          type="button"
          className="button button--secondary button--sm"
          onClick={() => resend.mutate(undefined)}
          disabled={resend.isPending}
        >
          {resend.isPending ? 'Sending...' : 'Resend email'}
        </button>
        {resend.isSuccess ? (
          <p className="unverified-notice__outcome" role="status">
            We sent a new link to {user.email}.
          </p>
        ) : null}
        {resend.isError ? (
          <p className="unverified-notice__outcome unverified-notice__outcome--error" role="alert">
            {formErrorMessage(resend.error, RESEND_VERIFICATION_FAILED)}
          </p>
        ) : null}
      </div>
    </section>
  );
}
