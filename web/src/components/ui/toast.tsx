import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { AlertIcon, CheckIcon } from './icons';
import './toast.css';

/** A button on a toast: Undo, Open, … It dismisses the toast when pressed. */
export interface ToastAction {
  label: string;
  onClick: () => void;
}

export interface ToastInput {
  /** What happened, in one sentence the person can act on. */
  message: string;
  /** `error` for a write that failed after its dialog or form closed. */
  tone?: 'success' | 'error';
  action?: ToastAction;
}

interface ShownToast extends ToastInput {
  id: number;
}

/** How long a toast stays: long enough to read it, longer when it offers an action. */
const TOAST_MS = 6_000;
const TOAST_WITH_ACTION_MS = 10_000;
/** Older toasts leave when a fourth arrives. */
const MAX_TOASTS = 3;

type ShowToast = (toast: ToastInput) => void;

const ToastContext = createContext<ShowToast | null>(null);

/**
 * The answer to every write: a toast in ONE polite live region that exists from the first render
 * (a region created with its message is not announced by every screen reader).
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ShownToast[]>([]);
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => {
    setToasts((shown) => shown.filter((toast) => toast.id !== id));
  }, []);

  const show = useCallback<ShowToast>((toast) => {
    const id = nextId.current++;
    setToasts((shown) => [...shown, { ...toast, id }].slice(-MAX_TOASTS));
  }, []);

  return (
    <ToastContext.Provider value={show}>
      {children}
      {/* A named region rather than role="status": a page's own status lines (a form's success,
          a loading text) stay the only status of their part of the page. */}
      <section className="toast-region" aria-live="polite" aria-label="Notices">
        {toasts.map((toast) => (
          <Toast key={toast.id} toast={toast} onDismiss={dismiss} />
        ))}
      </section>
    </ToastContext.Provider>
  );
}

function Toast({ toast, onDismiss }: { toast: ShownToast; onDismiss: (id: number) => void }) {
  const [paused, setPaused] = useState(false);
  const { id, action } = toast;

  // Kept while the pointer or focus is on it, so a person reaching for Undo does not lose it.
  useEffect(() => {
    if (paused) return;
    const timer = window.setTimeout(() => onDismiss(id), action ? TOAST_WITH_ACTION_MS : TOAST_MS);
    return () => window.clearTimeout(timer);
  }, [paused, id, action, onDismiss]);

  const tone = toast.tone ?? 'success';
  return (
    <div
      className={`toast toast--${tone}`}
      data-testid="toast"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      {tone === 'error' ? (
        <AlertIcon className="toast__icon" />
      ) : (
        <CheckIcon className="toast__icon" />
      )}
      <p className="toast__message">{toast.message}</p>
      {action ? (
        <button
          type="button"
          className="toast__action"
          onClick={() => {
            onDismiss(id);
            action.onClick();
          }}
        >
          {action.label}
        </button>
      ) : null}
      <button
        type="button"
        className="toast__close"
        aria-label="Dismiss notice"
        onClick={() => onDismiss(id)}
      >
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}

/** Shows a toast; outside a `ToastProvider` (a component test) it does nothing. */
export function useToast(): ShowToast {
  const show = useContext(ToastContext);
  return useMemo(() => show ?? (() => undefined), [show]);
}
