import * as z from '../zod';
import { LIMITS } from '../constants';
import { SUBJECT_TYPES, type SubjectType } from './subjects';
import { noHiddenCharacters } from './text';

/** Bounds of a changelog entry. */
export const CHANGELOG_LIMITS = {
  titleMax: 140,
  bodyMax: 10_000,
  closesMax: 20,
  idMax: 64,
  /** Default page size of `GET /api/changelog`. */
  pageSize: 20,
  /** Entries in the Atom feed. */
  feedSize: 20,
} as const;

/** How each subject type is named in messages and on the page. */
export const CHANGELOG_SUBJECT_LABELS: Record<SubjectType, string> = {
  feature: 'Feature request',
  tracker_request: 'Tracker request',
  tracker_suggestion: 'Project suggestion',
};

export const CHANGELOG_MESSAGES = {
  titleRequired: 'Title is required',
  titleTooLong: `Title must be at most ${CHANGELOG_LIMITS.titleMax} characters`,
  bodyRequired: 'Body is required',
  bodyTooLong: `Body must be at most ${CHANGELOG_LIMITS.bodyMax} characters`,
  tooManyCloses: `An entry closes at most ${CHANGELOG_LIMITS.closesMax} requests`,
  invalidSubject: `Each closed request needs a type (${SUBJECT_TYPES.join(', ')}) and an id`,
  unknownProject: 'The selected project does not exist',
  unknownSubject: (type: SubjectType, id: string) =>
    `${CHANGELOG_SUBJECT_LABELS[type]} ${id} does not exist`,
  notCompleted: (type: SubjectType, title: string, status: string) =>
    `${CHANGELOG_SUBJECT_LABELS[type]} "${title}" is not completed (its status is ${status}); only completed requests can be closed by an entry`,
  noLongerCompleted: (type: SubjectType, title: string) =>
    `${CHANGELOG_SUBJECT_LABELS[type]} "${title}" is no longer completed`,
} as const;

/** Line breaks as `\n`, surrounding blank space trimmed. */
const normalizeText = (text: string) => text.replace(/\r\n?/g, '\n').trim();

/**
 * The paragraphs of a plain-text body: separated by one or more blank lines; single line breaks
 * stay inside a paragraph. The page and the feed both render from this.
 */
export function changelogParagraphs(body: string): string[] {
  return normalizeText(body)
    .split(/\n[ \t]*\n+/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph.length > 0);
}

/** A request an entry closed, with its title as it was when the entry was published. */
export const ChangelogSubjectSchema = z.object({
  type: z.enum(SUBJECT_TYPES),
  id: z.string(),
  title: z.string(),
});
export type ChangelogSubject = z.infer<typeof ChangelogSubjectSchema>;

/** A changelog entry as the API answers it. */
export const ChangelogEntrySchema = z.object({
  id: z.string(),
  title: z.string(),
  /** Plain text; paragraphs separated by blank lines (see `changelogParagraphs`). */
  body: z.string(),
  project_id: z.nullable(z.string()),
  /** The project's title when the entry was published. */
  project: z.nullable(z.object({ id: z.string(), title: z.string() })),
  closes: z.array(ChangelogSubjectSchema),
  created_at: z.string(),
});
export type ChangelogEntry = z.infer<typeof ChangelogEntrySchema>;

export const ChangelogListSchema = z.object({ entries: z.array(ChangelogEntrySchema) });
export type ChangelogList = z.infer<typeof ChangelogListSchema>;

const requiredText = (
  max: number,
  required: string,
  tooLong: string,
  hidden: ReturnType<typeof noHiddenCharacters>,
) =>
  z.pipe(
    z.pipe(
      z.string({ error: required }),
      z.transform((value: string) => normalizeText(value)),
    ),
    z.string().check(z.minLength(1, required), z.maxLength(max, tooLong), hidden),
  );

const SubjectRefSchema = z.object({
  type: z.enum(SUBJECT_TYPES, { error: CHANGELOG_MESSAGES.invalidSubject }),
  id: z
    .string({ error: CHANGELOG_MESSAGES.invalidSubject })
    .check(
      z.trim(),
      z.minLength(1, CHANGELOG_MESSAGES.invalidSubject),
      z.maxLength(CHANGELOG_LIMITS.idMax, CHANGELOG_MESSAGES.invalidSubject),
    ),
});

/** Body of `POST /api/changelog` (admins). A request named twice is closed once. */
export const ChangelogEntryInputSchema = z.object({
  title: requiredText(
    CHANGELOG_LIMITS.titleMax,
    CHANGELOG_MESSAGES.titleRequired,
    CHANGELOG_MESSAGES.titleTooLong,
    noHiddenCharacters('Title'),
  ),
  body: requiredText(
    CHANGELOG_LIMITS.bodyMax,
    CHANGELOG_MESSAGES.bodyRequired,
    CHANGELOG_MESSAGES.bodyTooLong,
    noHiddenCharacters('Body', { lineBreaks: true }),
  ),
  /** '' or absent means no project. */
  project_id: z.pipe(
    z.nullish(
      z
        .string()
        .check(z.trim(), z.maxLength(CHANGELOG_LIMITS.idMax, CHANGELOG_MESSAGES.unknownProject)),
    ),
    z.transform((value: string | null | undefined) => value || null),
  ),
  closes: z.pipe(
    z._default(
      z
        .array(SubjectRefSchema)
        .check(z.maxLength(CHANGELOG_LIMITS.closesMax, CHANGELOG_MESSAGES.tooManyCloses)),
      [],
    ),
    z.transform((subjects: { type: SubjectType; id: string }[]) => {
      const seen = new Set<string>();
      return subjects.filter((subject) => {
        const key = `${subject.type}:${subject.id}`;
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      });
    }),
  ),
});
export type ChangelogEntryInput = z.input<typeof ChangelogEntryInputSchema>;
export type ChangelogEntryFields = z.output<typeof ChangelogEntryInputSchema>;

/** Query of `GET /api/changelog`: newest first, optionally one project's entries. */
export const ChangelogListQuerySchema = z.object({
  project_id: z.pipe(
    z.transform((value: unknown) => (value === '' ? undefined : value)),
    z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(CHANGELOG_LIMITS.idMax))),
  ),
  limit: z._default(
    z.coerce.number().check(z.int(), z.gte(1), z.lte(LIMITS.maxPageSize)),
    CHANGELOG_LIMITS.pageSize,
  ),
  cursor: z.optional(z.string().check(z.maxLength(2048))),
});
export type ChangelogListQuery = z.input<typeof ChangelogListQuerySchema>;

export const ChangelogIdParamsSchema = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(CHANGELOG_LIMITS.idMax)),
});

/** `?announce=<type>:<id>` of the changelog page: the request the publish form preselects. */
export function parseAnnounce(
  value: string | null | undefined,
): { type: SubjectType; id: string } | undefined {
  if (!value) return undefined;
  const at = value.indexOf(':');
  if (at <= 0) return undefined;
  const type = value.slice(0, at);
  const id = value.slice(at + 1).trim();
  if (!id || id.length > CHANGELOG_LIMITS.idMax) return undefined;
  return (SUBJECT_TYPES as readonly string[]).includes(type)
    ? { type: type as SubjectType, id }
    : undefined;
}

/** The answer of `DELETE /api/changelog/{id}`. */
export const ChangelogDeletedSchema = z.object({ deleted: z.boolean(), id: z.string() });
