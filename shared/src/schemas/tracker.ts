import * as z from '../zod';
import { LIMITS } from '../constants';
import { TrackerMergedFromSchema, TrackerMergedIntoSchema } from './tracker-merge';
import { SearchMatchSchema, SearchQueryParamSchema } from './search';

/** Tracker categories, in the order the forms and filters offer them. */
export const TRACKER_CATEGORIES = [
  'Bug Fix',
  'New Feature',
  'Enhancement',
  'UI/UX Improvement',
] as const;
export type TrackerCategory = (typeof TRACKER_CATEGORIES)[number];

/** Tracker priorities, lowest first (the priority sort follows this order). */
export const TRACKER_PRIORITIES = ['Low', 'Medium', 'High', 'Critical'] as const;
export type TrackerPriority = (typeof TRACKER_PRIORITIES)[number];

/**
 * The statuses the tracker's status filter offers; new requests are 'Open'.
 * Admins move requests and suggestions along (see `tracker-status.ts`).
 */
export const TRACKER_STATUSES = ['Open', 'Planned', 'In Progress', 'Completed', 'Closed'] as const;
export type TrackerStatus = (typeof TRACKER_STATUSES)[number];

/** The groups a project suggestion can name. */
export const SUGGESTION_GROUPS = [
  'Fiction Projects',
  'Web Applications',
  'Games & Game Design',
  'Game Design',
  'AI & Development Tools',
] as const;
export type SuggestionGroup = (typeof SUGGESTION_GROUPS)[number];

/** The defaults of the two tracker forms. */
export const TRACKER_DEFAULTS = {
  category: 'Bug Fix',
  priority: 'Low',
  status: 'Open',
  group: 'Fiction Projects',
  sortBy: 'votes',
  sortDirection: 'desc',
} as const satisfies {
  category: TrackerCategory;
  priority: TrackerPriority;
  status: TrackerStatus;
  group: SuggestionGroup;
  sortBy: string;
  sortDirection: string;
};

/** How many items the dashboard fetches and shows. */
export const TRACKER_DISPLAY = {
  topRequestsFetched: 10,
  topRequestsShown: 3,
  activityFetched: 20,
  activityShown: 5,
} as const;

/** Bounds of tracker text; the title bound is the feature title's. */
export const TRACKER_LIMITS = {
  titleMax: LIMITS.featureTitleMax,
  descriptionMax: 5000,
  nameMax: 255,
  rationaleMax: 2000,
  /** The comma-separated tags text as typed. */
  tagsTextMax: 500,
  tagsMax: 10,
  tagMax: 30,
  idMax: 64,
  honeypotMax: 500,
  /** Default page size of `GET /api/tracker/activity`. */
  activityPageSize: 20,
} as const;

/**
 * Per-client limits on anonymous-capable writes, in fixed windows kept in DynamoDB. A "voter" is
 * the signed-in user or the anonymous id cookie; the address limit catches clients that drop the
 * cookie. Submissions count requests and suggestions together. On top of these, an anonymous
 * vote needs the cookie, and one network (/24, IPv6 /64) adds one anonymous vote per item per
 * UTC day.
 */
export const TRACKER_RATE_LIMITS = {
  windowSeconds: 10 * 60,
  submissionsPerVoter: 5,
  submissionsPerAddress: 20,
  votesPerVoter: 60,
  votesPerAddress: 300,
} as const;

