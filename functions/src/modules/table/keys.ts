import type { SubjectType } from '@hatchworks/shared/schemas/subjects';

/**
 * Key builders: the only place that knows how entities map to PK/SK and the GSI attributes.
 * See each owning module's README.md for the access patterns they serve.
 */

/** Lower-cased text for sort keys, so ordering ignores case. */
const sortable = (text: string) => text.trim().toLowerCase();

export const projectKeys = {
  item: (id: string) => ({ PK: `PROJECT#${id}`, SK: 'PROJECT' }),
  /** GSI1: every project, ordered by group then title. */
  all: (groupKey: string, title: string, id: string) => ({
    GSI1PK: 'PROJECTS',
    GSI1SK: `${groupKey}#${sortable(title)}#${id}`,
  }),
  allPartition: 'PROJECTS',
  /** GSI2: the projects of one group, ordered by title. */
  byGroup: (groupKey: string, title: string, id: string) => ({
    GSI2PK: `PROJECT_GROUP#${groupKey}`,
    GSI2SK: `${sortable(title)}#${id}`,
  }),
  groupPartition: (groupKey: string) => `PROJECT_GROUP#${groupKey}`,
  /** GSI3 (sparse): only projects shown on the homepage, ordered by group then title. */
  homepage: (groupKey: string, title: string, id: string) => ({
    GSI3PK: 'HOMEPAGE_PROJECTS',
    GSI3SK: `${groupKey}#${sortable(title)}#${id}`,
  }),
  homepagePartition: 'HOMEPAGE_PROJECTS',
};

export const metaKeys = {
  /** Marks that a named seed was written, so it is written once per table. */
  seed: (name: string) => ({ PK: 'META', SK: `SEED#${name}` }),
};

export const userKeys = {
  item: (id: string) => ({ PK: `USER#${id}`, SK: 'PROFILE' }),
  /** GSI1: every live user, oldest first (admin listing). */
  all: (createdAt: string, id: string) => ({ GSI1PK: 'USERS', GSI1SK: `${createdAt}#${id}` }),
  allPartition: 'USERS',
  /** Uniqueness guards: one item per email, username (case-insensitive) and IdP subject. */
  email: (email: string) => ({ PK: `UNIQUE#EMAIL#${email.toLowerCase()}`, SK: 'UNIQUE' }),
  username: (username: string) => ({
    PK: `UNIQUE#USERNAME#${username.toLowerCase()}`,
    SK: 'UNIQUE',
  }),
  subject: (issuer: string, subject: string) => ({
    PK: `UNIQUE#SUBJECT#${issuer}#${subject}`,
    SK: 'UNIQUE',
  }),
};

/** What a one-time token mailed to a user is for; one live token of each per user. */
export type OneTimePurpose = 'verify-email' | 'reset-password';

/**
 * Partitions of password hashes and one-time tokens (`CREDENTIAL#<userId>`). On AWS every function
 * whose route is not `credentials: true` is denied any item under this prefix by IAM
 * (`dynamodb:LeadingKeys`), so these items must never carry GSI keys: a Query on an index names
 * the index's partition key, which the deny does not see.
 */
export const CREDENTIAL_PARTITION_PREFIX = 'CREDENTIAL#';

export const credentialKeys = {
  /**
   * Everything secret about one user lives in its own partition, which only the functions marked
   * `credentials` in the route manifest may read (IAM `dynamodb:LeadingKeys` on AWS).
   */
  password: (userId: string) => ({ PK: `${CREDENTIAL_PARTITION_PREFIX}${userId}`, SK: 'PASSWORD' }),
  /** The SHA-256 of the live one-time token of a purpose; a new one replaces it. */
  oneTime: (userId: string, purpose: OneTimePurpose) => ({
    PK: `${CREDENTIAL_PARTITION_PREFIX}${userId}`,
    SK: `TOKEN#${purpose}`,
  }),
};

export const personKeys = {
  /**
   * A person, known only by a keyed hash of a normalized email or of a hosted identity
   * (`issuer|subject`): whether they had their welcome eggs and the day of their last daily
   * claim. It outlives every account of theirs.
   */
  item: (hash: string) => ({ PK: `PERSON#${hash}`, SK: 'PERSON' }),
};

export const ledgerKeys = {
  /** The user's immutable ledger entries, in time order (ULIDs sort by time). */
  entry: (userId: string, entryId: string) => ({ PK: `USER#${userId}`, SK: `LEDGER#${entryId}` }),
  prefix: 'LEDGER#',
};

