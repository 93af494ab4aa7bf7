import {
  throttleClassOf,
  type RouteDefinition,
  type ThrottleClass,
} from '@hatchworks/shared/routes';

export interface RouteThrottle {
  /** Steady-state requests per second, across all clients, before API Gateway answers 429. */
  readonly rateLimit: number;
  /** Requests the route may take at once above the steady rate. */
  readonly burstLimit: number;
}

/**
 * API Gateway's throttle per route and class, across all clients together (per-client limits are
 * the WAF's: infra/aws/constructs/edge-firewall.ts). They cap what one runaway client or a flood
 * that passed the WAF can cost, and keep a hot route from eating the account's Lambda
 * concurrency; the figures are several times the peak of 1M visitors a day (docs/operations.md,
 * "Cost"): ~70 API requests/s across all routes on average.
 */
export const ROUTE_THROTTLES: Readonly<Record<ThrottleClass, RouteThrottle>> = {
  // Page loads: every visitor reads; generous, a list is a cheap Query.
  read: { rateLimit: 200, burstLimit: 400 },
  // Comments, submissions, tracker votes, admin edits: a fraction of the visitors write.
  write: { rateLimit: 50, burstLimit: 100 },
  // Egg-moving writes (claim, create, vote, adjust, merge): transactions on hot items, where
  // more concurrency only adds conflicts.
  money: { rateLimit: 25, burstLimit: 50 },
  // Sign-in, registration and password flows: real people do these rarely; floods are attacks.
  auth: { rateLimit: 10, burstLimit: 20 },
};

/** The stage's default, for a route without its own settings (every manifest route has some). */
export const STAGE_THROTTLE: RouteThrottle = { rateLimit: 100, burstLimit: 200 };

/** Routes whose latency is alarmed on: API Gateway's per-route ("detailed") metrics. */
export const LATENCY_WATCHED_ROUTES = ['VoteFeature', 'TrackerVote', 'ClaimDailyEggs'] as const;

export const routeThrottleOf = (route: RouteDefinition): RouteThrottle =>
  ROUTE_THROTTLES[throttleClassOf(route)];
