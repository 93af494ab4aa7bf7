/**
 * How a request with an `Idempotency-Key` is repeated when no definite answer came: no answer at
 * all (offline, timed out) or a 502, 503 or 504 (the 503 of a function near its time limit, or
 * what stands in front of the functions). The server charges a key once and answers its first
 * outcome, so repeating the request with the same key gives one outcome per click. A 500 is the
 * server's own failure and final; requests without a key are never repeated.
 */
export const KEYED_RETRY = {
  /** Tries in all, the first included. */
  attempts: 3,
  /** The pause when the answer names none (`Retry-After`) or none came. */
  defaultDelayMs: 1_000,
  /** The longest pause, whatever `Retry-After` asks for. */
  maxDelayMs: 5_000,
} as const;

/** Answers that say nothing about whether the request was carried out. */
const UNDECIDED_STATUSES: ReadonlySet<number> = new Set([502, 503, 504]);

/** Whether an answer with this status leaves the outcome open, so a keyed request is repeated. */
export const isUndecided = (status: number): boolean => UNDECIDED_STATUSES.has(status);

/** The pause a `Retry-After` value (seconds or an HTTP date) asks for, within the cap. */
export function retryAfterMs(value: string | null, now = Date.now()): number {
  if (value === null || value.trim() === '') return KEYED_RETRY.defaultDelayMs;
  const seconds = Number(value);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(value) - now;
  if (Number.isNaN(ms)) return KEYED_RETRY.defaultDelayMs;
  return Math.min(Math.max(ms, 0), KEYED_RETRY.maxDelayMs);
}

/** Waits `ms`, or rejects with the signal's reason as soon as the caller cancels. */
export function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const cancel = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', cancel);
      resolve();
    }, ms);
    signal?.addEventListener('abort', cancel, { once: true });
  });
}
