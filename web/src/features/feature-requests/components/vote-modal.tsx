import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { EGGS, VOTE } from '@hatchworks/shared/constants';
import { FEATURE_MESSAGES, type Feature } from '@hatchworks/shared/schemas/features';
import { Modal } from '../../../components/ui/modal';
import { formErrorMessage } from '../../../lib/api-error';
import { useSession } from '../../../lib/session';
import { useClaimDailySlot } from '../../../lib/claim-daily-slot';
import { useIdempotencyKey } from '../../../lib/idempotency-key';
import { useVoteFeature, VOTE_FAILED } from '../api/vote-feature';
import { countOf } from '../../../lib/format';
import {
  QUICK_VOTE_AMOUNTS,
  defaultVoteAmount,
  isQuickAmountAffordable,
  isValidVoteAmount,
  voteAmountFromInput,
} from '../utils/vote-amount';
import './vote-modal.css';
import { EggIcon } from '../../../components/ui/icons';
import { useToast } from '../../../components/ui/toast';

interface VoteModalProps {
  /** An approved feature (voting only on approved features). */
  feature: Feature;
  onClose: () => void;
}

const eggs = (count: number) => countOf(count, 'egg');

/**
 * In place of the vote when the balance cannot pay for one egg: where eggs come from, with the
 * actions that get them (the verification link, the daily claim) or when the next claim is.
 */
function NoEggs({ onClose }: { onClose: () => void }) {
  const { user } = useSession();
  const claimDaily = useClaimDailySlot();
  if (!user) return null;
  return (
    <section className="vote-modal__no-eggs" aria-label="Get eggs">
      <p className="vote-modal__no-eggs-title">You have no eggs to vote with yet.</p>
      <ul className="vote-modal__ways">
        {user.is_verified ? null : (
          <li>
            Verify your email to get your {EGGS.welcomeBonus} welcome eggs: open the link we emailed
            to {user.email}, or{' '}
            <Link to="/verify-email" onClick={onClose}>
              send the verification link again
            </Link>
            .
          </li>
        )}
        {user.can_claim_daily ? (
          <li>
            Claim your {EGGS.daily} daily eggs now: {claimDaily}
          </li>
        ) : user.is_verified ? (
          <li>
            Your next {EGGS.daily} daily eggs can be claimed tomorrow (days start at midnight UTC).
          </li>
        ) : (
          <li>Once verified, claim {EGGS.daily} daily eggs every day.</li>
        )}
      </ul>
    </section>
  );
}

/**
 * The vote modal of /features: quick amounts and a number field kept between 1 and
 * the balance, the new total before voting, and the server's message (or 'Failed to cast vote')
 * when the vote fails. Open while rendered.
 */
export function VoteModal({ feature, onClose }: VoteModalProps) {
  const session = useSession();
  const user = session.user;
  const balance = user?.egg_balance ?? 0;
  const vote = useVoteFeature();
  const showToast = useToast();
  const keyFor = useIdempotencyKey();
  const id = useId();
  const [amount, setAmount] = useState<number | null>(() => defaultVoteAmount(balance));
  const [problem, setProblem] = useState<string | null>(null);
  // Eggs that arrive while the dialog is open (the daily claim in it) start at the default amount.
  const [amountBalance, setAmountBalance] = useState(balance);
  if (balance !== amountBalance) {
    setAmountBalance(balance);
    if (amountBalance < VOTE.minimum) setAmount(defaultVoteAmount(balance));
  }

  const shown = amount ?? 0;
  const message = problem ?? (vote.error ? formErrorMessage(vote.error, VOTE_FAILED) : null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (vote.isPending) return;
    if (!isValidVoteAmount(amount, balance)) {
      setProblem(FEATURE_MESSAGES.invalidEggAmount);
      vote.reset();
      return;
    }
    setProblem(null);
    const payload = { featureId: feature.id, eggs: amount };
    vote.mutate(
      { ...payload, idempotencyKey: keyFor(payload) },
      {
        onSuccess: () => {
          showToast({ message: `You gave ${amount} eggs to “${feature.title}”.` });
          onClose();
        },
      },
    );
  };

  if (balance < VOTE.minimum) {
    return (
      <Modal title="Vote with Eggs" onClose={onClose}>
        <div className="vote-modal">
          <section className="vote-modal__summary" aria-label="Feature">
            <h3 className="vote-modal__title">{feature.title}</h3>
            <p className="vote-modal__project">{feature.project.title}</p>
          </section>
          <p className="vote-modal__balance">
            Your balance: <strong>{eggs(balance)}</strong>
          </p>
          <NoEggs onClose={onClose} />
          <div className="modal__actions">
            <button type="button" className="button button--secondary" onClick={onClose}>
              Close
            </button>
          </div>
        </div>
      </Modal>
    );
  }

  return (
    <Modal title="Vote with Eggs" onClose={onClose}>
      <form className="vote-modal" onSubmit={onSubmit} noValidate aria-busy={vote.isPending}>
        <section className="vote-modal__summary" aria-label="Feature">
          <h3 className="vote-modal__title">{feature.title}</h3>
          <p className="vote-modal__project">{feature.project.title}</p>
          <p className="vote-modal__current">
            <EggIcon /> {eggs(feature.total_eggs)} · {feature.vote_count}{' '}
            {feature.vote_count === 1 ? 'vote' : 'votes'}
          </p>
        </section>

        <p className="vote-modal__balance">
          Your balance: <strong>{eggs(balance)}</strong>
        </p>

        <fieldset className="vote-modal__quick">
          <legend className="field__label">Quick amounts</legend>
          <div className="vote-modal__quick-buttons">
            {QUICK_VOTE_AMOUNTS.map((quick) => (
              <button
                key={quick}
                type="button"
                className="button button--secondary button--sm"
                aria-pressed={amount === quick}
                disabled={!isQuickAmountAffordable(quick, balance)}
                onClick={() => {
                  setAmount(quick);
                  setProblem(null);
                }}
              >
                {quick}
              </button>
            ))}
          </div>
        </fieldset>

        <div className="field">
          <label className="field__label" htmlFor={`${id}-amount`}>
            Eggs to allocate
          </label>
          <input
            id={`${id}-amount`}
            className="input vote-modal__amount"
            type="number"
            inputMode="numeric"
            min={1}
            max={Math.max(balance, 1)}
            step={1}
            value={amount ?? ''}
            onChange={(event) => {
              setAmount(voteAmountFromInput(event.target.value, balance));
              setProblem(null);
            }}
            aria-describedby={problem ? `${id}-range ${id}-error` : `${id}-range`}
            aria-invalid={problem !== null}
          />
          <span id={`${id}-range`} className="field__hint">
            Between 1 and {Math.max(balance, 1)}.
          </span>
        </div>

        <div className="vote-modal__impact" role="status">
          <h3 className="vote-modal__impact-title">Voting Impact</h3>
          <p>
            New total: <strong>{eggs(feature.total_eggs + shown)}</strong>
          </p>
        </div>

        {message ? (
          <p id={`${id}-error`} className="form-error vote-modal__error" role="alert">
            {message}
          </p>
        ) : null}

        <div className="modal__actions">
          <button type="button" className="button button--secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button button--accent" disabled={vote.isPending}>
            {vote.isPending ? 'Voting...' : `Vote ${shown} Eggs`}
          </button>
        </div>
      </form>
    </Modal>
  );
}
