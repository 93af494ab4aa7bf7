/**
 * The route manifest: every API route, declared once. Each entry is an operation's contract
 * (contracts/<domain>.ts: method, path, access, request and answer schemas) with what only the
 * deployment needs: its handler, table access, secrets, throttle. The CDK stack makes one Lambda
 * function and one HTTP API route per entry; the local gateway dispatches from the same list; the
 * web client imports the contracts alone.
 */
import type { Access, HttpMethod, RouteContract } from './contract';
import * as accounts from './contracts/accounts';
import * as changelog from './contracts/changelog';
import * as comments from './contracts/comments';
import * as eggs from './contracts/eggs';
import * as features from './contracts/features';
import * as notifications from './contracts/notifications';
import * as projects from './contracts/projects';
import * as roadmap from './contracts/roadmap';
import * as search from './contracts/search';
import * as system from './contracts/system';
import * as tracker from './contracts/tracker';
import * as webhooks from './contracts/webhooks';

export type { Access, HttpMethod, RouteContract };

/** What a route's function may do to the table (least privilege on AWS). */
export type TableAccess = 'none' | 'read' | 'write' | 'readwrite';

export interface RouteDefinition extends RouteContract {
  /** Handler module under `functions/src/handlers/`, without extension; it exports `handler`. */
  readonly handler: string;
  readonly table: TableAccess;
  /**
   * Verifies the product's own tokens although it is public (e.g. lists that answer admins
   * differently). Routes that are not public verify tokens anyway; see `usesTokens`.
   */
  readonly tokens?: boolean;
  /**
   * Issues the product's own tokens (login, password change): only these functions hold the
   * private signing key; every other function verifies with the public keys.
   */
  readonly signsTokens?: boolean;
  /**
   * Reads or writes password hashes (`CREDENTIAL#<user>` items). Every other function is denied
   * those items by IAM (`dynamodb:LeadingKeys`) on AWS.
   */
  readonly credentials?: boolean;
  /**
   * Acts on an account's password wherever it lives (sign-in, change, reset, ending sessions): on
   * AWS with the stack's Cognito login the function gets the user pool (`USER_POOL_ID`,
   * `AUTH_CLIENT_ID`) and `cognito-idp:AdminInitiateAuth`, `AdminSetUserPassword` and
   * `AdminUserGlobalSignOut` on that pool alone; with an external issuer, nothing.
   */
  readonly passwordStore?: boolean;
  /** Secret keys the function reads besides the token keys; only these are granted. */
  readonly secrets?: readonly SecretName[];
  /** Writes absolute links into the site (the Atom feed): gets the site's origin as `SITE_URL`. */
  readonly siteUrl?: boolean;
  /**
   * Reads the search index's snapshot: on AWS the function gets `SEARCH_SNAPSHOT_BUCKET` and read
   * access to that bucket; locally every function gets `SEARCH_SNAPSHOT_DIR`.
   */
  readonly searchIndex?: boolean;
  /**
   * The route's throttle class on AWS when it is not what its method implies (GET `read`, others
   * `write`): `auth` for sign-in and account secrets, `money` for writes that move eggs.
   */
  readonly throttle?: 'auth' | 'money';
}

/** How hard API Gateway throttles a route (numbers in infra/aws/constructs/route-throttles.ts). */
export type ThrottleClass = 'read' | 'write' | 'auth' | 'money';

/** A route's throttle class: its own, else what its method implies. */
export const throttleClassOf = (route: RouteDefinition): ThrottleClass =>
  route.throttle ?? (route.method === 'GET' ? 'read' : 'write');

/**
 * The time limit of every route's function: its Lambda timeout on AWS and the local gateway's.
 * Well under API Gateway's 30 s integration limit; a route slower than this is a bug.
 */
export const ROUTE_TIMEOUT_SECONDS = 10;

/**
 * Secret keys of the functions, each its own secret on AWS (`<NAME>_ARN`) and an environment
 * variable locally (`<NAME>`): the HMAC key of the anonymous tracker cookie, and the key of the
 * keyed hashes that remember a deleted account's email and identities.
 */
export type SecretName = 'ANONYMOUS_ID_KEY' | 'IDENTITY_HASH_KEY';

/**
 * Whether a route's function verifies tokens: it gets the public keys of the product's own tokens
 * and the identity provider's settings (the private key only where `signsTokens`).
 */