/** User-facing messages of the tracker API and forms. */
export const TRACKER_MESSAGES = {
  titleAndDescription: 'Title and description are required',
  titleTooLong: `Title must be at most ${TRACKER_LIMITS.titleMax} characters`,
  descriptionTooLong: `Description must be at most ${TRACKER_LIMITS.descriptionMax} characters`,
  suggestionRequired: 'Name, description and rationale are required',
  nameTooLong: `Name must be at most ${TRACKER_LIMITS.nameMax} characters`,
  rationaleTooLong: `Rationale must be at most ${TRACKER_LIMITS.rationaleMax} characters`,
  tagsTooLong: `Tags must be at most ${TRACKER_LIMITS.tagsTextMax} characters in all`,
  tooManyTags: `At most ${TRACKER_LIMITS.tagsMax} tags`,
  tagTooLong: `Each tag must be at most ${TRACKER_LIMITS.tagMax} characters`,
  invalidCategory: `Category must be one of: ${TRACKER_CATEGORIES.join(', ')}`,
  invalidPriority: `Priority must be one of: ${TRACKER_PRIORITIES.join(', ')}`,
  invalidGroup: `Group must be one of: ${SUGGESTION_GROUPS.join(', ')}`,
  unknownProject: 'The selected project does not exist',
  invalidVote: 'Invalid vote',
  tooManySubmissions: (minutes: number) =>
    `Too many submissions from this client. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  tooManyVotes: (minutes: number) =>
    `Too many votes from this client. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  /** A vote without a signed-in user or a valid anonymous id cookie (400). */
  cookieRequired:
    'Reload the page to vote: your browser did not send a valid tracker cookie. Cookies must be enabled to vote without signing in.',
  /** A second anonymous voter on one item from one network the same UTC day (429). */
  networkAlreadyVoted: 'Someone on your network already voted on this today. Sign in to vote.',
} as const;

/**
 * Splits comma-separated tags into a clean list: trimmed, empty ones dropped, duplicates (ignoring
 * case) dropped keeping the first spelling.
 */
export function parseTags(text: string | readonly string[]): string[] {
  const parts = typeof text === 'string' ? text.split(',') : text.flatMap((tag) => tag.split(','));
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const part of parts) {
    const tag = part.trim();
    if (!tag || seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    tags.push(tag);
  }
  return tags;
}

/** A vote as its voter sees it: up, down or none. */
export const VOTE_DIRECTIONS = ['up', 'down'] as const;
export type VoteDirection = (typeof VOTE_DIRECTIONS)[number];
const MyVoteSchema = z.nullable(z.enum(VOTE_DIRECTIONS));

/** The project a tracker request is about (a snapshot taken when it was submitted). */
export const TrackerProjectSchema = z.object({
  id: z.string(),
  title: z.string(),
  group_name: z.string(),
});
export type TrackerProject = z.infer<typeof TrackerProjectSchema>;

/** What an admin's last status change left on a request or suggestion. */
const StatusHistoryFields = {
  /** Set on a merged record (votes refused, status read-only, hidden from lists). */
  merged_into: z.optional(TrackerMergedIntoSchema),
  /** The records merged into this one. */
  merged_from: z.optional(z.array(TrackerMergedFromSchema)),
  /** A version bumped by merge steps (internal; ignore). */
  merge_version: z.optional(z.number()),
  /** When the status last changed (absent while it never did). */
  status_changed_at: z.optional(z.string()),
  /** The admin's note of the last change (required when closing). */
  status_note: z.optional(z.string()),
  /** When it became 'Completed'; absent in every other status. */
  completed_at: z.optional(z.string()),
};

/** A tracker feature request as the API answers it. */
export const TrackerFeatureRequestSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  /** Up votes minus down votes; may be negative. */
  votes: z.number().check(z.int()),
  status: z.enum(TRACKER_STATUSES),
  priority: z.enum(TRACKER_PRIORITIES),
  category: z.enum(TRACKER_CATEGORIES),
  tags: z.array(z.string()),
  created_at: z.string(),
  /** The UTC day of `created_at` (YYYY-MM-DD). */
  date: z.string(),
  project_id: z.nullable(z.string()),
  project: z.nullable(TrackerProjectSchema),
  /** Live comments on it, replies included. */
  comment_count: z.number().check(z.int()),
  /** The caller's own vote on it (signed-in user or anonymous id cookie). */
  my_vote: MyVoteSchema,
  ...StatusHistoryFields,
});
export type TrackerFeatureRequest = z.infer<typeof TrackerFeatureRequestSchema>;

