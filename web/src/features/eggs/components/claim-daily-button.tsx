import { useCallback, useState, useSyncExternalStore } from 'react';
import { ApiError, formErrorMessage } from '../../../lib/api-error';
import { useSession } from '../../../lib/session';
import {
  CLAIM_MESSAGES,
  MINUTE_MS,
  claimWaitText,
  useClaimDailyEggs,
} from '../api/claim-daily-eggs';
import './claim-daily-button.css';
import { useToast } from '../../../components/ui/toast';
import { countOf } from '../../../lib/format';

const currentMinute = () => Math.floor(Date.now() / MINUTE_MS);

/** The clock to the minute (epoch ms), read again every minute while `running`. */
function useMinuteClock(running: boolean): number {
  const subscribe = useCallback(
    (onTick: () => void) => {
      if (!running) return () => undefined;
      const timer = window.setInterval(onTick, MINUTE_MS);
      return () => window.clearInterval(timer);
    },
    [running],
  );
  return useSyncExternalStore(subscribe, currentMinute) * MINUTE_MS;
}

/**
 * 'Claim Daily' while the user can claim: 'Claiming...' and disabled during the call; the toast
 * tells the eggs and the new balance, and the session takes both. After the claim, 'Next claim in
 * N h' (or 'in N min') stands where the button was, from the server's `next_claim_at`, until that
 * moment passes on this device's clock; then the button is back (the server still decides).
 * A refusal (e.g. 409 'Daily eggs already claimed today' from a stale tab) shows the server's
 * words beside the button and reloads the account. `stacked` puts that error below the button
 * (mobile menu) instead of floating under it.
 */
export function ClaimDailyButton({ stacked = false }: { stacked?: boolean }) {
  const session = useSession();
  const claim = useClaimDailyEggs();
  const showToast = useToast();
  const [error, setError] = useState<string | null>(null);
  const user = session.user;
  const nextClaimAt = user && !user.can_claim_daily ? user.next_claim_at : undefined;
  const now = useMinuteClock(nextClaimAt !== undefined);
  const waitMs = nextClaimAt === undefined ? undefined : Date.parse(nextClaimAt) - now;
  const claimable = Boolean(user?.can_claim_daily) || (waitMs !== undefined && waitMs <= 0);

  if (!user || (!claimable && waitMs === undefined && !error)) return null;

  const onClaim = () => {
    setError(null);
    claim.mutate(undefined, {
      onSuccess: ({ eggs_earned, new_balance, next_claim_at }) => {
        if (eggs_earned <= 0) {
          setError(CLAIM_MESSAGES.nothingEarned);
          return;
        }
        session.updateUser({
          ...user,
          egg_balance: new_balance,
          can_claim_daily: false,
          next_claim_at,
        });
        showToast({
          message: `${CLAIM_MESSAGES.claimed(eggs_earned)} Balance: ${countOf(new_balance, 'egg')}. The next claim opens at midnight UTC.`,
        });
        session.refreshUser().catch((refreshError: unknown) => console.warn(refreshError));
      },
      onError: (claimError) => {
        console.error('Daily claim failed', claimError);
        setError(formErrorMessage(claimError, CLAIM_MESSAGES.failed));
        // The server answered: what this tab knows of the account (balance, flag) may be stale.
        if (
          claimError instanceof ApiError &&
          claimError.status >= 400 &&
          claimError.status !== 401
        ) {
          session.refreshUser().catch((refreshError: unknown) => console.warn(refreshError));
        }
      },
    });
  };

  return (
    <div className={`claim-daily${stacked ? ' claim-daily--stacked' : ''}`}>
      {claimable ? (
        <button
          type="button"
          className="button button--accent button--sm"
          onClick={onClaim}
          disabled={claim.isPending}
        >
          {claim.isPending ? 'Claiming...' : 'Claim Daily'}
        </button>
      ) : waitMs !== undefined ? (
        <p className="claim-daily__next">
          Next claim <time dateTime={nextClaimAt}>{claimWaitText(waitMs)}</time>
        </p>
      ) : null}
      {error ? (
        <p className="claim-daily__message claim-daily__message--error" role="alert">
          <span>{error}</span>
          <button
            type="button"
            className="claim-daily__dismiss"
            aria-label="Dismiss"
            onClick={() => setError(null)}
          >
            ×
          </button>
        </p>
      ) : null}
    </div>
  );
}