export const usesTokens = (route: RouteDefinition): boolean =>
  route.access !== 'public' || route.tokens === true;

export const ROUTES = [
  {
    ...system.getHealth,
    handler: 'system/get-health',
    table: 'none',
  },
  {
    ...projects.listProjects,
    handler: 'projects/list-projects',
    table: 'read',
  },
  {
    ...projects.getHomepageProjects,
    handler: 'projects/get-homepage-projects',
    table: 'read',
  },
  {
    ...projects.getProjectGroup,
    handler: 'projects/get-project-group',
    table: 'read',
  },
  {
    ...projects.createProject,
    handler: 'projects/create-project',
    table: 'readwrite',
  },
  {
    ...projects.updateProject,
    handler: 'projects/update-project',
    table: 'readwrite',
  },
  {
    ...projects.deleteProject,
    handler: 'projects/delete-project',
    table: 'readwrite',
  },
  {
    ...accounts.register,
    handler: 'auth/register',
    table: 'readwrite',
    credentials: true,
    throttle: 'auth',
  },
  {
    ...accounts.verifyEmail,
    handler: 'auth/verify-email',
    table: 'readwrite',
    credentials: true,
    secrets: ['IDENTITY_HASH_KEY'],
    throttle: 'auth',
  },
  {
    ...accounts.resendVerification,
    handler: 'auth/resend-verification',
    table: 'readwrite',
    // A signed-in caller without a body gets the mail at their own address.
    tokens: true,
    credentials: true,
    throttle: 'auth',
  },
  {
    ...accounts.login,
    handler: 'auth/login',
    table: 'readwrite',
    tokens: true,
    signsTokens: true,
    credentials: true,
    passwordStore: true,
    throttle: 'auth',
  },
  {
    ...accounts.requestPasswordReset,
    handler: 'auth/request-password-reset',
    table: 'readwrite',
    credentials: true,
    throttle: 'auth',
  },
  {
    ...accounts.confirmPasswordReset,
    handler: 'auth/confirm-password-reset',
    table: 'readwrite',
    credentials: true,
    secrets: ['IDENTITY_HASH_KEY'],
    passwordStore: true,
    throttle: 'auth',
  },
  {
    ...accounts.verifyUser,
    handler: 'auth/verify-user',
    table: 'readwrite',
    secrets: ['IDENTITY_HASH_KEY'],
    throttle: 'auth',
  },
  {
    ...accounts.changePassword,
    handler: 'user/change-password',
    table: 'readwrite',
    signsTokens: true,
    credentials: true,
    passwordStore: true,
    throttle: 'auth',
  },
  {
    ...accounts.endSessions,
    handler: 'user/end-sessions',
    table: 'readwrite',
    passwordStore: true,
    throttle: 'auth',
  },
  {
    ...accounts.getUserProfile,
    handler: 'user/get-profile',
    table: 'read',
  },
  {
    ...accounts.updateUserProfile,
    handler: 'user/update-profile',
    table: 'readwrite',
  },
  {
    ...accounts.deleteAccount,
    handler: 'user/delete-account',
    table: 'readwrite',
    // Removes the password and one-time tokens; keeps the person items (keyed hashes).
    credentials: true,
    secrets: ['IDENTITY_HASH_KEY'],
    throttle: 'auth',
  },
  {
    ...eggs.claimDailyEggs,
    handler: 'user/claim-daily-eggs',
    table: 'readwrite',
    throttle: 'money',
  },
  {
    ...eggs.listTransactions,
    handler: 'user/list-transactions',
    table: 'read',
  },
  {
    ...features.listFeatures,
    handler: 'features/list-features',
    table: 'read',
    // Admins see pending and rejected requests too.
    tokens: true,
    // `q` searches.
    searchIndex: true,
  },
  {
    ...features.getFeatureStats,
    handler: 'features/get-feature-stats',
    table: 'read',
  },
  {
    ...features.getFeature,
    handler: 'features/get-feature',
    table: 'read',
    tokens: true,
  },
  {
    ...features.createFeature,
    handler: 'features/create-feature',
    table: 'readwrite',
    throttle: 'money',
  },
  {
    ...features.voteFeature,
    handler: 'features/vote-feature',
    table: 'readwrite',
    throttle: 'money',
  },
  {
    ...features.listUserFeatures,
    handler: 'users/list-user-features',
    table: 'read',
  },
  {
    ...features.listUserVotes,
    handler: 'users/list-user-votes',
    table: 'read',
  },
  {
    ...accounts.getDashboard,
    handler: 'user/get-dashboard',
    table: 'read',
  },
  {
    ...accounts.listUsers,
    handler: 'admin/list-users',
    table: 'read',
  },
  {
    ...accounts.getAdminStats,
    handler: 'admin/get-stats',
    table: 'read',
  },
  {
    ...features.listPendingFeatures,
    handler: 'admin/list-pending-features',
    table: 'read',
  },
  {
    ...features.approveFeature,
    handler: 'admin/approve-feature',
    table: 'readwrite',
  },
  {
    ...features.rejectFeature,
    handler: 'admin/reject-feature',
    table: 'readwrite',
  },
  {
    ...features.updateFeatureStatus,
    handler: 'admin/update-feature-status',
    table: 'readwrite',
  },
  {
    ...features.bulkApproveFeatures,
    handler: 'admin/bulk-approve-features',
    table: 'readwrite',
  },
  {
    ...features.mergeFeature,
    handler: 'admin/merge-feature',
    table: 'readwrite',
    throttle: 'money',
  },
  {
    ...features.unmergeFeature,
    handler: 'admin/unmerge-feature',
    table: 'readwrite',
    throttle: 'money',
  },
  {
    ...features.getFeatureMerge,
    handler: 'admin/get-feature-merge',
    table: 'read',
  },
  {
    ...tracker.trackerMerge,
    handler: 'admin/tracker-merge',
    table: 'readwrite',
  },
  {
    ...eggs.adjustUserEggs,
    handler: 'admin/adjust-user-eggs',
    table: 'readwrite',
    throttle: 'money',
  },
  {
    ...tracker.getTrackerStats,
    handler: 'tracker/get-tracker-stats',
    table: 'read',
  },
  {
    ...tracker.listTrackerRequests,
    handler: 'tracker/list-feature-requests',
    table: 'read',
    // Each request carries the caller's own vote: a signed-in user or the anonymous id cookie.
    tokens: true,
    secrets: ['ANONYMOUS_ID_KEY'],
    searchIndex: true,
  },
  {
    ...tracker.createTrackerRequest,
    handler: 'tracker/create-feature-request',
    table: 'readwrite',
    tokens: true,
    secrets: ['ANONYMOUS_ID_KEY'],
  },
  {
    ...tracker.listProjectSuggestions,
    handler: 'tracker/list-project-suggestions',
    table: 'read',
    tokens: true,
    secrets: ['ANONYMOUS_ID_KEY'],
    searchIndex: true,
  },
  {
    ...tracker.createProjectSuggestion,
    handler: 'tracker/create-project-suggestion',
    table: 'readwrite',
    tokens: true,
    secrets: ['ANONYMOUS_ID_KEY'],
  },
  {
    ...tracker.listTrackerActivity,
    handler: 'tracker/list-activity',
    table: 'read',
  },
  {
    ...tracker.trackerVote,
    handler: 'tracker/vote',
    table: 'readwrite',
    tokens: true,
    secrets: ['ANONYMOUS_ID_KEY'],
  },
  {
    ...notifications.listNotifications,
    handler: 'notifications/list-notifications',
    table: 'read',
  },
  {
    ...notifications.getUnreadNotificationCount,
    handler: 'notifications/get-unread-count',
    table: 'read',
  },
  {
    ...notifications.markNotificationsRead,
    handler: 'notifications/mark-read',
    table: 'readwrite',
  },
  {
    ...notifications.unsubscribeNotifications,
    handler: 'notifications/unsubscribe',
    table: 'readwrite',
    // The mail's link is signed with this key (functions/src/modules/notifications/unsubscribe-token.ts).
    secrets: ['IDENTITY_HASH_KEY'],
  },
  {
    ...notifications.getNotificationPreferences,
    handler: 'notifications/get-preferences',
    table: 'read',
  },
  {
    ...notifications.updateNotificationPreferences,
    handler: 'notifications/update-preferences',
    table: 'readwrite',
  },
  {
    ...system.notFound,
    handler: 'system/not-found',
    table: 'none',
  },
  {
    ...tracker.updateTrackerRequestStatus,
    handler: 'tracker/update-request-status',
    table: 'readwrite',
  },
  {
    ...tracker.updateProjectSuggestionStatus,
    handler: 'tracker/update-suggestion-status',
    table: 'readwrite',
  },
  {
    ...roadmap.getRoadmap,
    handler: 'roadmap/get-roadmap',
    table: 'read',
  },
  {
    ...tracker.getTrackerRequest,
    handler: 'tracker/get-feature-request',
    table: 'read',
    tokens: true,
    secrets: ['ANONYMOUS_ID_KEY'],
  },
  {
    ...tracker.getProjectSuggestion,
    handler: 'tracker/get-project-suggestion',
    table: 'read',
    tokens: true,
    secrets: ['ANONYMOUS_ID_KEY'],
  },
  {
    ...comments.listFeatureComments,
    handler: 'comments/list-feature-comments',
    table: 'read',
    tokens: true,
  },
  {
    ...comments.createFeatureComment,
    handler: 'comments/create-feature-comment',
    table: 'readwrite',
  },
  {
    ...comments.listTrackerRequestComments,
    handler: 'comments/list-request-comments',
    table: 'read',
    tokens: true,
  },
  {
    ...comments.createTrackerRequestComment,
    handler: 'comments/create-request-comment',
    table: 'readwrite',
  },
  {
    ...comments.listProjectSuggestionComments,
    handler: 'comments/list-suggestion-comments',
    table: 'read',
    tokens: true,
  },
  {
    ...comments.createProjectSuggestionComment,
    handler: 'comments/create-suggestion-comment',
    table: 'readwrite',
  },
  {
    ...comments.updateComment,
    handler: 'comments/update-comment',
    table: 'readwrite',
  },
  {
    ...comments.deleteComment,
    handler: 'comments/delete-comment',
    table: 'readwrite',
  },
  {
    ...comments.pinComment,
    handler: 'comments/pin-comment',
    table: 'readwrite',
  },
  {
    ...comments.unpinComment,
    handler: 'comments/unpin-comment',
    table: 'readwrite',
  },
  {
    ...changelog.listChangelog,
    handler: 'changelog/list-entries',
    table: 'read',
  },
  {
    ...changelog.getChangelogEntry,
    handler: 'changelog/get-entry',
    table: 'read',
  },
  {
    ...changelog.publishChangelogEntry,
    handler: 'changelog/publish-entry',
    table: 'readwrite',
  },
  {
    ...changelog.deleteChangelogEntry,
    handler: 'changelog/delete-entry',
    table: 'readwrite',
  },
  {
    ...changelog.getChangelogFeed,
    handler: 'changelog/get-feed',
    table: 'read',
    siteUrl: true,
  },
  {
    ...search.searchSimilar,
    handler: 'search/similar',
    table: 'read',
    tokens: true,
    searchIndex: true,
  },
  {
    ...webhooks.listWebhooks,
    handler: 'webhooks/list-webhooks',
    table: 'read',
  },
  {
    ...webhooks.createWebhook,
    handler: 'webhooks/create-webhook',
    table: 'readwrite',
  },
  {
    ...webhooks.updateWebhook,
    handler: 'webhooks/update-webhook',
    table: 'readwrite',
  },
  {
    ...webhooks.deleteWebhook,
    handler: 'webhooks/delete-webhook',
    table: 'readwrite',
  },
  {
    ...webhooks.testWebhook,
    handler: 'webhooks/test-webhook',
    table: 'readwrite',
  },
  {
    ...webhooks.listWebhookDeliveries,
    handler: 'webhooks/list-deliveries',
    table: 'read',
  },
] as const satisfies readonly RouteDefinition[];

export type RouteId = (typeof ROUTES)[number]['id'];

/**
 * Paths served by the API although they are not under `/api/` (the changelog's Atom feed):
 * CloudFront gives each its own behaviour to the API, and the local server dispatches them.
 */
export const ROOT_API_PATHS: readonly string[] = [
  ...new Set(ROUTES.filter((route) => !route.path.startsWith('/api/')).map((route) => route.path)),
];

/** `METHOD /path` as API Gateway writes a route key. */
export const routeKey = (route: Pick<RouteDefinition, 'method' | 'path'>): string =>
  `${route.method} ${route.path}`;

/**
 * Every route's access level by route key, for a process that runs every handler (the local
 * gateway, the unit tests) to register with the access guard; each Lambda bundle carries its own.
 */
export const routeAccessLevels = (): ReadonlyMap<string, Access> =>
  new Map(ROUTES.map((route) => [routeKey(route), route.access]));
