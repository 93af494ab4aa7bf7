import { useRef } from 'react';

/**
 * One `Idempotency-Key` per submission: sending the same payload again (a retry after a failure)
 * reuses the key, so the server charges once; any change to the payload starts a new submission.
 */
export function useIdempotencyKey() {
  const last = useRef<{ payload: string; key: string } | null>(null);
  return (payload: unknown): string => {
    const json = JSON.stringify(payload);
    if (last.current?.payload !== json) {
      last.current = { payload: json, key: crypto.randomUUID() };
    }
    return last.current.key;
  };
}