/** A project suggestion as the API answers it. */
export const ProjectSuggestionSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  suggested_group: z.enum(SUGGESTION_GROUPS),
  rationale: z.string(),
  votes: z.number().check(z.int()),
  created_at: z.string(),
  /** Live comments on it, replies included. */
  comment_count: z.number().check(z.int()),
  my_vote: MyVoteSchema,
  /** 'Open' until an admin moves it (suggestions stored before statuses existed have none: 'Open'). */
  status: z.optional(z.enum(TRACKER_STATUSES)),
  ...StatusHistoryFields,
});
export type ProjectSuggestion = z.infer<typeof ProjectSuggestionSchema>;

export const ACTIVITY_TYPES = ['feature_request', 'project_suggestion'] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

/** An entry of the recent-activity feed. */
export const ActivityItemSchema = z.object({
  id: z.string(),
  type: z.enum(ACTIVITY_TYPES),
  /** 'created' today; the web styles 'completed' and treats anything else as "other". */
  action: z.string(),
  title: z.string(),
  description: z.string(),
  created_at: z.string(),
  /** 'just now', '5 minutes ago', '2 days ago', ... computed when answered. */
  created_at_relative: z.string(),
  /** The author's display name; null for anonymous visitors ('Anonymous'). */
  user: z.nullable(z.string()),
  reference_type: z.enum(ACTIVITY_TYPES),
  reference_id: z.string(),
  project: z.nullable(TrackerProjectSchema),
});
export type ActivityItem = z.infer<typeof ActivityItemSchema>;

/**
 * `GET /api/tracker/stats`: counter items only. The request counts are the tracker requests'
 * (those /tracker/requests lists; the egg board's feature requests are not among them), one per
 * status of the list's status filter, and they add up:
 * `total = open + planned + in_progress + completed + closed`.
 */
export const TrackerStatsSchema = z.object({
  projects: z.object({ total: z.number().check(z.int()) }),
  feature_requests: z.object({
    total: z.number().check(z.int()),
    open: z.number().check(z.int()),
    planned: z.number().check(z.int()),
    in_progress: z.number().check(z.int()),
    completed: z.number().check(z.int()),
    closed: z.number().check(z.int()),
  }),
});
export type TrackerStats = z.infer<typeof TrackerStatsSchema>;

export const VOTE_TARGET_TYPES = ['feature_request', 'project_suggestion'] as const;
export type VoteTargetType = (typeof VOTE_TARGET_TYPES)[number];

/**
 * Body of `POST /api/tracker/vote`. Voting again in the same direction removes the vote; the
 * other direction switches it.
 */
export const TrackerVoteInputSchema = z.object({
  target_type: z.enum(VOTE_TARGET_TYPES, { error: TRACKER_MESSAGES.invalidVote }),
  target_id: z
    .string({ error: TRACKER_MESSAGES.invalidVote })
    .check(
      z.trim(),
      z.minLength(1, TRACKER_MESSAGES.invalidVote),
      z.maxLength(TRACKER_LIMITS.idMax, TRACKER_MESSAGES.invalidVote),
    ),
  direction: z.enum(VOTE_DIRECTIONS, { error: TRACKER_MESSAGES.invalidVote }),
});
export type TrackerVoteInput = z.input<typeof TrackerVoteInputSchema>;

/** Answer of `POST /api/tracker/vote`: the target's new count and the caller's vote now. */
export const TrackerVoteResultSchema = z.object({
  target_type: z.enum(VOTE_TARGET_TYPES),
  target_id: z.string(),
  votes: z.number().check(z.int()),
  my_vote: MyVoteSchema,
});
export type TrackerVoteResult = z.infer<typeof TrackerVoteResultSchema>;

/** A query filter that treats '' as absent (an "all" choice in a select). */
const optionalQuery = <T extends z.ZodMiniType>(schema: T) =>
  z.pipe(
    z.transform((value: unknown) => (value === '' ? undefined : value)),
    z.optional(schema),
  );

const SortDirectionSchema = z._default(z.enum(['asc', 'desc']), TRACKER_DEFAULTS.sortDirection);

export const TRACKER_REQUEST_SORTS = ['votes', 'date', 'priority'] as const;
export type TrackerRequestSort = (typeof TRACKER_REQUEST_SORTS)[number];

