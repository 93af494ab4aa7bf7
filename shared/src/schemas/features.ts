import * as z from '../zod';
import { LIMITS } from '../constants';
import { SearchMatchSchema, SearchQueryParamSchema } from './search';
import { noHiddenCharacters } from './text';

export const FEATURE_TYPES = [
  'enhancement',
  'new_feature',
  'bug_fix',
  'ui_improvement',
  'performance',
] as const;
export type FeatureType = (typeof FEATURE_TYPES)[number];

export const FEATURE_STATUSES = [
  'pending',
  'approved',
  'in_progress',
  'completed',
  'rejected',
  /** Folded into another request with its votes; read-only, links to it. */
  'merged',
] as const;
export type FeatureStatus = (typeof FEATURE_STATUSES)[number];

/**
 * Statuses anyone may list; pending, rejected and merged requests are listed to admins only (a
 * merged one is still shown by id to everyone, with a link to the request it was merged into).
 */
export const PUBLIC_FEATURE_STATUSES = ['approved', 'in_progress', 'completed'] as const;

export const PRIORITY_LEVELS = ['high', 'medium', 'low'] as const;
export type PriorityLevel = (typeof PRIORITY_LEVELS)[number];

/** Bounds of feature text (docs/api.md lists them with the routes). */
export const FEATURE_LIMITS = {
  descriptionMax: 5000,
  longTextMax: 2000,
  tagsMax: 10,
  tagMax: 30,
} as const;

/** The create form's messages, one per rule, in the order they are checked. */
export const FEATURE_MESSAGES = {
  titleAndDescription: 'Title and description are required',
  selectProject: 'Please select a project for this feature request',
  notEnoughEggs: 'You need at least 100 eggs to create a feature request',
  invalidEggAmount: 'Invalid egg amount',
  votingOnlyApproved: 'Voting is only allowed on approved features',
} as const;

/** Why an approval or a rejection can no longer be taken back to pending (409). */
export const REOPEN_MESSAGES = {
  eggsSinceApproval: 'Eggs were put on this request since it was approved: it stays approved',
  mergedInto: 'Requests were merged into this one: it stays approved',
  refundSpent:
    'The author no longer has the 100 eggs the rejection refunded: the request stays rejected',
  authorGone: "The author's account is gone: the request stays rejected",
} as const;

/** A feature request as the API answers it. */
export const FeatureSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  feature_type: z.enum(FEATURE_TYPES),
  project_id: z.string(),
  project: z.object({ title: z.string() }),
  user_id: z.string(),
  user: z.object({ display_name: z.string(), username: z.string() }),
  status: z.enum(FEATURE_STATUSES),
  priority_level: z.enum(PRIORITY_LEVELS),
  total_eggs: z.number().check(z.int()),
  vote_count: z.number().check(z.int()),
  /** Live comments on it, replies included. */
  comment_count: z.number().check(z.int()),
  tags: z.array(z.string()),
  use_case: z.optional(z.string()),
  expected_benefits: z.optional(z.string()),
  approval_notes: z.optional(z.string()),
  /** On a merged request, the request it was merged into. */
  merged_into: z.optional(z.object({ id: z.string(), title: z.string() })),
  /** The requests merged into this one (oldest merge first). */
  merged_from: z.optional(z.array(z.object({ id: z.string(), title: z.string() }))),
  /** When it was merged (set once the merge finished). */
  merged_at: z.optional(z.string()),
  /**
   * Everything the caller has put on it: present only for a signed-in caller who voted on it
   * (lists and the request's own page).
   */
  your_eggs: z.optional(z.number().check(z.int())),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Feature = z.infer<typeof FeatureSchema>;

const requiredText = (
  max: number,
  tooLong: string,
  hidden: ReturnType<typeof noHiddenCharacters>,
) =>
  z
    .string({ error: FEATURE_MESSAGES.titleAndDescription })
    .check(
      z.trim(),
      z.minLength(1, FEATURE_MESSAGES.titleAndDescription),
      z.maxLength(max, tooLong),
      hidden,
    );

/** An optional multi-line text of at most `longTextMax` characters. */
const longText = (label: string) =>
  z.optional(
    z
      .string()
      .check(
        z.trim(),
        z.maxLength(FEATURE_LIMITS.longTextMax),
        noHiddenCharacters(label, { lineBreaks: true }),
      ),
  );

const TagsSchema = z
  .array(
    z
      .string()
      .check(
        z.trim(),
        z.minLength(1, 'Tags may not be empty'),
        z.maxLength(
          FEATURE_LIMITS.tagMax,
          `Tags must be at most ${FEATURE_LIMITS.tagMax} characters`,
        ),
        noHiddenCharacters('Tags'),
      ),
  )
  .check(
    z.maxLength(FEATURE_LIMITS.tagsMax, `At most ${FEATURE_LIMITS.tagsMax} tags`),
    z.refine((tags) => new Set(tags).size === tags.length, 'Tags must be unique'),
  );

