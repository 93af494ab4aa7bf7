import { useId, useState, type FormEvent } from 'react';
import { FEATURE_MESSAGES, type Feature } from '@hatchworks/shared/schemas/features';
import { Modal } from '../../../components/ui/modal';
import { formErrorMessage } from '../../../lib/api-error';
import { useSession } from '../../../lib/session';
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

interface VoteModalProps {
  /** An approved feature (voting only on approved features). */
  feature: Feature;
  onClose: () => void;
}

const eggs = (count: number) => countOf(count, 'egg');

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
  const keyFor = useIdempotencyKey();
  const id = useId();
  const [amount, setAmount] = useState<number | null>(() => defaultVoteAmount(balance));
  const [problem, setProblem] = useState<string | null>(null);

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
    vote.mutate({ ...payload, idempotencyKey: keyFor(payload) }, { onSuccess: onClose });
  };

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
