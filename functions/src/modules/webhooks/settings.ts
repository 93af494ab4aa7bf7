/**
 * The webhook settings of the environment, read here rather than in `lib/env.ts`, whose schema is
 * in every function's bundle: only the functions that deliver webhooks read these.
 */
export interface WebhookSettings {
  /**
   * Pauses between a delivery's attempts, in seconds: after the last fails, the endpoint is
   * switched off. The default retries for 27.5 hours (the Standard Webhooks
   * schedule); tests set fractions of a second.
   */
  readonly retryDelaysSeconds: readonly number[];
  /** AWS only: the SQS queue that holds deliveries (locally an in-process timer). */
  readonly queueUrl: string | undefined;
  /**
   * Lets webhooks reach this machine (loopback addresses, plain http to them): the tests'
   * receivers only; every other private address stays refused.
   */
  readonly allowLoopback: boolean;
}

const DEFAULT_DELAYS = [5, 300, 1800, 7200, 18000, 36000, 36000];

let cached: WebhookSettings | undefined;

export function webhookSettings(): WebhookSettings {
  if (cached) return cached;
  const delaysText = process.env.WEBHOOK_RETRY_DELAYS_SECONDS;
  const delays = delaysText ? delaysText.split(',').map(Number) : DEFAULT_DELAYS;
  if (delays.some((delay) => !Number.isFinite(delay) || delay < 0)) {
    throw new Error(
      `Invalid function configuration: WEBHOOK_RETRY_DELAYS_SECONDS must be seconds, comma-separated, got "${delaysText}"`,
    );
  }
  const loopback = process.env.WEBHOOK_ALLOW_LOOPBACK ?? 'false';
  if (loopback !== 'true' && loopback !== 'false') {
    throw new Error(
      `Invalid function configuration: WEBHOOK_ALLOW_LOOPBACK must be true or false, got "${loopback}"`,
    );
  }
  cached = {
    retryDelaysSeconds: delays,
    queueUrl: process.env.WEBHOOK_QUEUE_URL || undefined,
    allowLoopback: loopback === 'true',
  };
  return cached;
}
