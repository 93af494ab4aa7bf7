import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { TRACKER_MESSAGES, TRACKER_RATE_LIMITS } from '@hatchworks/shared/schemas/tracker';
import { publicDisplayName } from '@hatchworks/shared/schemas/user-names';
import { trackerVoterIds } from '../../modules/table/keys';
import { consumeHit } from '../../modules/rate-limits/rate-limits-repository';
import type { TrackerAuthor } from '../../modules/tracker/tracker-activity-repository';
import { anonymousIdCookie, newAnonymousId, readAnonymousId } from '../../lib/anonymous-id';
import { clientAddress, clientIp, clientNetwork } from '../../lib/client-ip';
import { AppError, RateLimitedError } from '../../lib/errors';
import type { Caller } from '../../http/access';

/** Who is voting, submitting or reading on the tracker: a signed-in user or an anonymous visitor. */
export interface Voter {
  /** `user#<id>` or `anon#<anonymous id>`: one vote per voter and target. */
  readonly id: string;
  readonly author: TrackerAuthor;
  /** The client's network (`clientNetwork`) for an anonymous visitor; absent for a user. */
  readonly network?: string;
  /** Set-Cookie headers to send when a new anonymous id was issued. */
  readonly headers: Record<string, string>;
  /** Whether the id was issued by this request (so the visitor has no votes yet). */
  readonly fresh: boolean;
}

/**
 * The voter of a request: the signed-in user from the verified token, else the anonymous id of
 * the signed cookie. `issue` gives an anonymous visitor without a valid cookie a new id and its
 * cookie; without it such a visitor has no voter (undefined).
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
  if (user) {
    return {
      id: trackerVoterIds.user(user.id),
      author: { userId: user.id, name: publicDisplayName(user) },
      headers: {},
      fresh: false,
    };
  }
  const network = clientNetwork(clientAddress(event));
  const anonymousId = await readAnonymousId(event);
  if (anonymousId) {
    return {
      id: trackerVoterIds.anonymous(anonymousId),
      author: {},
      network,
      headers: {},
      fresh: false,
    };
  }
  if (!issue) return undefined;
  const issued = await newAnonymousId();
  return {
    id: trackerVoterIds.anonymous(issued.id),
    author: {},
    network,
    headers: { 'set-cookie': anonymousIdCookie(issued.value, event) },
    fresh: true,
  };
}

/**
 * The voter of a vote. An anonymous visitor must bring the id the tracker pages issued: a vote
 * that would mint its own id could be repeated without the cookie as a new voter every time.
 */
export async function requireVoter(
  event: APIGatewayProxyEventV2,
  caller: () => Promise<Caller>,
): Promise<Voter> {
  const voter = await findVoter(event, caller, false);
  if (!voter) throw new AppError(400, 'VALIDATION_ERROR', TRACKER_MESSAGES.cookieRequired);
  return voter;
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
  if (wait > 0) throw new RateLimitedError(message(Math.ceil(wait / 60)), wait);
}