export const counterKeys = {
  /** Site-wide counters, each updated in the transaction of the change it counts. */
  users: { PK: 'COUNTER', SK: 'USERS' },
  projects: { PK: 'COUNTER', SK: 'PROJECTS' },
  /** Features by status, plus `total` and `total_eggs` voted. */
  features: { PK: 'COUNTER', SK: 'FEATURES' },
};

export const rateLimitKeys = {
  /** One item per key and fixed window; TTL removes it after the window. */
  window: (key: string, windowStart: number) => ({
    PK: `RATE#${key}`,
    SK: `WINDOW#${windowStart}`,
  }),
};

export const idempotencyKeys = {
  /** The answer of one money-moving request, per user, operation and Idempotency-Key. */
  record: (userId: string, operation: string, key: string) => ({
    PK: `USER#${userId}`,
    SK: `IDEMPOTENCY#${operation}#${key}`,
  }),
};

/** Largest total_eggs a rank can encode; ranks sort ascending, so more eggs come first. */
const RANK_CEILING = 1e12;
const rank = (totalEggs: number, id: string) =>
  `${String(RANK_CEILING - totalEggs).padStart(13, '0')}#${id}`;

export const featureKeys = {
  item: (id: string) => ({ PK: `FEATURE#${id}`, SK: 'FEATURE' }),
  /** GSI1: the features of one status, most eggs first. */
  byStatus: (status: string, totalEggs: number, id: string) => ({
    GSI1PK: `FEATURES#${status}`,
    GSI1SK: rank(totalEggs, id),
  }),
  statusPartition: (status: string) => `FEATURES#${status}`,
  /** GSI2 (sparse): approved, in-progress and completed features, most eggs first. */
  visible: (totalEggs: number, id: string) => ({
    GSI2PK: 'FEATURES_VISIBLE',
    GSI2SK: rank(totalEggs, id),
  }),
  visiblePartition: 'FEATURES_VISIBLE',
  /** GSI3: every feature, most eggs first (admins' "all"). */
  all: (totalEggs: number, id: string) => ({ GSI3PK: 'FEATURES', GSI3SK: rank(totalEggs, id) }),
  allPartition: 'FEATURES',
  /** GSI4: the features of one project, most eggs first (the partition is set once, at creation). */
  projectPartition: (projectId: string) => `PROJECT_FEATURES#${projectId}`,
  inProject: (projectId: string) => ({ GSI4PK: `PROJECT_FEATURES#${projectId}` }),
  projectRank: (totalEggs: number, id: string) => ({ GSI4SK: rank(totalEggs, id) }),
  /** A pointer in the author's partition, for "features of a user". */
  ofUser: (userId: string, featureId: string) => ({
    PK: `USER#${userId}`,
    SK: `FEATURE#${featureId}`,
  }),
  ofUserPrefix: 'FEATURE#',
};

export const voteKeys = {
  /** One item per voter and feature; later votes add to it. */
  item: (userId: string, featureId: string) => ({
    PK: `USER#${userId}`,
    SK: `VOTE#${featureId}`,
  }),
  ofUserPrefix: 'VOTE#',
  /** GSI1: the votes of one feature. */
  byFeature: (featureId: string, userId: string) => ({
    GSI1PK: `FEATURE_VOTES#${featureId}`,
    GSI1SK: userId,
  }),
  featurePartition: (featureId: string) => `FEATURE_VOTES#${featureId}`,
};

/*
 * Tracker: feature requests and project suggestions anyone may submit and vote on. Each one is an
 * item plus one "sort view" per sort order: a full copy of its public fields whose GSI keys carry
 * the sort order in the partition and the sort value in the sort key, so every filter and sort is
 * a Query on one partition. See tracker/README.md for the partitions and why.
 */

/** Net votes may be negative: offset them so the zero-padded text sorts like the number. */
const VOTES_OFFSET = 5e11;
const votesValue = (votes: number) => String(VOTES_OFFSET + votes).padStart(13, '0');

/** The sort-key value of each tracker sort order. */
export const trackerSortValue = {
  votes: (votes: number, id: string) => `${votesValue(votes)}#${id}`,
  /** ULIDs sort by time. */
  date: (id: string) => id,
  /** Priority rank 1 (Low) to 4 (Critical), newest first within a rank when descending. */
  priority: (rank: number, id: string) => `${rank}#${id}`,
  name: (name: string, id: string) => `${sortable(name)}#${id}`,
};

