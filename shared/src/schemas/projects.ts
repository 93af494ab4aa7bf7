import * as z from '../zod';
import { DEFAULT_PROJECT_GROUP } from '../constants';
import { noHiddenCharacters } from './text';
import { EMBED_LIMITS, EMBED_MESSAGES, parseEmbedOrigin } from '../embed';

/** An optional one-line text (a description may break lines). */
const optionalText = (max: number, label: string, options: { lineBreaks?: boolean } = {}) =>
  z.optional(z.string().check(z.trim(), z.maxLength(max), noHiddenCharacters(label, options)));

export const DeploymentSchema = z.object({
  /** Where the deployed project lives (site-relative path or absolute URL). */
  deployAs: z.optional(z.string()),
  /** Deployment type, e.g. 'static', 'spa', 'serverless'. */
  type: z.optional(z.string()),
  requiresBuild: z.optional(z.boolean()),
  packageManager: z.optional(z.string()),
  backend: z.optional(z.object({ type: z.optional(z.string()) })),
});
export type Deployment = z.infer<typeof DeploymentSchema>;

/** Per-project counts of feature requests, kept as counter items. */
export const FeatureCountsSchema = z.object({
  total: z.number().check(z.int()),
  open: z.number().check(z.int()),
  completed: z.number().check(z.int()),
});
export type FeatureCounts = z.infer<typeof FeatureCountsSchema>;

/**
 * The origins that may embed a project's feedback panel: each normalised to what a browser sends
 * (`https://example.com`), duplicates dropped, blanks ignored.
 */
export const EmbedOriginsSchema = z.pipe(
  z.array(z.string().check(z.maxLength(EMBED_LIMITS.originLength * 2))),
  z.transform((list: string[], ctx) => {
    const origins: string[] = [];
    for (const entry of list) {
      if (entry.trim() === '') continue;
      const parsed = parseEmbedOrigin(entry);
      if ('error' in parsed) {
        ctx.issues.push({ code: 'custom', message: parsed.error, input: entry });
        return z.NEVER;
      }
      if (!origins.includes(parsed.origin)) origins.push(parsed.origin);
    }
    if (origins.length > EMBED_LIMITS.origins) {
      ctx.issues.push({ code: 'custom', message: EMBED_MESSAGES.tooManyOrigins, input: list });
      return z.NEVER;
    }
    return origins;
  }),
);

export const ProjectSchema = z.object({
  id: z.string(),
  title: z.string(),
  path: z.optional(z.string()),
  group_name: z.string(),
  description: z.optional(z.string()),
  stage: z.optional(z.string()),
  status: z.optional(z.string()),
  version: z.optional(z.string()),
  repository: z.optional(z.object({ url: z.optional(z.string()) })),
  show_on_homepage: z.boolean(),
  deployment: z.optional(DeploymentSchema),
  /** Origins besides the site's own whose pages may embed the feedback widget's panel. */
  embed_origins: z.optional(z.array(z.string())),
  feature_counts: z.optional(FeatureCountsSchema),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Project = z.infer<typeof ProjectSchema>;

/** Body of `POST /api/projects` and `PUT /api/projects/{key}`. */
export const ProjectInputSchema = z.object({
  title: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'Title is required'),
      z.maxLength(200),
      noHiddenCharacters('Title'),
    ),
  path: optionalText(500, 'Path'),
  group_name: z.pipe(
    optionalText(100, 'Group'),
    z.transform((value) => (value ? value : DEFAULT_PROJECT_GROUP)),
  ),
  description: optionalText(5000, 'Description', { lineBreaks: true }),
  stage: optionalText(40, 'Stage'),
  status: optionalText(40, 'Status'),
  version: optionalText(40, 'Version'),
  repository: z.optional(
    z.object({
      url: z.optional(
        z.union([
          z
            .url({ protocol: /^https?$/ })
            .check(z.maxLength(500), noHiddenCharacters('Repository URL')),
          z.literal(''),
        ]),
      ),
    }),
  ),
  show_on_homepage: z._default(z.boolean(), true),
  deployment: z.optional(
    z.object({
      deployAs: optionalText(500, 'Deploy as'),
      type: optionalText(40, 'Deployment type'),
      requiresBuild: z.optional(z.boolean()),
      packageManager: optionalText(40, 'Package manager'),
      backend: z.optional(z.object({ type: optionalText(40, 'Backend type') })),
    }),
  ),
  embed_origins: z.optional(EmbedOriginsSchema),
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
export const ProjectGroupResponseSchema = z.extend(ProjectGroupSchema, { key: z.string() });

export const GroupParamsSchema = z.object({
  key: z.string().check(z.minLength(1), z.maxLength(100)),
});

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
  key: z.string().check(z.regex(/^[0-9A-Z]{26}$/, 'Invalid project id')),
});
