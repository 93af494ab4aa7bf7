import { useEffect, useState } from 'react';

/**
 * `value` once it has stayed the same for `delayMs`: a search typed letter by letter asks the API
 * once the typing pauses, not on every key.
 */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), delayMs);
    return () => window.clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