export const trackerRequestKeys = {
  item: (id: string) => ({ PK: `TRACKER_REQUEST#${id}`, SK: 'REQUEST' }),
  view: (id: string, sort: string) => ({ PK: `TRACKER_REQUEST#${id}`, SK: `VIEW#${sort}` }),
  /** GSI1: every request in this sort order. */
  allPartition: (sort: string) => `TREQ#${sort}`,
  /** GSI2: the requests of one project. */
  projectPartition: (sort: string, projectId: string) => `TREQ#${sort}#PROJECT#${projectId}`,
  /** GSI3: the requests of one status. */
  statusPartition: (sort: string, status: string) => `TREQ#${sort}#STATUS#${status}`,
  /** GSI4: the requests of one priority. */
  priorityPartition: (sort: string, priority: string) => `TREQ#${sort}#PRIORITY#${priority}`,
  /** GSI5: the requests of one category. */
  categoryPartition: (sort: string, category: string) => `TREQ#${sort}#CATEGORY#${category}`,
};

export const trackerSuggestionKeys = {
  item: (id: string) => ({ PK: `TRACKER_SUGGESTION#${id}`, SK: 'SUGGESTION' }),
  view: (id: string, sort: string) => ({ PK: `TRACKER_SUGGESTION#${id}`, SK: `VIEW#${sort}` }),
  /** GSI1: every suggestion in this sort order. */
  allPartition: (sort: string) => `TSUG#${sort}`,
  /** GSI2: the suggestions of one group. */
  groupPartition: (sort: string, group: string) => `TSUG#${sort}#GROUP#${group}`,
};

/** Who a tracker vote belongs to: a signed-in user, or an anonymous visitor's id. */
export const trackerVoterIds = {
  user: (userId: string) => `user#${userId}`,
  anonymous: (anonymousId: string) => `anon#${anonymousId}`,
};

export const trackerVoteKeys = {
  /** One item per voter and target: its direction, or no item when the voter has no vote. */
  item: (voterId: string, targetType: string, targetId: string) => ({
    PK: `TRACKER_VOTER#${voterId}`,
    SK: `VOTE#${targetType}#${targetId}`,
  }),
  /**
   * GSI1: the votes of one target, so a merge finds every vote on the request it
   * merges away. Written by every vote; votes stored before merging existed need the one-off
   * backfill described in tracker/README.md ("Vote index backfill").
   */
  byTarget: (targetType: string, targetId: string, voterId: string) => ({
    GSI1PK: `TRACKER_VOTES#${targetType}#${targetId}`,
    GSI1SK: voterId,
  }),
  targetPartition: (targetType: string, targetId: string) =>
    `TRACKER_VOTES#${targetType}#${targetId}`,
};

export const anonymousVoteGuardKeys = {
  /**
   * Claimed by the first anonymous voter to add a vote on a target from a network (/24, IPv6
   * /64) on a UTC day (`yyyy-mm-dd`); another anonymous voter from there waits for the next day.
   */
  item: (network: string, targetType: string, targetId: string, day: string) => ({
    PK: `ANON_VOTE#${network}#${targetType}#${targetId}`,
    SK: `DAY#${day}`,
  }),
};

export const activityKeys = {
  /** Every activity entry, in time order (ULID sort keys). */
  all: (id: string) => ({ PK: 'ACTIVITY', SK: `ACTIVITY#${id}` }),
  allPartition: 'ACTIVITY',
  /** The entries of one project. */
  ofProject: (projectId: string, id: string) => ({
    PK: `ACTIVITY#PROJECT#${projectId}`,
    SK: `ACTIVITY#${id}`,
  }),
  projectPartition: (projectId: string) => `ACTIVITY#PROJECT#${projectId}`,
  prefix: 'ACTIVITY#',
};

export const trackerCounterKeys = {
  /** Tracker requests: `total` and one count per status. */
  requests: { PK: 'COUNTER', SK: 'TRACKER_REQUESTS' },
  suggestions: { PK: 'COUNTER', SK: 'TRACKER_SUGGESTIONS' },
};

/*
 * Closing the loop: what happened to a request (an event), and who hears about it
 * (its followers). See notification-events.ts.
 */

/** What people follow and comment on: a feature request, a tracker request or a suggestion. */
export type { SubjectType };

export const notificationEventKeys = {
  /**
   * One item per event, written in the transaction of the change it tells about; the table's
   * stream hands it to the fan-out, which reads it back. TTL removes it after 30 days.
   */
  item: (eventId: string) => ({ PK: `EVENT#${eventId}`, SK: 'EVENT' }),
  prefix: 'EVENT#',
};

