import { ulid } from 'ulid';
import type { WebhookSubject } from '@hatchworks/shared/schemas/webhooks';
import { tableName } from '../table/client';
import { webhookThresholdKeys } from '../table/keys';
import { cancellationCodes, putNew, transact } from '../table/transactions';
import { listEndpoints } from './endpoints';
import { webhookEventItem } from './webhook-events';

/**
 * Egg thresholds: an endpoint may ask to hear when a feature request's eggs reach a number it
 * sets. A vote never reads the endpoints itself: it asks `eggThresholds()` (the distinct
 * thresholds of the endpoints that take the event, kept a minute per process), and only a vote on
 * a request below one of them reads the request's total after it landed. Each threshold's event is
 * written once per request: with a marker item created on condition it is new, so votes landing
 * together tell it once.
 */

/** How long a process keeps the list of thresholds; a change made elsewhere shows within it. */
const CACHE_MS = 60_000;
let cached: { readonly at: number; readonly values: readonly number[] } | undefined;

/** The thresholds of the enabled endpoints that take `request.egg_threshold_passed`, ascending. */
export async function eggThresholds(now = Date.now()): Promise<readonly number[]> {
  if (cached && now - cached.at < CACHE_MS) return cached.values;
  const values = [
    ...new Set(
      (await listEndpoints())
        .filter((each) => each.enabled && each.events.includes('request.egg_threshold_passed'))
        .flatMap((each) => (each.egg_threshold === null ? [] : [each.egg_threshold])),
    ),
  ].sort((a, b) => a - b);
  cached = { at: now, values };
  return values;
}

/** Forgets the kept thresholds (an endpoint was saved in this process). */
export function forgetEggThresholds(): void {
  cached = undefined;
}

/**
 * Writes the event of every threshold the request's total now reaches that it was below before
 * the vote (`before`), each once whoever else tries at the same time. `read` gives the request and
 * its total after the vote, and is called only when some threshold is above `before`.
 */
export async function tellThresholdsPassed(
  featureId: string,
  before: number,
  read: () => Promise<{ subject: WebhookSubject; total: number } | undefined>,
  now = new Date(),
): Promise<number> {
  const above = (await eggThresholds(now.getTime())).filter((threshold) => threshold > before);
  if (above.length === 0) return 0;
  const found = await read();
  if (!found) return 0;
  const { subject, total } = found;
  let told = 0;
  for (const threshold of above.filter((each) => each <= total)) {
    try {
      await transact([
        putNew({
          ...webhookThresholdKeys.passed(featureId, threshold),
          entity: 'WebhookThresholdPassed',
          created_at: now.toISOString(),
        }),
        {
          Put: {
            TableName: tableName,
            Item: webhookEventItem(
              'request.egg_threshold_passed',
              { subject, eggs: total, threshold },
              now,
              ulid(now.getTime()),
            ),
          },
        },
      ]);
      told += 1;
    } catch (error) {
      // Another vote wrote this threshold's event first.
      if (cancellationCodes(error)?.[0] === 'ConditionalCheckFailed') continue;
      throw error;
    }
  }
  return told;
}
