import { z } from 'zod';
import { LIMITS } from '../constants';

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
] as const;
export type FeatureStatus = (typeof FEATURE_STATUSES)[number];

/** Statuses anyone may list; pending and rejected requests are listed to admins only. */
export const PUBLIC_FEATURE_STATUSES = ['approved', 'in_progress', 'completed'] as const;

export const PRIORITY_LEVELS = ['high', 'medium', 'low'] as const;
export type PriorityLevel = (typeof PRIORITY_LEVELS)[number];

/** Bounds the spec leaves open (README, API section). */
export const FEATURE_LIMITS = {
  descriptionMax: 5000,
  longTextMax: 2000,
  tagsMax: 10,
  tagMax: 30,
} as const;

/** Spec 5, Create feature. */
export const FEATURE_MESSAGES = {
  titleAndDescription: 'Title and description are required',
  selectProject: 'Please select a project for this feature request',
  notEnoughEggs: 'You need at least 100 eggs to create a feature request',
  invalidEggAmount: 'Invalid egg amount',
  votingOnlyApproved: 'Voting is only allowed on approved features',
} as const;

/** A feature request as the API answers it (spec 3, feature system). */
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
  total_eggs: z.number().int(),
  vote_count: z.number().int(),
  tags: z.array(z.string()),
  use_case: z.string().optional(),
  expected_benefits: z.string().optional(),
  approval_notes: z.string().optional(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Feature = z.infer<typeof FeatureSchema>;

const requiredText = (max: number, tooLong: string) =>
  z
    .string({ error: FEATURE_MESSAGES.titleAndDescription })
    .trim()
    .min(1, FEATURE_MESSAGES.titleAndDescription)
    .max(max, tooLong);

const TagsSchema = z
  .array(
    z
      .string()
      .trim()
      .min(1, 'Tags may not be empty')
      .max(FEATURE_LIMITS.tagMax, `Tags must be at most ${FEATURE_LIMITS.tagMax} characters`),
  )
  .max(FEATURE_LIMITS.tagsMax, `At most ${FEATURE_LIMITS.tagsMax} tags`)
  .refine((tags) => new Set(tags).size === tags.length, 'Tags must be unique');

/** Body of `POST /api/features` (spec 3 payload, spec 5 rules). */
export const CreateFeatureInputSchema = z.object({
  title: requiredText(
    LIMITS.featureTitleMax,
    `Title must be at most ${LIMITS.featureTitleMax} characters`,
  ),
  description: requiredText(
    FEATURE_LIMITS.descriptionMax,
    `Description must be at most ${FEATURE_LIMITS.descriptionMax} characters`,
  ),
  feature_type: z.enum(FEATURE_TYPES),
  project_id: z
    .string({ error: FEATURE_MESSAGES.selectProject })
    .trim()
    .min(1, FEATURE_MESSAGES.selectProject),
  tags: TagsSchema.default([]),
  use_case: z.string().trim().max(FEATURE_LIMITS.longTextMax).optional(),
  expected_benefits: z.string().trim().max(FEATURE_LIMITS.longTextMax).optional(),
  priority_level: z.enum(PRIORITY_LEVELS).default('medium'),
  /** Optional; when sent it must be the caller. */
  user_id: z.string().optional(),
});
export type CreateFeatureInput = z.input<typeof CreateFeatureInputSchema>;

/** Query of `GET /api/features`: status omitted lists every status the caller may see. */
export const FeatureListQuerySchema = z.object({
  status: z.enum(FEATURE_STATUSES).optional(),
  /** Only this project's requests (combinable with `status`). */
  project_id: z.string().trim().min(1).max(64).optional(),
  sort_by: z.literal('total_eggs').optional(),
  sort_direction: z.literal('desc').optional(),
  limit: z.coerce.number().int().min(1).max(LIMITS.featurePageSize).default(LIMITS.featurePageSize),
  cursor: z.string().max(2048).optional(),
});

export const FeatureListSchema = z.object({ features: z.array(FeatureSchema) });
export type FeatureList = z.infer<typeof FeatureListSchema>;

/** `GET /api/features/stats`: counts kept by counter items. */
export const FeatureStatsSchema = z.object({
  total: z.number().int(),
  pending: z.number().int(),
  approved: z.number().int(),
  in_progress: z.number().int(),
  completed: z.number().int(),
  rejected: z.number().int(),
});
export type FeatureStats = z.infer<typeof FeatureStatsSchema>;

/** Body of `POST /api/features/vote` (spec 3 payload). */
export const VoteInputSchema = z.object({
  user_id: z.string().optional(),
  feature_id: z.string().min(1),
  eggs_allocated: z
    .number({ error: FEATURE_MESSAGES.invalidEggAmount })
    .int(FEATURE_MESSAGES.invalidEggAmount)
    .positive(FEATURE_MESSAGES.invalidEggAmount),
});

/** Answer of `POST /api/features/vote`. */
export const VoteResultSchema = z.object({
  feature_id: z.string(),
  eggs_allocated: z.number().int(),
  /** Everything this user has put on this feature so far. */
  user_total_eggs: z.number().int(),
  new_balance: z.number().int(),
  total_eggs: z.number().int(),
  vote_count: z.number().int(),
});
export type VoteResult = z.infer<typeof VoteResultSchema>;

/** One user's vote on one feature (`GET /api/users/{id}/votes`). */
export const VoteSchema = z.object({
  feature_id: z.string(),
  /** Everything the user has put on the feature. */
  eggs_allocated: z.number().int(),
  /** The feature as it is now (absent if it is gone); the totals are every voter's. */
  feature: z
    .object({
      title: z.string(),
      status: z.enum(FEATURE_STATUSES),
      project_id: z.string().optional(),
      total_eggs: z.number().int().optional(),
      vote_count: z.number().int().optional(),
    })
    .optional(),
  created_at: z.string(),
  updated_at: z.string(),
});

export const VoteListSchema = z.object({ votes: z.array(VoteSchema) });
export type VoteList = z.infer<typeof VoteListSchema>;

export const UserIdParamsSchema = z.object({ id: z.string().min(1).max(64) });
export type Vote = z.infer<typeof VoteSchema>;

export const FeatureIdParamsSchema = z.object({ id: z.string().min(1).max(64) });

const NotesSchema = z.string().trim().max(FEATURE_LIMITS.longTextMax).optional();

/** Body of `POST /api/admin/features/{id}/approve` and `/reject`. */
export const ModerationInputSchema = z.object({ notes: NotesSchema }).default({});

/** Body of `PUT /api/admin/features/{id}/status`. */
export const StatusChangeInputSchema = z.object({
  status: z.enum(FEATURE_STATUSES),
  approval_notes: NotesSchema,
});

/** Body of `POST /api/admin/features/bulk-approve`. */
export const BulkApproveInputSchema = z.object({
  feature_ids: z.array(z.string().min(1).max(64)).min(1).max(25),
  notes: NotesSchema,
});

export const BulkApproveResultSchema = z.object({
  approved: z.array(z.string()),
  failed: z.array(z.object({ id: z.string(), error: z.string() })),
});
export type BulkApproveResult = z.infer<typeof BulkApproveResultSchema>;