export const followerKeys = {
  /**
   * One item per person following a subject (its author, a signed-in voter, a commenter): the
   * fan-out Queries this one partition to find whom to tell.
   */
  item: (subjectType: SubjectType, subjectId: string, userId: string) => ({
    PK: `FOLLOWERS#${subjectType}#${subjectId}`,
    SK: `USER#${userId}`,
  }),
  partition: (subjectType: SubjectType, subjectId: string) =>
    `FOLLOWERS#${subjectType}#${subjectId}`,
  userPrefix: 'USER#',
};

/*
 * Comments on features, tracker requests and suggestions. See comments/README.md.
 */

export const commentKeys = {
  /** One item per comment, found by its id alone (the comment routes name only the comment). */
  item: (commentId: string) => ({ PK: `COMMENT#${commentId}`, SK: 'COMMENT' }),
  /** GSI1 (top-level comments only): a subject's threads by latest activity (`<iso>#<id>`). */
  byActivity: (subjectType: SubjectType, subjectId: string, activityAt: string, id: string) => ({
    GSI1PK: `COMMENTS#${subjectType}#${subjectId}`,
    GSI1SK: `${activityAt}#${id}`,
  }),
  /** GSI2 (top-level comments only): a subject's threads as written (ULIDs sort by time). */
  byCreation: (subjectType: SubjectType, subjectId: string, id: string) => ({
    GSI2PK: `COMMENTS#${subjectType}#${subjectId}`,
    GSI2SK: id,
  }),
  subjectPartition: (subjectType: SubjectType, subjectId: string) =>
    `COMMENTS#${subjectType}#${subjectId}`,
  /** GSI3 (replies only): the replies of one top-level comment, oldest first. */
  reply: (parentId: string, id: string) => ({ GSI3PK: `COMMENT_REPLIES#${parentId}`, GSI3SK: id }),
  repliesPartition: (parentId: string) => `COMMENT_REPLIES#${parentId}`,
  /** The subject's pinned Team answer: `comment_id`; absent when none is pinned. */
  pinned: (subjectType: SubjectType, subjectId: string) => ({
    PK: `COMMENTS#${subjectType}#${subjectId}`,
    SK: 'PINNED',
  }),
};

/*
 * Entries an admin publishes, each closing completed requests.
 */

export const changelogKeys = {
  /** One item per entry. */
  item: (id: string) => ({ PK: `CHANGELOG#${id}`, SK: 'ENTRY' }),
  /** GSI1: every entry, in time order (ULIDs sort by time; read descending, newest first). */
  all: (id: string) => ({ GSI1PK: 'CHANGELOG', GSI1SK: id }),
  allPartition: 'CHANGELOG',
  /** GSI2 (only entries with a project): the entries of one project, in time order. */
  inProject: (projectId: string, id: string) => ({
    GSI2PK: `CHANGELOG#PROJECT#${projectId}`,
    GSI2SK: id,
  }),
  projectPartition: (projectId: string) => `CHANGELOG#PROJECT#${projectId}`,
};

/*
 * The public roadmap. A request in a roadmap column (a tracker request
 * that is planned, in progress or completed; a feature request in progress or completed) has one
 * small entry, written in the transaction that moves it; leaving the roadmap deletes it. The
 * entries are the sparse index the roadmap Queries (see publishing/README.md, "Roadmap").
 */

/** The roadmap's columns. */
export type RoadmapColumn = 'planned' | 'in_progress' | 'completed';

export const roadmapKeys = {
  /** The one entry of a subject (a subject is in one column at a time). */
  item: (subjectType: SubjectType, subjectId: string) => ({
    PK: `ROADMAP#${subjectType}#${subjectId}`,
    SK: 'ROADMAP',
  }),
  /**
   * GSI1: one column, newest first by the time it entered the column (`completed_at` for the
   * completed column, so a lower bound on the sort key is the 90-day window).
   */
  column: (column: RoadmapColumn, at: string, subjectType: SubjectType, subjectId: string) => ({
    GSI1PK: `ROADMAP#${column}`,
    GSI1SK: `${at}#${subjectType}#${subjectId}`,
  }),
  columnPartition: (column: RoadmapColumn) => `ROADMAP#${column}`,
  /** GSI2: one column of one project (only entries with a project), same order. */
  projectColumn: (
    column: RoadmapColumn,
    projectId: string,
    at: string,
    subjectType: SubjectType,
    subjectId: string,
  ) => ({
    GSI2PK: `ROADMAP#${column}#PROJECT#${projectId}`,
    GSI2SK: `${at}#${subjectType}#${subjectId}`,
  }),
  projectColumnPartition: (column: RoadmapColumn, projectId: string) =>
    `ROADMAP#${column}#PROJECT#${projectId}`,
};

