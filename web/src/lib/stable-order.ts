import { useState } from 'react';

/**
 * The ids in the order shown so far, with the list's newest answer merged in: ids already shown
 * keep their places (a vote that changes the ranking does not move a card from under the pointer),
 * ids gone from the answer leave, and new ids go in just before the first id the answer lists after
 * them that is already shown (at the end when there is none), so a new first item still comes first
 * and a next page comes last.
 */
export function mergeOrder(shown: readonly string[], answer: readonly string[]): string[] {
  const present = new Set(answer);
  const order = shown.filter((id) => present.has(id));
  const known = new Set(order);
  // Each new id goes before its nearest following known id: walk the answer from its end.
  let anchor: string | null = null;
  for (let index = answer.length - 1; index >= 0; index -= 1) {
    const id = answer[index] as string;
    if (known.has(id)) {
      anchor = id;
      continue;
    }
    const at = anchor === null ? order.length : order.indexOf(anchor);
    order.splice(at, 0, id);
    known.add(id);
    anchor = id;
  }
  return order;
}

const sameOrder = (left: readonly string[], right: readonly string[]) =>
  left.length === right.length && left.every((id, index) => id === right[index]);

/**
 * `items` in a stable order: as the list first answered them, and kept so while the same view
 * (`viewKey`, e.g. the filter) is shown, whatever later reloads of it answer (spec: a vote does not
 * re-sort the list at once). A new view, or the next visit to the page, follows the answer again.
 */
export function useStableOrder<Item extends { readonly id: string }>(
  items: readonly Item[],
  viewKey: string,
): Item[] {
  const answer = items.map((item) => item.id);
  const [memory, setMemory] = useState(() => ({ viewKey, ids: answer }));
  const ids = mergeOrder(memory.viewKey === viewKey ? memory.ids : [], answer);
  if (memory.viewKey !== viewKey || !sameOrder(ids, memory.ids)) {
    // Remembered for the next answer (React re-renders at once, before anything is painted).
    setMemory({ viewKey, ids });
  }
  const byId = new Map(items.map((item) => [item.id, item]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
