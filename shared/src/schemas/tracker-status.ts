import * as z from '../zod';
import { TRACKER_LIMITS, TRACKER_STATUSES, type TrackerStatus } from './tracker';
import { noHiddenCharacters } from './text';

/**
 * Admins move tracker requests and suggestions along
 * open → planned → in progress → completed, or close them (with a required note). The API speaks
 * in codes (`in_progress`, like the feature system's statuses, and the `status_changed` events);
 * items, filters and counters keep the tracker's display names ('In Progress'), which old items
 * and the status filter already use.
 *
 * Transitions: any status to any other (a request can be reopened, planned again, or completed
 * straight from open); changing to the status it already has is a 409.
 */
export const TRACKER_STATUS_CODES = [
  'open',
  'planned',
  'in_progress',
  'completed',
  'closed',
] as const;
export type TrackerStatusCode = (typeof TRACKER_STATUS_CODES)[number];

export const TRACKER_STATUS_BY_CODE: Readonly<Record<TrackerStatusCode, TrackerStatus>> = {
  open: 'Open',
  planned: 'Planned',
  in_progress: 'In Progress',
  completed: 'Completed',
  closed: 'Closed',
};

/** The code of a status given as a code or a display name ('In Progress', 'open'…). */
export function trackerStatusCode(status: string | null | undefined): TrackerStatusCode {
  const code = (status ?? 'open').trim().toLowerCase().replace(/\s+/g, '_');
  return (TRACKER_STATUS_CODES as readonly string[]).includes(code)
    ? (code as TrackerStatusCode)
    : 'open';
}

/** Whether a display name is one of the tracker's statuses. */
export const isTrackerStatus = (value: unknown): value is TrackerStatus =>
  (TRACKER_STATUSES as readonly unknown[]).includes(value);

export const STATUS_NOTE_MAX = 1000;

export const TRACKER_STATUS_MESSAGES = {
  invalidStatus: `Status must be one of: ${TRACKER_STATUS_CODES.join(', ')}`,
  noteRequired: 'A note is required when closing',
  noteTooLong: `The note must be at most ${STATUS_NOTE_MAX} characters`,
  sameStatus: (status: TrackerStatus) => `It is already ${status}`,
} as const;

/**
 * Body of `PUT /api/tracker/feature-requests/{id}/status` and
 * `PUT /api/tracker/project-suggestions/{id}/status` (admins). The note is optional except when
 * closing; blank means none.
 */
export const TrackerStatusChangeInputSchema = z
  .object({
    status: z.enum(TRACKER_STATUS_CODES, { error: TRACKER_STATUS_MESSAGES.invalidStatus }),
    note: z.pipe(
      z.optional(
        z.nullable(
          z
            .string({ error: TRACKER_STATUS_MESSAGES.noteTooLong })
            .check(
              z.trim(),
              z.maxLength(STATUS_NOTE_MAX, TRACKER_STATUS_MESSAGES.noteTooLong),
              noHiddenCharacters('The note', { lineBreaks: true }),
            ),
        ),
      ),
      z.transform((value: string | null | undefined) => value || undefined),
    ),
  })
  .check(
    z.refine((input) => input.status !== 'closed' || input.note !== undefined, {
      message: TRACKER_STATUS_MESSAGES.noteRequired,
      path: ['note'],
    }),
  );
export type TrackerStatusChangeInput = z.input<typeof TrackerStatusChangeInputSchema>;
export type TrackerStatusChange = z.output<typeof TrackerStatusChangeInputSchema>;

/** Path parameters of the two status routes. */
export const TrackerIdParamsSchema = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(TRACKER_LIMITS.idMax)),
});

/** The answer of the two status routes: the item's status fields after the change. */
export const TrackerStatusResultSchema = z.object({
  subject_type: z.enum(['tracker_request', 'tracker_suggestion']),
  id: z.string(),
  status: z.enum(TRACKER_STATUSES),
  status_changed_at: z.string(),
  status_note: z.nullable(z.string()),
  completed_at: z.nullable(z.string()),
});
export type TrackerStatusResult = z.infer<typeof TrackerStatusResultSchema>;
