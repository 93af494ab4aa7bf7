import { useSyncExternalStore } from 'react';

/**
 * How many page chunks are being fetched, so the layout can show a progress bar: the router keeps
 * the old page on screen while the next one loads (navigation runs in a transition).
 */
let loadingPages = 0;
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Counts `chunk` as loading until it settles; answers the same promise. */
export function trackPageLoad<T>(chunk: Promise<T>): Promise<T> {
  const change = (delta: number) => {
    loadingPages += delta;
    for (const listener of listeners) listener();
  };
  change(1);
  return chunk.finally(() => change(-1));
}

/** True while a page's chunk is on its way. */
export function usePageLoading(): boolean {
  return useSyncExternalStore(subscribe, () => loadingPages > 0);
}
