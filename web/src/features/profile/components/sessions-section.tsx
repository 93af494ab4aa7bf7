import { useId } from 'react';
import { FormError } from '../../../components/ui/form-error';
import { formErrorMessage } from '../../../lib/api-error';
import { useSession } from '../../../lib/session';
import { END_SESSIONS_FAILED, useEndSessions } from '../api/end-sessions';

/**
 * "Sign out everywhere": for a device left signed in, or a password someone else may know.
 * Every session of the account ends, this one included, and the page says so after.
 */
export function SessionsSection() {
  const session = useSession();
  const titleId = useId();
  const errorId = useId();
  const end = useEndSessions({
    onSuccess: () => void session.logout({ reason: 'everywhere' }),
  });
  return (
    <section className="card sessions-section" aria-labelledby={titleId}>
      <h2 id={titleId} className="sessions-section__title">
        Sessions
      </h2>
      <p>
        Signed in on a device you no longer use? Sign out everywhere ends every session of your
        account, this one included.
      </p>
      <FormError
        id={errorId}
        message={end.error ? formErrorMessage(end.error, END_SESSIONS_FAILED) : null}
      />
      <button
        type="button"
        className="button button--secondary"
        onClick={() => end.mutate()}
        disabled={end.isPending}
        aria-describedby={end.error ? errorId : undefined}
      >
        {end.isPending ? 'Signing out...' : 'Sign out everywhere'}
      </button>
    </section>
  );
}
