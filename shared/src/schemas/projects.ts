import { z } from 'zod';
import { DEFAULT_PROJECT_GROUP } from '../constants';

const optionalText = (max: number) => z.string().trim().max(max);

export const DeploymentSchema = z.object({
  /** Where the deployed project lives (site-relative path or absolute URL). */
  deployAs: z.string().optional(),
  /** Deployment type, e.g. 'static', 'spa', 'serverless'. */
  type: z.string().optional(),
  requiresBuild: z.boolean().optional(),
  packageManager: z.string().optional(),
  backend: z.object({ type: z.string().optional() }).optional(),
});
export type Deployment = z.infer<typeof DeploymentSchema>;

/** Per-project counts of feature requests, kept as counter items (spec 2, Manage Projects). */
export const FeatureCountsSchema = z.object({
  total: z.number().int(),
  open: z.number().int(),
  completed: z.number().int(),
});
export type FeatureCounts = z.infer<typeof FeatureCountsSchema>;

export const ProjectSchema = z.object({
  id: z.string(),
  title: z.string(),
  path: z.string().optional(),
  group_name: z.string(),
  description: z.string().optional(),
  stage: z.string().optional(),
  status: z.string().optional(),
  version: z.string().optional(),
  repository: z.object({ url: z.string().optional() }).optional(),
  show_on_homepage: z.boolean(),
  deployment: DeploymentSchema.optional(),
  feature_counts: FeatureCountsSchema.optional(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Project = z.infer<typeof ProjectSchema>;

/** Body of `POST /api/projects` and `PUT /api/projects/{key}` (spec 5, project form). */
export const ProjectInputSchema = z.object({
  title: z.string().trim().min(1, 'Title is required').max(200),
  path: optionalText(500).optional(),
  group_name: optionalText(100)
    .optional()
    .transform((value) => (value ? value : DEFAULT_PROJECT_GROUP)),
  description: optionalText(5000).optional(),
  stage: optionalText(40).optional(),
  status: optionalText(40).optional(),
  version: optionalText(40).optional(),
  repository: z
    .object({
      url: z.union([z.url({ protocol: /^https?$/ }).max(500), z.literal('')]).optional(),
    })
    .optional(),
  show_on_homepage: z.boolean().default(true),
  deployment: z
    .object({
      deployAs: optionalText(500).optional(),
      type: optionalText(40).optional(),
      requiresBuild: z.boolean().optional(),
      packageManager: optionalText(40).optional(),
      backend: z.object({ type: optionalText(40).optional() }).optional(),
    })
    .optional(),
});
export type ProjectInput = z.input<typeof ProjectInputSchema>;

export const ProjectGroupSchema = z.object({
  name: z.string(),
  projects: z.array(ProjectSchema),
});
export type ProjectGroup = z.infer<typeof ProjectGroupSchema>;

/** `data` of `GET /api/projects`. */
export const ProjectListSchema = z.object({ projects: z.array(ProjectSchema) });
export type ProjectList = z.infer<typeof ProjectListSchema>;

/** `data` of `GET /api/projects/homepage`: groups keyed by group, plus the platform build tools. */
export const HomepageSchema = z.object({
  groups: z.record(z.string(), ProjectGroupSchema),
  global: z.object({ buildTools: z.record(z.string(), z.string()) }),
});
export type Homepage = z.infer<typeof HomepageSchema>;

/** `data` of `GET /api/projects/{key}` (key = group key or name). */
export const ProjectGroupResponseSchema = ProjectGroupSchema.extend({ key: z.string() });

export const GroupParamsSchema = z.object({ key: z.string().min(1).max(100) });

/**
 * The key a group is addressed by in URLs and the homepage map: the group name in lower case with
 * every run of other characters turned into one '-'.
 */
export function groupKey(groupName: string): string {
  const key = groupName
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return key || DEFAULT_PROJECT_GROUP;
}

/** Path of `PUT` and `DELETE /api/projects/{key}`: the key is the project's id. */
export const ProjectIdParamsSchema = z.object({
  key: z.string().regex(/^[0-9A-Z]{26}$/, 'Invalid project id'),
});