/** Body of `POST /api/features`, with the create form's rules. */
export const CreateFeatureInputSchema = z.object({
  title: requiredText(
    LIMITS.featureTitleMax,
    `Title must be at most ${LIMITS.featureTitleMax} characters`,
    noHiddenCharacters('Title'),
  ),
  description: requiredText(
    FEATURE_LIMITS.descriptionMax,
    `Description must be at most ${FEATURE_LIMITS.descriptionMax} characters`,
    noHiddenCharacters('Description', { lineBreaks: true }),
  ),
  feature_type: z.enum(FEATURE_TYPES),
  project_id: z
    .string({ error: FEATURE_MESSAGES.selectProject })
    .check(z.trim(), z.minLength(1, FEATURE_MESSAGES.selectProject)),
  tags: z._default(TagsSchema, []),
  use_case: longText('Use case'),
  expected_benefits: longText('Expected benefits'),
  priority_level: z._default(z.enum(PRIORITY_LEVELS), 'medium'),
  /** Optional; when sent it must be the caller. */
  user_id: z.optional(z.string()),
});
export type CreateFeatureInput = z.input<typeof CreateFeatureInputSchema>;

/** Query of `GET /api/features`: status omitted lists every status the caller may see. */
export const FeatureListQuerySchema = z.object({
  status: z.optional(z.enum(FEATURE_STATUSES)),
  /** Only this project's requests (combinable with `status`). */
  project_id: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(64))),
  sort_by: z.optional(z.literal('total_eggs')),
  sort_direction: z.optional(z.literal('desc')),
  limit: z._default(
    z.coerce.number().check(z.int(), z.gte(1), z.lte(LIMITS.featurePageSize)),
    LIMITS.featurePageSize,
  ),
  cursor: z.optional(z.string().check(z.maxLength(2048))),
  /** Search (ranked by relevance, sort ignored); see `SearchQueryParamSchema`. */
  q: SearchQueryParamSchema,
});

export const FeatureListSchema = z.object({
  features: z.array(FeatureSchema),
  /** With `q`: whether every word matched or these are partial matches (`SearchMatchSchema`). */
  match: z.optional(SearchMatchSchema),
});
export type FeatureList = z.infer<typeof FeatureListSchema>;

/** `GET /api/features/stats`: counts kept by counter items. */
export const FeatureStatsSchema = z.object({
  total: z.number().check(z.int()),
  pending: z.number().check(z.int()),
  approved: z.number().check(z.int()),
  in_progress: z.number().check(z.int()),
  completed: z.number().check(z.int()),
  rejected: z.number().check(z.int()),
  merged: z.number().check(z.int()),
});
export type FeatureStats = z.infer<typeof FeatureStatsSchema>;

/** Body of `POST /api/features/vote`. */
export const VoteInputSchema = z.object({
  user_id: z.optional(z.string()),
  feature_id: z.string().check(z.minLength(1)),
  eggs_allocated: z
    .number({ error: FEATURE_MESSAGES.invalidEggAmount })
    .check(z.int(FEATURE_MESSAGES.invalidEggAmount), z.positive(FEATURE_MESSAGES.invalidEggAmount)),
});

/** Answer of `POST /api/features/vote`. */
export const VoteResultSchema = z.object({
  feature_id: z.string(),
  eggs_allocated: z.number().check(z.int()),
  /** Everything this user has put on this feature so far. */
  user_total_eggs: z.number().check(z.int()),
  new_balance: z.number().check(z.int()),
  total_eggs: z.number().check(z.int()),
  vote_count: z.number().check(z.int()),
});
export type VoteResult = z.infer<typeof VoteResultSchema>;

/** One user's vote on one feature (`GET /api/users/{id}/votes`). */
export const VoteSchema = z.object({
  feature_id: z.string(),
  /** Everything the user has put on the feature. */
  eggs_allocated: z.number().check(z.int()),
  /** The feature as it is now (absent if it is gone); the totals are every voter's. */
  feature: z.optional(
    z.object({
      title: z.string(),
      status: z.enum(FEATURE_STATUSES),
      project_id: z.optional(z.string()),
      total_eggs: z.optional(z.number().check(z.int())),
      vote_count: z.optional(z.number().check(z.int())),
    }),
  ),
  created_at: z.string(),
  updated_at: z.string(),
});

export const VoteListSchema = z.object({ votes: z.array(VoteSchema) });
export type VoteList = z.infer<typeof VoteListSchema>;

export const UserIdParamsSchema = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(64)),
});
export type Vote = z.infer<typeof VoteSchema>;

export const FeatureIdParamsSchema = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(64)),
});

const NotesSchema = longText('Notes');

/** Body of `POST /api/admin/features/{id}/approve` and `/reject`. */
export const ModerationInputSchema = z._default(z.object({ notes: NotesSchema }), {});

/** Body of `PUT /api/admin/features/{id}/status`. */
export const StatusChangeInputSchema = z.object({
  status: z.enum(FEATURE_STATUSES),
  approval_notes: NotesSchema,
});

/** Body of `POST /api/admin/features/bulk-approve`. */
export const BulkApproveInputSchema = z.object({
  feature_ids: z
    .array(z.string().check(z.minLength(1), z.maxLength(64)))
    .check(z.minLength(1), z.maxLength(25)),
  notes: NotesSchema,
});

export const BulkApproveResultSchema = z.object({
  approved: z.array(z.string()),
  failed: z.array(z.object({ id: z.string(), error: z.string() })),
});
export type BulkApproveResult = z.infer<typeof BulkApproveResultSchema>;
