import * as z from '../zod';
import { TRACKER_LIMITS } from './tracker';

/**
 * The public roadmap. Three columns drawn from tracker requests (planned, in progress,
 * completed) and the egg feature requests of /features (in progress, completed; approved features
 * are still being voted on, so they are not "planned").
 */
export const ROADMAP_COLUMNS = ['planned', 'in_progress', 'completed'] as const;
export type RoadmapColumnName = (typeof ROADMAP_COLUMNS)[number];

export const ROADMAP_LIMITS = {
  /** The most cards a column answers. */
  perColumn: 50,
  /** 'Recently completed': completed within this many days. */
  completedDays: 90,
} as const;

export const ROADMAP_KINDS = ['feature', 'tracker_request'] as const;
export type RoadmapKind = (typeof ROADMAP_KINDS)[number];

/** One card of the roadmap. */
export const RoadmapCardSchema = z.object({
  kind: z.enum(ROADMAP_KINDS),
  id: z.string(),
  title: z.string(),
  column: z.enum(ROADMAP_COLUMNS),
  project: z.nullable(z.object({ id: z.string(), title: z.string() })),
  /** Eggs spent on a feature request; null for tracker requests. */
  eggs: z.nullable(z.number().check(z.int())),
  /** Net votes of a tracker request; null for feature requests. */
  votes: z.nullable(z.number().check(z.int())),
  /** Comments on the request. */
  comment_count: z.number().check(z.int()),
  /** When it entered its column. */
  status_changed_at: z.string(),
  /** When it was completed (completed column only). */
  completed_at: z.nullable(z.string()),
  /** The web path of the request's own page. */
  link: z.string(),
});
export type RoadmapCard = z.infer<typeof RoadmapCardSchema>;

/** `data` of `GET /api/roadmap`: each column newest first, at most `perColumn` cards. */
export const RoadmapSchema = z.object({
  planned: z.array(RoadmapCardSchema),
  in_progress: z.array(RoadmapCardSchema),
  completed: z.array(RoadmapCardSchema),
  /** Whether a column had more cards than it answers. */
  more: z.object({ planned: z.boolean(), in_progress: z.boolean(), completed: z.boolean() }),
});
export type Roadmap = z.infer<typeof RoadmapSchema>;

/** Query of `GET /api/roadmap`: optionally one project's. */
export const RoadmapQuerySchema = z.object({
  project_id: z.pipe(
    z.optional(z.string().check(z.trim(), z.maxLength(TRACKER_LIMITS.idMax))),
    z.transform((value: string | undefined) => value || undefined),
  ),
});
export type RoadmapQuery = z.input<typeof RoadmapQuerySchema>;
