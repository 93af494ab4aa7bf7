import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';

/**
 * The router's `useSearchParams`, plus `update`, which applies a change to the query as the
 * address bar holds it now and replaces the history entry (Back leaves the page instead of undoing
 * filters). The router hands a functional update the params of the last render, so a second change
 * made before React re-renders would otherwise undo the first.
 */
export function useLiveSearchParams() {
  const [params, setParams] = useSearchParams();
  const update = useCallback(
    (change: (current: URLSearchParams) => URLSearchParams) => {
      setParams(change(new URLSearchParams(window.location.search)), { replace: true });
    },
    [setParams],
  );
  return { params, setParams, update };
}
