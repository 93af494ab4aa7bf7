import * as z from '../zod';
import {
  SUGGESTION_GROUPS,
  TRACKER_CATEGORIES,
  TRACKER_DEFAULTS,
  TRACKER_LIMITS,
  TRACKER_MESSAGES,
  TRACKER_PRIORITIES,
  parseTags,
} from './tracker';
import { noHiddenCharacters } from './text';

/*
 * The bodies of the two tracker submissions, apart from tracker.ts: the tracker's votes and lists
 * import tracker.ts and would bundle these rules too.
 */

const requiredText = (
  max: number,
  required: string,
  tooLong: string,
  hidden: ReturnType<typeof noHiddenCharacters>,
) =>
  z
    .string({ error: required })
    .check(z.trim(), z.minLength(1, required), z.maxLength(max, tooLong), hidden);

/** An optional enumeration field: missing, null or '' take the default. */
const enumWithDefault = <T extends readonly [string, ...string[]]>(
  values: T,
  fallback: T[number],
  message: string,
) =>
  z.pipe(
    z.transform((value: unknown) =>
      value === undefined || value === null || value === '' ? fallback : value,
    ),
    z.enum(values, { error: message }),
  );

/** The honeypot: people never see or fill it; anything in it marks a bot. */
const HoneypotSchema = z.optional(z.string().check(z.maxLength(TRACKER_LIMITS.honeypotMax)));

const TagsInputSchema = z.pipe(
  z.pipe(
    z.optional(
      z.union([
        z.string().check(z.maxLength(TRACKER_LIMITS.tagsTextMax, TRACKER_MESSAGES.tagsTooLong)),
        z
          .array(z.string().check(z.maxLength(TRACKER_LIMITS.tagsTextMax)))
          .check(z.maxLength(TRACKER_LIMITS.tagsMax * 2)),
      ]),
    ),
    z.transform((value: string | string[] | undefined) =>
      value === undefined ? [] : parseTags(value),
    ),
  ),
  z
    .array(
      z
        .string()
        .check(
          z.maxLength(TRACKER_LIMITS.tagMax, TRACKER_MESSAGES.tagTooLong),
          noHiddenCharacters('Tags'),
        ),
    )
    .check(z.maxLength(TRACKER_LIMITS.tagsMax, TRACKER_MESSAGES.tooManyTags)),
);

/** Body of `POST /api/tracker/feature-requests`, with the submit form's rules. */
export const TrackerFeatureRequestInputSchema = z.object({
  title: requiredText(
    TRACKER_LIMITS.titleMax,
    TRACKER_MESSAGES.titleAndDescription,
    TRACKER_MESSAGES.titleTooLong,
    noHiddenCharacters('Title'),
  ),
  description: requiredText(
    TRACKER_LIMITS.descriptionMax,
    TRACKER_MESSAGES.titleAndDescription,
    TRACKER_MESSAGES.descriptionTooLong,
    noHiddenCharacters('Description', { lineBreaks: true }),
  ),
  category: enumWithDefault(
    TRACKER_CATEGORIES,
    TRACKER_DEFAULTS.category,
    TRACKER_MESSAGES.invalidCategory,
  ),
  priority: enumWithDefault(
    TRACKER_PRIORITIES,
    TRACKER_DEFAULTS.priority,
    TRACKER_MESSAGES.invalidPriority,
  ),
  /** The project's id as text; '' or absent means no project. */
  project_id: z.pipe(
    z.nullish(
      z
        .string()
        .check(z.trim(), z.maxLength(TRACKER_LIMITS.idMax, TRACKER_MESSAGES.unknownProject)),
    ),
    z.transform((value: string | null | undefined) => value || null),
  ),
  /** Comma-separated text ('ui, performance, mobile'); stored as a clean unique list. */
  tags: TagsInputSchema,
  website: HoneypotSchema,
});
export type TrackerFeatureRequestInput = z.input<typeof TrackerFeatureRequestInputSchema>;
export type TrackerFeatureRequestFields = z.output<typeof TrackerFeatureRequestInputSchema>;

/** Body of `POST /api/tracker/project-suggestions`, with the submit form's rules. */
export const ProjectSuggestionInputSchema = z.object({
  name: requiredText(
    TRACKER_LIMITS.nameMax,
    TRACKER_MESSAGES.suggestionRequired,
    TRACKER_MESSAGES.nameTooLong,
    noHiddenCharacters('Name'),
  ),
  description: requiredText(
    TRACKER_LIMITS.descriptionMax,
    TRACKER_MESSAGES.suggestionRequired,
    TRACKER_MESSAGES.descriptionTooLong,
    noHiddenCharacters('Description', { lineBreaks: true }),
  ),
  rationale: requiredText(
    TRACKER_LIMITS.rationaleMax,
    TRACKER_MESSAGES.suggestionRequired,
    TRACKER_MESSAGES.rationaleTooLong,
    noHiddenCharacters('Rationale', { lineBreaks: true }),
  ),
  group: enumWithDefault(SUGGESTION_GROUPS, TRACKER_DEFAULTS.group, TRACKER_MESSAGES.invalidGroup),
  website: HoneypotSchema,
});
export type ProjectSuggestionInput = z.input<typeof ProjectSuggestionInputSchema>;
export type ProjectSuggestionFields = z.output<typeof ProjectSuggestionInputSchema>;
