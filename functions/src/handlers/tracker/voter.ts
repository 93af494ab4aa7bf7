import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { TRACKER_RATE_LIMITS } from '@hatchworks/shared/schemas/tracker';
import { trackerVoterIds } from '../../data/keys';
import { consumeHit } from '../../data/rate-limits-repository';
import type { TrackerAuthor } from '../../data/tracker-activity-repository';
import { anonymousIdCookie, newAnonymousId, readAnonymousId } from '../../lib/anonymous-id';
import { clientIp } from '../../lib/client-ip';
import { AppError } from '../../lib/errors';
import type { Caller } from '../../middleware/access';

/** Who is voting or submitting on the tracker: a signed-in user or an anonymous visitor. */
export interface Voter {
  /** `user#<id>` or `anon#<anonymous id>`: one vote per voter and target. */
  readonly id: string;
  readonly author: TrackerAuthor;
  /** Set-Cookie headers to send when a new anonymous id was issued. */
  readonly headers: Record<string, string>;
}

/**
 * The voter of a request: the signed-in user from the verified token, else the anonymous id of
 * the signed cookie. `issue` gives a new anonymous visitor an id (and its cookie) for a write;
 * reads pass false and get undefined for visitors without one.
 */
export async function findVoter(
  event: APIGatewayProxyEventV2,
  caller: () => Promise<Caller>,
  issue: true,
): Promise<Voter>;
export async function findVoter(
  event: APIGatewayProxyEventV2,
  caller: () => Promise<Caller>,
  issue: false,
): Promise<Voter | undefined>;
export async function findVoter(
  event: APIGatewayProxyEventV2,
  caller: () => Promise<Caller>,
  issue: boolean,
): Promise<Voter | undefined> {
  const { user } = await caller();
  if (user) return { id: trackerVoterIds.user(user.id), author: { userId: user.id }, headers: {} };
  const anonymousId = await readAnonymousId(event);
  if (anonymousId) return { id: trackerVoterIds.anonymous(anonymousId), author: {}, headers: {} };
  if (!issue) return undefined;
  const fresh = await newAnonymousId();
  return {
    id: trackerVoterIds.anonymous(fresh.id),
    author: {},
    headers: { 'set-cookie': anonymousIdCookie(fresh.value, event) },
  };
}

type Action = 'submission' | 'vote';

/**
 * Counts one submission or vote against the voter's and the client address's windows; a full
 * window answers 429 with Retry-After and when to try again.
 */
export async function limitRate(
  action: Action,
  voter: Voter,
  event: APIGatewayProxyEventV2,
  message: (minutes: number) => string,
): Promise<void> {
  const limits = TRACKER_RATE_LIMITS;
  const seconds = limits.windowSeconds;
  const [perVoter, perAddress] =
    action === 'submission'
      ? [limits.submissionsPerVoter, limits.submissionsPerAddress]
      : [limits.votesPerVoter, limits.votesPerAddress];
  const wait = await consumeHit([
    { key: `tracker-${action}#voter#${voter.id}`, limit: perVoter, seconds },
    { key: `tracker-${action}#address#${clientIp(event)}`, limit: perAddress, seconds },
  ]);
  if (wait > 0) {
    throw new AppError(429, 'RATE_LIMITED', message(Math.ceil(wait / 60)), {
      headers: { 'retry-after': String(wait) },
    });
  }
}