/** Query of `GET /api/tracker/feature-requests`. */
export const TrackerFeatureRequestListQuerySchema = z.object({
  status: optionalQuery(z.enum(TRACKER_STATUSES)),
  priority: optionalQuery(z.enum(TRACKER_PRIORITIES)),
  category: optionalQuery(z.enum(TRACKER_CATEGORIES)),
  project_id: optionalQuery(
    z.string().check(z.trim(), z.minLength(1), z.maxLength(TRACKER_LIMITS.idMax)),
  ),
  sort_by: z._default(z.enum(TRACKER_REQUEST_SORTS), TRACKER_DEFAULTS.sortBy),
  sort_direction: SortDirectionSchema,
  limit: z._default(
    z.coerce.number().check(z.int(), z.gte(1), z.lte(LIMITS.maxPageSize)),
    LIMITS.defaultPageSize,
  ),
  cursor: z.optional(z.string().check(z.maxLength(2048))),
  /** Search (ranked by relevance, sort ignored); see `SearchQueryParamSchema`. */
  q: SearchQueryParamSchema,
});
export type TrackerFeatureRequestListQuery = z.input<typeof TrackerFeatureRequestListQuerySchema>;

export const SUGGESTION_SORTS = ['votes', 'date', 'name'] as const;
export type SuggestionSort = (typeof SUGGESTION_SORTS)[number];

/** Query of `GET /api/tracker/project-suggestions`. */
export const ProjectSuggestionListQuerySchema = z.object({
  group: optionalQuery(z.enum(SUGGESTION_GROUPS)),
  sort_by: z._default(z.enum(SUGGESTION_SORTS), TRACKER_DEFAULTS.sortBy),
  sort_direction: SortDirectionSchema,
  limit: z._default(
    z.coerce.number().check(z.int(), z.gte(1), z.lte(LIMITS.maxPageSize)),
    LIMITS.defaultPageSize,
  ),
  cursor: z.optional(z.string().check(z.maxLength(2048))),
  /** Search (ranked by relevance, sort ignored); see `SearchQueryParamSchema`. */
  q: SearchQueryParamSchema,
});
export type ProjectSuggestionListQuery = z.input<typeof ProjectSuggestionListQuerySchema>;

/** Query of `GET /api/tracker/activity`: newest first. */
export const ActivityListQuerySchema = z.object({
  project_id: optionalQuery(
    z.string().check(z.trim(), z.minLength(1), z.maxLength(TRACKER_LIMITS.idMax)),
  ),
  limit: z._default(
    z.coerce.number().check(z.int(), z.gte(1), z.lte(LIMITS.maxPageSize)),
    TRACKER_LIMITS.activityPageSize,
  ),
  cursor: z.optional(z.string().check(z.maxLength(2048))),
});
export type ActivityListQuery = z.input<typeof ActivityListQuerySchema>;

/** `data` of `GET /api/tracker/feature-requests` (with `next_cursor` beside it). */
export const TrackerFeatureRequestListSchema = z.object({
  feature_requests: z.array(TrackerFeatureRequestSchema),
  /** With `q`: whether every word matched or these are partial matches (`SearchMatchSchema`). */
  match: z.optional(SearchMatchSchema),
});
export type TrackerFeatureRequestList = z.infer<typeof TrackerFeatureRequestListSchema>;

/** `data` of `GET /api/tracker/project-suggestions` (with `next_cursor` beside it). */
export const ProjectSuggestionListSchema = z.object({
  project_suggestions: z.array(ProjectSuggestionSchema),
  /** With `q`: whether every word matched or these are partial matches (`SearchMatchSchema`). */
  match: z.optional(SearchMatchSchema),
});
export type ProjectSuggestionList = z.infer<typeof ProjectSuggestionListSchema>;

/** `data` of `GET /api/tracker/activity` (with `next_cursor` beside it). */
export const ActivityListSchema = z.object({ activity: z.array(ActivityItemSchema) });
export type ActivityList = z.infer<typeof ActivityListSchema>;

/** The `{id}` of one tracker request's or suggestion's routes. */
export const TrackerIdParamsSchema = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(TRACKER_LIMITS.idMax)),
});
