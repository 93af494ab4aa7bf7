import { useEffect, useId, useRef, type ReactNode } from 'react';
import './modal.css';

/** The form fields a dialog may open on: enabled, visible to the user, in document order. */
const FIELD_SELECTOR = [
  'input:not([type="hidden"]):not([disabled])',
  'select:not([disabled])',
  'textarea:not([disabled])',
].join(', ');

/**
 * Where focus goes when a dialog opens: an element marked `data-autofocus`, else its first form
 * field, else the first button of its actions (by convention the safe one, 'Cancel'), else the
 * close button. `showModal()` alone would focus '×', the first focusable element.
 */
export function initialFocusTarget(dialog: HTMLElement): HTMLElement | null {
  return (
    dialog.querySelector<HTMLElement>('[data-autofocus]') ??
    dialog.querySelector<HTMLElement>(FIELD_SELECTOR) ??
    dialog.querySelector<HTMLElement>('.modal__actions button:not([disabled])') ??
    dialog.querySelector<HTMLElement>('.modal__close')
  );
}

interface ModalProps {
  /** The heading; it also names the dialog for assistive tech. */
  title: string;
  /** Called on Escape, the close button and a click on the backdrop. */
  onClose: () => void;
  children: ReactNode;
  /** Danger dialogs (deletions) get the red accent. */
  tone?: 'neutral' | 'danger';
  /**
   * Whether a click on the backdrop closes it (default). Forms people type into turn it off, so a
   * stray click beside the dialog never throws their text away.
   */
  closeOnBackdrop?: boolean;
  /**
   * Where focus goes when it closes, when not back to the control that opened it: that control
   * may leave the page with what the dialog changed (a card leaving its filtered list). Asked at
   * closing; nothing means the opener.
   */
  returnFocusTo?: () => HTMLElement | null;
}

/**
 * An accessible modal dialog on the native `<dialog>`: `showModal()` makes the rest of the page
 * inert (focus stays inside), Escape closes, the title labels it, focus starts on the first field
 * (see `initialFocusTarget`) and returns to whatever opened it (or `returnFocusTo`). Render it
 * to open it; unmount it to close it.
 */
export function Modal({
  title,
  onClose,
  children,
  tone = 'neutral',
  closeOnBackdrop = true,
  returnFocusTo,
}: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const onCloseRef = useRef(onClose);
  const returnFocusRef = useRef(returnFocusTo);
  useEffect(() => {
    onCloseRef.current = onClose;
    returnFocusRef.current = returnFocusTo;
  });

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return undefined;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    initialFocusTarget(dialog)?.focus();
    const onCancel = (event: Event) => {
      event.preventDefault();
      onCloseRef.current();
    };
    dialog.addEventListener('cancel', onCancel);
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      if (dialog.open) dialog.close();
      (returnFocusRef.current?.() ?? opener)?.focus();
    };
  }, []);

  return (
    // The backdrop click is a mouse convenience; Escape and the close button do the same.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={ref}
      className={`modal modal--${tone}`}
      aria-labelledby={titleId}
      onClick={(event) => {
        if (closeOnBackdrop && event.target === ref.current) onClose();
      }}
    >
      <div className="modal__body">
        <div className="modal__header">
          <h2 id={titleId} className="modal__title">
            {title}
          </h2>
          <button type="button" className="modal__close" aria-label="Close" onClick={onClose}>
            ×
          </button>
        </div>
        {children}
      </div>
    </dialog>
  );
}