/*
 * What each person was told (the fan-out writes it) and their bell's state.
 * See notifications/notifications-repository.ts and notifications/README.md.
 */

export const notificationKeys = {
  /**
   * One notification per person and event, in the person's own partition: keyed by the event's
   * ULID, so a replayed event finds it there (idempotent) and the list reads newest first.
   */
  item: (userId: string, eventId: string) => ({
    PK: `USER#${userId}`,
    SK: `NOTIFICATION#${eventId}`,
  }),
  partition: (userId: string) => `USER#${userId}`,
  prefix: 'NOTIFICATION#',
  /** The person's bell: `unread_count`, and `read_before` (everything older reads as read). */
  state: (userId: string) => ({ PK: `USER#${userId}`, SK: 'NOTIFICATION_STATE' }),
  /** The person's pending mail: the ids of the notifications the next mail will carry. */
  mail: (userId: string) => ({ PK: `USER#${userId}`, SK: 'NOTIFICATION_MAIL' }),
};

/*
 * Merging a feature request A into B. One partition per merged request holds the
 * merge's state and one record per moved vote, so a resumed step or an unmerge finds them by
 * Query. See modules/votable/feature-kind.ts and votable/README.md.
 */

export const mergeKeys = {
  /** The merge of feature `fromId`: state, target, who and when. */
  state: (fromId: string) => ({ PK: `MERGE#${fromId}`, SK: 'MERGE' }),
  /** What moving `userId`'s vote did (eggs, whether it created the vote on B, the vote on A). */
  vote: (fromId: string, userId: string) => ({ PK: `MERGE#${fromId}`, SK: `VOTE#${userId}` }),
  partition: (fromId: string) => `MERGE#${fromId}`,
  votePrefix: 'VOTE#',
};

/*
 * Merging a tracker request (or suggestion) A into B of the same kind. As for features,
 * one partition per merged record holds the state and one record per moved vote. See
 * modules/votable/tracker-kind.ts and votable/README.md.
 */
export const trackerMergeKeys = {
  state: (type: string, fromId: string) => ({ PK: `TMERGE#${type}#${fromId}`, SK: 'MERGE' }),
  vote: (type: string, fromId: string, voterId: string) => ({
    PK: `TMERGE#${type}#${fromId}`,
    SK: `VOTE#${voterId}`,
  }),
  partition: (type: string, fromId: string) => `TMERGE#${type}#${fromId}`,
  votePrefix: 'VOTE#',
};

/*
 * Webhooks. See webhooks/README.md.
 */
export const webhookKeys = {
  /** Every endpoint in one small partition (at most `WEBHOOK_LIMITS.endpoints`). */
  endpoint: (id: string) => ({ PK: 'WEBHOOKS', SK: `ENDPOINT#${id}` }),
  endpointsPartition: 'WEBHOOKS',
  endpointPrefix: 'ENDPOINT#',
  /** How many endpoints there are, kept in the transaction of each creation and deletion. */
  count: { PK: 'WEBHOOKS', SK: 'COUNT' },
  /** One attempt of a delivery, newest last by ULID; TTL removes it after 14 days. */
  delivery: (endpointId: string, attemptId: string) => ({
    PK: `WEBHOOK#${endpointId}`,
    SK: `DELIVERY#${attemptId}`,
  }),
  deliveriesPartition: (endpointId: string) => `WEBHOOK#${endpointId}`,
  deliveryPrefix: 'DELIVERY#',
};

/** Apart from `webhookKeys`: every change that writes an event bundles these alone. */
export const webhookEventKeys = {
  /**
   * One item per event, written in the transaction of the change it tells about; the table's
   * stream hands it to the dispatcher, which reads it back. TTL removes it after 3 days.
   */
  item: (eventId: string) => ({ PK: `WEBHOOK_EVENT#${eventId}`, SK: 'EVENT' }),
  prefix: 'WEBHOOK_EVENT#',
};

export const webhookThresholdKeys = {
  /**
   * Marks that a feature request's `request.egg_threshold_passed` event for one threshold was
   * written: created in the event's transaction on condition it is new, so it is written once.
   */
  passed: (featureId: string, threshold: number) => ({
    PK: `WEBHOOK_THRESHOLD#${featureId}`,
    SK: `EGGS#${threshold}`,
  }),
};
