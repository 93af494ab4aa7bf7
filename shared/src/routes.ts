/**
 * The route manifest: every API route, declared once. The CDK stack makes one Lambda function and
 * one HTTP API route per entry; the local gateway dispatches from the same list.
 */

/** `ANY` is used only by the catch-all that answers unknown `/api/*` paths. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'ANY';

/** Who may call a route: anyone, any signed-in user, or admins only. */
export type Access = 'public' | 'user' | 'admin';

/** What a route's function may do to the table (least privilege on AWS). */
export type TableAccess = 'none' | 'read' | 'write' | 'readwrite';

export interface RouteDefinition {
  /** Unique, stable identifier; names the Lambda function. */
  readonly id: string;
  readonly method: HttpMethod;
  /** API Gateway path template, e.g. `/api/projects/{key}`. */
  readonly path: string;
  /** Handler module under `functions/src/handlers/`, without extension; it exports `handler`. */
  readonly handler: string;
  readonly access: Access;
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
  /** Secret keys the function reads besides the token keys; only these are granted. */
  readonly secrets?: readonly SecretName[];
  /** Writes absolute links into the site (the Atom feed): gets the site's origin as `SITE_URL`. */
  readonly siteUrl?: boolean;
  /**
   * Reads the search index's snapshot: on AWS the function gets
   * `SEARCH_SNAPSHOT_BUCKET` and read access to that bucket; locally every function gets
   * `SEARCH_SNAPSHOT_DIR`.
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
    id: 'GetHealth',
    method: 'GET',
    path: '/api/health',
    handler: 'system/get-health',
    access: 'public',
    table: 'none',
  },
  {
    id: 'ListProjects',
    method: 'GET',
    path: '/api/projects',
    handler: 'projects/list-projects',
    access: 'public',
    table: 'read',
  },
  {
    id: 'GetHomepageProjects',
    method: 'GET',
    path: '/api/projects/homepage',
    handler: 'projects/get-homepage-projects',
    access: 'public',
    table: 'read',
  },
  {
    id: 'GetProjectGroup',
    method: 'GET',
    // API Gateway refuses differently named variables at one position, so `{key}` is a group key
    // here and a project id on PUT and DELETE.
    path: '/api/projects/{key}',
    handler: 'projects/get-project-group',
    access: 'public',
    table: 'read',
  },
  {
    id: 'CreateProject',
    method: 'POST',
    path: '/api/projects',
    handler: 'projects/create-project',
    access: 'admin',
    table: 'readwrite',
  },
  {
    id: 'UpdateProject',
    method: 'PUT',
    path: '/api/projects/{key}',
    handler: 'projects/update-project',
    access: 'admin',
    table: 'readwrite',
  },
  {
    id: 'DeleteProject',
    method: 'DELETE',
    path: '/api/projects/{key}',
    handler: 'projects/delete-project',
    access: 'admin',
    table: 'readwrite',
  },
  {
    id: 'Register',
    method: 'POST',
    path: '/api/auth/register',
    handler: 'auth/register',
    access: 'public',
    table: 'readwrite',
    credentials: true,
    throttle: 'auth',
  },
  {
    id: 'VerifyEmail',
    method: 'POST',
    path: '/api/auth/verify-email',
    handler: 'auth/verify-email',
    access: 'public',
    table: 'readwrite',
    credentials: true,
    secrets: ['IDENTITY_HASH_KEY'],
    throttle: 'auth',
  },
  {
    id: 'ResendVerification',
    method: 'POST',
    path: '/api/auth/resend-verification',
    handler: 'auth/resend-verification',
    access: 'public',
    table: 'readwrite',
    // A signed-in caller without a body gets the mail at their own address.
    tokens: true,
    credentials: true,
    throttle: 'auth',
  },
  {
    id: 'Login',
    method: 'POST',
    path: '/api/auth/login',
    handler: 'auth/login',
    access: 'public',
    table: 'readwrite',
    tokens: true,
    signsTokens: true,
    credentials: true,
    throttle: 'auth',
  },
  {
    id: 'RequestPasswordReset',
    method: 'POST',
    path: '/api/auth/password-reset',
    handler: 'auth/request-password-reset',
    access: 'public',
    table: 'readwrite',
    credentials: true,
    throttle: 'auth',
  },
  {
    id: 'ConfirmPasswordReset',
    method: 'POST',
    path: '/api/auth/password-reset/confirm',
    handler: 'auth/confirm-password-reset',
    access: 'public',
    table: 'readwrite',
    credentials: true,
    secrets: ['IDENTITY_HASH_KEY'],
    throttle: 'auth',
  },
  {
    id: 'VerifyUser',
    method: 'POST',
    path: '/api/auth0/verify-user',
    handler: 'auth/verify-user',
    access: 'user',
    table: 'readwrite',
    // A provider that does not vouch for the email gets the product's verification link.
    credentials: true,
    secrets: ['IDENTITY_HASH_KEY'],
    throttle: 'auth',
  },
  {
    id: 'ChangePassword',
    method: 'PUT',
    path: '/api/user/password',
    handler: 'user/change-password',
    access: 'user',
    table: 'readwrite',
    signsTokens: true,
    credentials: true,
    throttle: 'auth',
  },
  {
    id: 'GetUserProfile',
    method: 'GET',
    path: '/api/user/profile',
    handler: 'user/get-profile',
    access: 'user',
    table: 'read',
  },
  {
    id: 'UpdateUserProfile',
    method: 'PUT',
    path: '/api/user/profile',
    handler: 'user/update-profile',
    access: 'user',
    table: 'readwrite',
  },
  {
    id: 'DeleteAccount',
    method: 'DELETE',
    path: '/api/user/delete-account',
    handler: 'user/delete-account',
    access: 'user',
    table: 'readwrite',
    // Removes the password and one-time tokens; keeps the person items (keyed hashes).
    credentials: true,
    secrets: ['IDENTITY_HASH_KEY'],
    throttle: 'auth',
  },
  {
    id: 'ClaimDailyEggs',
    method: 'POST',
    path: '/api/user/claim-daily-eggs',
    handler: 'user/claim-daily-eggs',
    access: 'user',
    table: 'readwrite',
    throttle: 'money',
  },
  {
    id: 'ListTransactions',
    method: 'GET',
    path: '/api/user/transactions',
    handler: 'user/list-transactions',
    access: 'user',
    table: 'read',
  },
  {
    id: 'ListFeatures',
    method: 'GET',
    path: '/api/features',
    handler: 'features/list-features',
    access: 'public',
    table: 'read',
    // Admins see pending and rejected requests too.
    tokens: true,
    // `q` searches.
    searchIndex: true,
  },
  {
    id: 'GetFeatureStats',
    method: 'GET',
    path: '/api/features/stats',
    handler: 'features/get-feature-stats',
    access: 'public',
    table: 'read',
  },
  {
    id: 'GetFeature',
    method: 'GET',
    path: '/api/features/{id}',
    handler: 'features/get-feature',
    access: 'public',
    table: 'read',
    tokens: true,
  },
  {
    id: 'CreateFeature',
    method: 'POST',
    path: '/api/features',
    handler: 'features/create-feature',
    access: 'user',
    table: 'readwrite',
    throttle: 'money',
  },
  {
    id: 'VoteFeature',
    method: 'POST',
    path: '/api/features/vote',
    handler: 'features/vote-feature',
    access: 'user',
    table: 'readwrite',
    throttle: 'money',
  },
  {
    id: 'ListUserFeatures',
    method: 'GET',
    path: '/api/users/{id}/features',
    handler: 'users/list-user-features',
    access: 'user',
    table: 'read',
  },
  {
    id: 'ListUserVotes',
    method: 'GET',
    path: '/api/users/{id}/votes',
    handler: 'users/list-user-votes',
    access: 'user',
    table: 'read',
  },
  {
    id: 'GetDashboard',
    method: 'GET',
    path: '/api/user/dashboard',
    handler: 'user/get-dashboard',
    access: 'user',
    table: 'read',
  },
  {
    id: 'ListUsers',
    method: 'GET',
    path: '/api/admin/users',
    handler: 'admin/list-users',
    access: 'admin',
    table: 'read',
  },
  {
    id: 'GetAdminStats',
    method: 'GET',
    path: '/api/admin/stats',
    handler: 'admin/get-stats',
    access: 'admin',
    table: 'read',
  },
  {
    id: 'ListPendingFeatures',
    method: 'GET',
    path: '/api/admin/features/pending',
    handler: 'admin/list-pending-features',
    access: 'admin',
    table: 'read',
  },
  {
    id: 'ApproveFeature',
    method: 'POST',
    path: '/api/admin/features/{id}/approve',
    handler: 'admin/approve-feature',
    access: 'admin',
    table: 'readwrite',
  },
  {
    id: 'RejectFeature',
    method: 'POST',
    path: '/api/admin/features/{id}/reject',
    handler: 'admin/reject-feature',
    access: 'admin',
    table: 'readwrite',
  },
  {
    id: 'UpdateFeatureStatus',
    method: 'PUT',
    path: '/api/admin/features/{id}/status',
    handler: 'admin/update-feature-status',
    access: 'admin',
    table: 'readwrite',
  },
  {
    id: 'BulkApproveFeatures',
    method: 'POST',
    path: '/api/admin/features/bulk-approve',
    handler: 'admin/bulk-approve-features',
    access: 'admin',
    table: 'readwrite',
  },
  // Merging duplicate feature requests with their votes (shared/src/schemas/merge.ts).
  {
    id: 'MergeFeature',
    method: 'POST',
    path: '/api/admin/features/{id}/merge',
    handler: 'admin/merge-feature',
    access: 'admin',
    table: 'readwrite',
    throttle: 'money',
  },
  {
    id: 'UnmergeFeature',
    method: 'POST',
    path: '/api/admin/features/{id}/unmerge',
    handler: 'admin/unmerge-feature',
    access: 'admin',
    table: 'readwrite',
    throttle: 'money',
  },
  {
    id: 'GetFeatureMerge',
    method: 'GET',
    path: '/api/admin/features/{id}/merge',
    handler: 'admin/get-feature-merge',
    access: 'admin',
    table: 'read',
  },
  // Merging tracker requests / project suggestions, one route (see schemas/merge.ts).
  {
    id: 'TrackerMerge',
    method: 'POST',
    path: '/api/admin/tracker/merges',
    handler: 'admin/tracker-merge',
    access: 'admin',
    table: 'readwrite',
  },
  {
    id: 'AdjustUserEggs',
    method: 'POST',
    path: '/api/admin/users/{id}/eggs',
    handler: 'admin/adjust-user-eggs',
    access: 'admin',
    table: 'readwrite',
    throttle: 'money',
  },
  {
    id: 'GetTrackerStats',
    method: 'GET',
    path: '/api/tracker/stats',
    handler: 'tracker/get-tracker-stats',
    access: 'public',
    table: 'read',
  },
  {
    id: 'ListTrackerFeatureRequests',
    method: 'GET',
    path: '/api/tracker/feature-requests',
    handler: 'tracker/list-feature-requests',
    access: 'public',
    table: 'read',
    // Each request carries the caller's own vote: a signed-in user or the anonymous id cookie.
    tokens: true,
    secrets: ['ANONYMOUS_ID_KEY'],
    searchIndex: true,
  },
  {
    id: 'CreateTrackerFeatureRequest',
    method: 'POST',
    path: '/api/tracker/feature-requests',
    handler: 'tracker/create-feature-request',
    access: 'public',
    table: 'readwrite',
    tokens: true,
    secrets: ['ANONYMOUS_ID_KEY'],
  },
  {
    id: 'ListProjectSuggestions',
    method: 'GET',
    path: '/api/tracker/project-suggestions',
    handler: 'tracker/list-project-suggestions',
    access: 'public',
    table: 'read',
    tokens: true,
    secrets: ['ANONYMOUS_ID_KEY'],
    searchIndex: true,
  },
  {
    id: 'CreateProjectSuggestion',
    method: 'POST',
    path: '/api/tracker/project-suggestions',
    handler: 'tracker/create-project-suggestion',
    access: 'public',
    table: 'readwrite',
    tokens: true,
    secrets: ['ANONYMOUS_ID_KEY'],
  },
  {
    id: 'ListTrackerActivity',
    method: 'GET',
    path: '/api/tracker/activity',
    handler: 'tracker/list-activity',
    access: 'public',
    table: 'read',
  },
  {
    id: 'TrackerVote',
    method: 'POST',
    path: '/api/tracker/vote',
    handler: 'tracker/vote',
    access: 'public',
    table: 'readwrite',
    tokens: true,
    secrets: ['ANONYMOUS_ID_KEY'],
  },
  // Notify (in-app notifications, email preferences, one-click unsubscribe)
  {
    id: 'ListNotifications',
    method: 'GET',
    path: '/api/notifications',
    handler: 'notifications/list-notifications',
    access: 'user',
    table: 'read',
  },
  {
    id: 'GetUnreadNotificationCount',
    method: 'GET',
    path: '/api/notifications/unread-count',
    handler: 'notifications/get-unread-count',
    access: 'user',
    table: 'read',
  },
  {
    id: 'MarkNotificationsRead',
    method: 'POST',
    path: '/api/notifications/read',
    handler: 'notifications/mark-read',
    access: 'user',
    table: 'readwrite',
  },
  {
    id: 'UnsubscribeNotifications',
    method: 'POST',
    path: '/api/notifications/unsubscribe',
    handler: 'notifications/unsubscribe',
    access: 'public',
    table: 'readwrite',
    // The mail's link is signed with this key (functions/src/lib/unsubscribe-token.ts).
    secrets: ['IDENTITY_HASH_KEY'],
  },
  {
    id: 'GetNotificationPreferences',
    method: 'GET',
    path: '/api/user/notification-preferences',
    handler: 'notifications/get-preferences',
    access: 'user',
    table: 'read',
  },
  {
    id: 'UpdateNotificationPreferences',
    method: 'PUT',
    path: '/api/user/notification-preferences',
    handler: 'notifications/update-preferences',
    access: 'user',
    table: 'readwrite',
  },
  {
    id: 'NotFound',
    method: 'ANY',
    path: '/api/{proxy+}',
    handler: 'system/not-found',
    access: 'public',
    table: 'none',
  },
  // Status (tracker statuses and the public roadmap)
  {
    id: 'UpdateTrackerRequestStatus',
    method: 'PUT',
    path: '/api/tracker/feature-requests/{id}/status',
    handler: 'tracker/update-request-status',
    access: 'admin',
    table: 'readwrite',
  },
  {
    id: 'UpdateProjectSuggestionStatus',
    method: 'PUT',
    path: '/api/tracker/project-suggestions/{id}/status',
    handler: 'tracker/update-suggestion-status',
    access: 'admin',
    table: 'readwrite',
  },
  {
    id: 'GetRoadmap',
    method: 'GET',
    path: '/api/roadmap',
    handler: 'roadmap/get-roadmap',
    access: 'public',
    table: 'read',
  },
  // Comments (detail routes of tracker items, comments on every subject)
  {
    id: 'GetTrackerFeatureRequest',
    method: 'GET',
    path: '/api/tracker/feature-requests/{id}',
    handler: 'tracker/get-feature-request',
    access: 'public',
    table: 'read',
    tokens: true,
    secrets: ['ANONYMOUS_ID_KEY'],
  },
  {
    id: 'GetProjectSuggestion',
    method: 'GET',
    path: '/api/tracker/project-suggestions/{id}',
    handler: 'tracker/get-project-suggestion',
    access: 'public',
    table: 'read',
    tokens: true,
    secrets: ['ANONYMOUS_ID_KEY'],
  },
  {
    id: 'ListFeatureComments',
    method: 'GET',
    path: '/api/features/{id}/comments',
    handler: 'comments/list-feature-comments',
    access: 'public',
    table: 'read',
    tokens: true,
  },
  {
    id: 'CreateFeatureComment',
    method: 'POST',
    path: '/api/features/{id}/comments',
    handler: 'comments/create-feature-comment',
    access: 'user',
    table: 'readwrite',
  },
  {
    id: 'ListTrackerRequestComments',
    method: 'GET',
    path: '/api/tracker/feature-requests/{id}/comments',
    handler: 'comments/list-request-comments',
    access: 'public',
    table: 'read',
    tokens: true,
  },
  {
    id: 'CreateTrackerRequestComment',
    method: 'POST',
    path: '/api/tracker/feature-requests/{id}/comments',
    handler: 'comments/create-request-comment',
    access: 'user',
    table: 'readwrite',
  },
  {
    id: 'ListProjectSuggestionComments',
    method: 'GET',
    path: '/api/tracker/project-suggestions/{id}/comments',
    handler: 'comments/list-suggestion-comments',
    access: 'public',
    table: 'read',
    tokens: true,
  },
  {
    id: 'CreateProjectSuggestionComment',
    method: 'POST',
    path: '/api/tracker/project-suggestions/{id}/comments',
    handler: 'comments/create-suggestion-comment',
    access: 'user',
    table: 'readwrite',
  },
  {
    id: 'UpdateComment',
    method: 'PUT',
    path: '/api/comments/{id}',
    handler: 'comments/update-comment',
    access: 'user',
    table: 'readwrite',
  },
  {
    id: 'DeleteComment',
    method: 'DELETE',
    path: '/api/comments/{id}',
    handler: 'comments/delete-comment',
    access: 'user',
    table: 'readwrite',
  },
  {
    id: 'PinComment',
    method: 'PUT',
    path: '/api/comments/{id}/pin',
    handler: 'comments/pin-comment',
    access: 'admin',
    table: 'readwrite',
  },
  {
    id: 'UnpinComment',
    method: 'DELETE',
    path: '/api/comments/{id}/pin',
    handler: 'comments/unpin-comment',
    access: 'admin',
    table: 'readwrite',
  },
  // Changelog
  {
    id: 'ListChangelog',
    method: 'GET',
    path: '/api/changelog',
    handler: 'changelog/list-entries',
    access: 'public',
    table: 'read',
  },
  {
    id: 'GetChangelogEntry',
    method: 'GET',
    path: '/api/changelog/{id}',
    handler: 'changelog/get-entry',
    access: 'public',
    table: 'read',
  },
  {
    id: 'PublishChangelogEntry',
    method: 'POST',
    path: '/api/changelog',
    handler: 'changelog/publish-entry',
    access: 'admin',
    table: 'readwrite',
  },
  {
    id: 'DeleteChangelogEntry',
    method: 'DELETE',
    path: '/api/changelog/{id}',
    handler: 'changelog/delete-entry',
    access: 'admin',
    table: 'readwrite',
  },
  {
    id: 'GetChangelogFeed',
    method: 'GET',
    // Outside /api: CloudFront sends `/changelog.xml` to the API (a behaviour of its own, cached)
    // and the local server dispatches it the same way; feed readers find it at the site's root.
    path: '/changelog.xml',
    handler: 'changelog/get-feed',
    access: 'public',
    table: 'read',
    siteUrl: true,
  },
  {
    // Similar existing requests while a title is typed.
    id: 'SearchSimilar',
    method: 'GET',
    path: '/api/search/similar',
    handler: 'search/similar',
    access: 'public',
    table: 'read',
    tokens: true,
    searchIndex: true,
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
