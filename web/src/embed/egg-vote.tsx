import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { Feature, VoteResult } from '@hatchworks/shared/schemas/features';
import { EggIcon } from '../components/ui/icons';
import { formErrorMessage } from '../lib/api-error';
import { formatCount } from '../lib/format';
import { useIdempotencyKey } from '../lib/idempotency-key';
import { PANEL_MESSAGES, voteEggs } from './embed-api';

/** The spec's message for an amount above the balance or below one egg. */
export const INVALID_EGG_AMOUNT = 'Invalid egg amount';
const DEFAULT_EGGS = 10;

interface EggVoteProps {
  readonly feature: Feature;
  readonly balance: number;
  readonly onVoted: (result: VoteResult, eggs: number) => void;
}

/**
 * 'Vote eggs' on an approved request: opens an amount (10 by default, at most the balance) and
 * 'Vote N Eggs'. A retried vote keeps its `Idempotency-Key`, so it is charged once.
 */
export function EggVote({ feature, balance, onVoted }: EggVoteProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const idempotencyKey = useIdempotencyKey();
  const amountField = useRef<HTMLInputElement>(null);

  // The amount is what the person came to type: the field takes focus when it opens.
  useEffect(() => {
    if (open) amountField.current?.select();
  }, [open]);

  if (balance < 1) {
    return <p className="egg-vote__empty">No eggs left to vote with today.</p>;
  }
  if (!open) {
    return (
      <button
        type="button"
        className="button button--sm button--accent egg-vote__open"
        aria-label={`Vote eggs on ${feature.title}`}
        onClick={() => {
          setAmount(String(Math.min(DEFAULT_EGGS, balance)));
          setError(null);
          setOpen(true);
        }}
      >
        <EggIcon /> Vote eggs
      </button>
    );
  }

  const eggs = Number(amount);
  const valid = Number.isInteger(eggs) && eggs > 0 && eggs <= balance;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    if (!valid) {
      setError(INVALID_EGG_AMOUNT);
      return;
    }
    setPending(true);
    setError(null);
    try {
      const result = await voteEggs({
        featureId: feature.id,
        eggs,
        idempotencyKey: idempotencyKey({ feature: feature.id, eggs }),
      });
      setOpen(false);
      onVoted(result, eggs);
    } catch (failure) {
      setError(formErrorMessage(failure, PANEL_MESSAGES.voteFailed));
    } finally {
      setPending(false);
    }
  };

  return (
    <form className="egg-vote" onSubmit={submit} noValidate>
      <label htmlFor={`${id}-eggs`} className="egg-vote__label">
        Eggs for “{feature.title}” (you have {formatCount(balance)})
      </label>
      <div className="egg-vote__row">
        <input
          id={`${id}-eggs`}
          className="input egg-vote__amount"
          type="number"
          inputMode="numeric"
          min={1}
          max={balance}
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          ref={amountField}
        />
        <button
          type="submit"
          className="button button--sm button--primary"
          aria-disabled={pending || undefined}
        >
          {pending ? 'Voting...' : valid ? `Vote ${formatCount(eggs)} Eggs` : 'Vote Eggs'}
        </button>
        <button
          type="button"
          className="button button--sm button--secondary"
          onClick={() => setOpen(false)}
        >
          Cancel
        </button>
      </div>
      {error ? (
        <p id={`${id}-error`} className="egg-vote__error" role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}
