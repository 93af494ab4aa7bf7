import { randomBytes } from 'node:crypto';
import type { SimilarList } from '@hatchworks/shared/schemas/search-similar';
import type { SubjectType } from '@hatchworks/shared/schemas/subjects';
import { apiData } from './features';

/**
 * What the search tests share. Each test invents a word nobody else uses, so what it
 * finds is its own; the index follows the table's stream, so a request written just now is found
 * once the consumer ran: the tests wait for that over the API before they open a page.
 */

/** A made-up word of 14 lower-case letters, unique to the test that asks for it. */
export function inventWord(): string {
  const letters = 'bcdfghjklmnprstvwz';
  const tail = [...randomBytes(8)].map((byte) => letters[byte % letters.length]).join('');
  return `quor${tail}ex`;
}

/** The word with one letter in its middle changed: a typo one edit away. */
export function misspell(word: string): string {
  const at = Math.floor(word.length / 2);
  return `${word.slice(0, at)}${word[at] === 'a' ? 'e' : 'a'}${word.slice(at + 1)}`;
}

/** Asks again every 250 ms until `check` passes, for at most `timeoutMs`; throws after that. */
export async function eventually<T>(
  ask: () => Promise<T>,
  check: (value: T) => boolean,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await ask();
    if (check(value)) return value;
    if (Date.now() > deadline) throw new Error(`Not so after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Waits until the similar-requests look-up for `q` finds the item `id` (the index caught up). */
export function waitUntilIndexed(type: SubjectType, q: string, id: string): Promise<SimilarList> {
  return eventually(
    () =>
      apiData<SimilarList>(`/api/search/similar?${new URLSearchParams({ type, q }).toString()}`),
    (list) => list.items.some((item) => item.id === id),
  );
}
