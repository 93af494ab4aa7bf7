import { useState } from 'react';
import { ApiError, formErrorMessage } from '../../../lib/api-error';
import { useSession } from '../../../lib/session';
import { CLAIM_MESSAGES, useClaimDailyEggs } from '../api/claim-daily-eggs';
import './claim-daily-button.css';
import { useToast } from '../../../components/ui/toast';
import { countOf } from '../../../lib/format';

type Outcome = { readonly tone: 'success' | 'error'; readonly text: string } | null;

/**
 * 'Claim Daily': shown only while the user can claim; 'Claiming...' and
 * disabled during the call; the new balance and flag go into the session, then the user reloads.
 * A refusal with a message (e.g. 409 'Daily eggs already claimed today' from a stale tab) shows
 * the server's words and reloads the account, so the balance is current and the button goes.
 * `stacked` puts the outcome below the button (mobile menu) instead of floating under it.
 */
export function ClaimDailyButton({ stacked = false }: { stacked?: boolean }) {
  const session = useSession();
  const claim = useClaimDailyEggs();
  const showToast = useToast();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const user = session.user;

  if (!user?.can_claim_daily && !outcome) return null;

  const onClaim = () => {
    setOutcome(null);
    claim.mutate(undefined, {
      onSuccess: ({ eggs_earned, new_balance }) => {
        if (eggs_earned <= 0) {
          setOutcome({ tone: 'error', text: CLAIM_MESSAGES.nothingEarned });
          return;
        }
        if (user) session.updateUser({ ...user, egg_balance: new_balance, can_claim_daily: false });
        setOutcome({ tone: 'success', text: CLAIM_MESSAGES.claimed(eggs_earned) });
        // Days are UTC days: the next claim opens at the next midnight UTC.
        showToast({
          message: `${CLAIM_MESSAGES.claimed(eggs_earned)} Balance: ${countOf(new_balance, 'egg')}. The next claim opens at midnight UTC.`,
        });
        session.refreshUser().catch((error: unknown) => console.warn(error));
      },
      onError: (error) => {
        console.error('Daily claim failed', error);
        setOutcome({ tone: 'error', text: formErrorMessage(error, CLAIM_MESSAGES.failed) });
        // The server answered: what this tab knows of the account (balance, flag) may be stale.
        if (error instanceof ApiError && error.status >= 400 && error.status !== 401) {
          session.refreshUser().catch((refreshError: unknown) => console.warn(refreshError));
        }
      },
    });
  };

  return (
    <div className={`claim-daily${stacked ? ' claim-daily--stacked' : ''}`}>
      {user?.can_claim_daily ? (
        <button
          type="button"
          className="button button--accent button--sm"
          onClick={onClaim}
          disabled={claim.isPending}
        >
          {claim.isPending ? 'Claiming...' : 'Claim Daily'}
        </button>
      ) : null}
      {outcome ? (
        <p
          className={`claim-daily__message claim-daily__message--${outcome.tone}`}
          role={outcome.tone === 'error' ? 'alert' : 'status'}
        >
          <span>{outcome.text}</span>
          <button
            type="button"
            className="claim-daily__dismiss"
            aria-label="Dismiss"
            onClick={() => setOutcome(null)}
          >
            ×
          </button>
        </p>
      ) : null}
    </div>
  );
}
