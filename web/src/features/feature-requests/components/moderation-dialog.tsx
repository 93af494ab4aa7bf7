import { useId, useRef, useState } from 'react';
import { EGGS } from '@hatchworks/shared/constants';
import { FEATURE_LIMITS, type Feature } from '@hatchworks/shared/schemas/features';
import { Modal } from '../../../components/ui/modal';
import {
  moderationFailureMessage,
  useModerateFeature,
  type ModerationAction,
} from '../api/moderate-feature';
import { useIdempotencyKey } from '../../../lib/idempotency-key';
import { useToast } from '../../../components/ui/toast';
import { useUndoModeration } from '../api/undo-moderation';

interface ModerationDialogProps {
  feature: Feature;
  action: ModerationAction;
  onClose: () => void;
  /** Called with the moderated request once the server has answered, before `onClose`. */
  onDone?: (feature: Feature) => void;
  /**
   * Where focus goes when it closes after the change: Approve and Reject show only on pending
   * requests, so the button that opened it is gone then. Cancelled, it goes back to that button.
   */
  focusAfterDone?: () => HTMLElement | null;
}

const COPY = {
  approve: {
    title: 'Approve Feature',
    confirm: 'Approve Feature',
    pending: 'Approving...',
    effect: 'Approving it allows users to vote on it with their eggs.',
  },
  reject: {
    title: 'Reject Feature',
    confirm: 'Reject Feature',
    pending: 'Rejecting...',
    effect: `Rejecting it prevents further voting, and its author gets the ${EGGS.featureCreationCost} eggs it cost back.`,
  },
} as const;

/**
 * Asks an admin to confirm approving or rejecting a pending request, with optional notes.
 * A failure is a browser alert and the dialog stays, so the notes are not lost.
 */
export function ModerationDialog({
  feature,
  action,
  onClose,
  onDone,
  focusAfterDone,
}: ModerationDialogProps) {
  const copy = COPY[action];
  const notesId = useId();
  const hintId = useId();
  const [notes, setNotes] = useState('');
  const keyFor = useIdempotencyKey();
  const done = useRef(false);
  const showToast = useToast();
  const undo = useUndoModeration();
  const moderate = useModerateFeature({
    onSuccess: (moderated) => {
      showToast({
        message:
          action === 'approve'
            ? `Approved “${moderated.title}”: people can vote on it now.`
            : `Rejected “${moderated.title}”: its author got the ${EGGS.featureCreationCost} eggs back.`,
        // The server takes the decision back only while nothing rests on it, and says why not.
        action: { label: 'Undo', onClick: () => undo(moderated) },
      });
      done.current = true;
      onDone?.(moderated);
      onClose();
    },
  });

  return (
    <Modal
      title={copy.title}
      onClose={onClose}
      returnFocusTo={() => (done.current ? (focusAfterDone?.() ?? null) : null)}
      tone={action === 'reject' ? 'danger' : 'neutral'}
      closeOnBackdrop={false}
    >
      <form
        className="moderation-form"
        onSubmit={(event) => {
          event.preventDefault();
          const payload = { id: feature.id, action, notes };
          moderate.mutate(
            { ...payload, idempotencyKey: keyFor(payload) },
            { onError: (error) => window.alert(moderationFailureMessage(action, error)) },
          );
        }}
      >
        <p>
          {action === 'approve' ? 'Approve' : 'Reject'} <strong>{feature.title}</strong>?{' '}
          {copy.effect}
        </p>
        <div className="field">
          <label className="field__label" htmlFor={notesId}>
            Notes (optional)
          </label>
          <textarea
            id={notesId}
            className="input"
            value={notes}
            maxLength={FEATURE_LIMITS.longTextMax}
            aria-describedby={hintId}
            onChange={(event) => setNotes(event.target.value)}
          />
          <span id={hintId} className="field__hint">
            Shown on the request to everyone who can see it.
          </span>
        </div>
        <div className="modal__actions">
          <button type="button" className="button button--secondary" onClick={onClose}>
            Cancel
          </button>
          <button
            type="submit"
            className={`button ${action === 'reject' ? 'button--danger' : 'button--primary'}`}
            disabled={moderate.isPending}
          >
            {moderate.isPending ? copy.pending : copy.confirm}
          </button>
        </div>
      </form>
    </Modal>
  );
}
