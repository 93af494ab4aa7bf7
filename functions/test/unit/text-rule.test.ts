import { describe, expect, it } from 'vitest';
import type * as z from '@hatchworks/shared/zod';
import { ChangelogEntryInputSchema } from '@hatchworks/shared/schemas/changelog';
import { CommentEditSchema, CommentInputSchema } from '@hatchworks/shared/schemas/comments';
import { EggAdjustmentInputSchema } from '@hatchworks/shared/schemas/eggs';
import {
  BulkApproveInputSchema,
  CreateFeatureInputSchema,
  ModerationInputSchema,
  StatusChangeInputSchema,
} from '@hatchworks/shared/schemas/features';
import { ProjectInputSchema } from '@hatchworks/shared/schemas/projects';
import { hasHiddenCharacters, hiddenCharactersMessage } from '@hatchworks/shared/schemas/text';
import { TrackerStatusChangeInputSchema } from '@hatchworks/shared/schemas/tracker-status';
import {
  ProjectSuggestionInputSchema,
  TrackerFeatureRequestInputSchema,
} from '@hatchworks/shared/schemas/tracker-submissions';
import { ProfileUpdateSchema, RegisterInputSchema } from '@hatchworks/shared/schemas/users';

/** Characters no text field takes, each inside an otherwise ordinary text. */
const HIDDEN: readonly (readonly [string, string])[] = [
  ['NUL', '\u0000'],
  ['a backspace', '\u0008'],
  ['an escape', '\u001B'],
  ['DEL', '\u007F'],
  ['a C1 next line', '\u0085'],
  ['a C1 control sequence introducer', '\u009B'],
  ['a right-to-left override', '\u202E'],
  ['a left-to-right embedding', '\u202A'],
  ['a pop directional formatting', '\u202C'],
  ['a left-to-right isolate', '\u2066'],
  ['a pop directional isolate', '\u2069'],
  ['a right-to-left mark', '\u200F'],
  ['a zero-width space', '\u200B'],
  ['a zero-width non-joiner', '\u200C'],
  ['a stray zero-width joiner', '\u200D'],
  ['a word joiner', '\u2060'],
  ['a zero-width no-break space', '\uFEFF'],
  ['a soft hyphen', '\u00AD'],
  ['a tag character', '\u{E0041}'],
  ['a lone high surrogate', '\uD800'],
  ['a lone low surrogate', '\uDC00'],
  ['a line separator', '\u2028'],
  ['a Hangul filler', '\u3164'],
];

/** What a single-line field refuses on top: tabs and line breaks. */
const BREAKS: readonly (readonly [string, string])[] = [
  ['a tab', '\t'],
  ['a newline', '\n'],
  ['a CRLF', '\r\n'],
];

/** A field: its path as `details` and the issue name it, its label, and whether it is a body. */
type FieldSpec = readonly [path: string, label: string, lineBreaks?: 'lines'];

interface Field {
  readonly name: string;
  readonly schema: z.ZodMiniType;
  readonly body: (text: string) => unknown;
  readonly path: string;
  readonly label: string;
  readonly lineBreaks: boolean;
}

/** `base` with `text` at `path` ('deployment.backend.type', 'tags.0'). */
function withText(base: unknown, [key, ...rest]: string[], text: string): unknown {
  if (key === undefined) return text;
  if (/^\d+$/.test(key)) return [withText(undefined, rest, text)];
  const object = (base ?? {}) as Record<string, unknown>;
  return { ...object, [key]: withText(object[key], rest, text) };
}

/** The text fields of one schema, each checked inside a body the schema otherwise takes. */
const fieldsOf = (
  name: string,
  schema: z.ZodMiniType,
  base: object,
  specs: readonly FieldSpec[],
): Field[] =>
  specs.map(([path, label, lines]) => ({
    name: `${name} ${path}`,
    schema,
    body: (text) => withText(base, path.split('.'), text),
    path,
    label,
    lineBreaks: lines === 'lines',
  }));

/** Every user-written text field of the API, as its schema checks it. */
const FIELDS: readonly Field[] = [
  ...fieldsOf(
    'CreateFeatureInputSchema',
    CreateFeatureInputSchema,
    { title: 'CSV export', description: 'As CSV', feature_type: 'bug_fix', project_id: 'p' },
    [
      ['title', 'Title'],
      ['description', 'Description', 'lines'],
      ['tags.0', 'Tags'],
      ['use_case', 'Use case', 'lines'],
      ['expected_benefits', 'Expected benefits', 'lines'],
    ],
  ),
  ...fieldsOf('ModerationInputSchema', ModerationInputSchema, {}, [['notes', 'Notes', 'lines']]),
  ...fieldsOf('StatusChangeInputSchema', StatusChangeInputSchema, { status: 'approved' }, [
    ['approval_notes', 'Notes', 'lines'],
  ]),
  ...fieldsOf('BulkApproveInputSchema', BulkApproveInputSchema, { feature_ids: ['f'] }, [
    ['notes', 'Notes', 'lines'],
  ]),
  ...fieldsOf(
    'TrackerFeatureRequestInputSchema',
    TrackerFeatureRequestInputSchema,
    { title: 'Dark mode', description: 'Please' },
    [
      ['title', 'Title'],
      ['description', 'Description', 'lines'],
      ['tags.0', 'Tags'],
    ],
  ),
  ...fieldsOf(
    'ProjectSuggestionInputSchema',
    ProjectSuggestionInputSchema,
    { name: 'Hen game', description: 'A game', rationale: 'Fun' },
    [
      ['name', 'Name'],
      ['description', 'Description', 'lines'],
      ['rationale', 'Rationale', 'lines'],
    ],
  ),
  ...fieldsOf(
    'TrackerStatusChangeInputSchema',
    TrackerStatusChangeInputSchema,
    { status: 'closed' },
    [['note', 'The note', 'lines']],
  ),
  ...fieldsOf('CommentInputSchema', CommentInputSchema, {}, [['body', 'A comment', 'lines']]),
  ...fieldsOf('CommentEditSchema', CommentEditSchema, {}, [['body', 'A comment', 'lines']]),
  ...fieldsOf('ChangelogEntryInputSchema', ChangelogEntryInputSchema, { title: 'T', body: 'B' }, [
    ['title', 'Title'],
    ['body', 'Body', 'lines'],
  ]),
  ...fieldsOf('ProjectInputSchema', ProjectInputSchema, { title: 'Hen game' }, [
    ['title', 'Title'],
    ['path', 'Path'],
    ['group_name', 'Group'],
    ['description', 'Description', 'lines'],
    ['stage', 'Stage'],
    ['status', 'Status'],
    ['version', 'Version'],
    ['deployment.deployAs', 'Deploy as'],
    ['deployment.type', 'Deployment type'],
    ['deployment.packageManager', 'Package manager'],
    ['deployment.backend.type', 'Backend type'],
  ]),
  ...fieldsOf('EggAdjustmentInputSchema', EggAdjustmentInputSchema, { amount: 5 }, [
    ['reason', 'The reason'],
  ]),
  ...fieldsOf('ProfileUpdateSchema', ProfileUpdateSchema, { username: 'hen' }, [
    ['display_name', 'Display name'],
  ]),
  ...fieldsOf(
    'RegisterInputSchema',
    RegisterInputSchema,
    { email: 'hen@example.test', password: 'long enough password' },
    [['display_name', 'Display name']],
  ),
];

const issuesOf = (schema: z.ZodMiniType, body: unknown) => {
  const result = schema.safeParse(body);
  return result.success
    ? []
    : result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
};

describe('hasHiddenCharacters', () => {
  it.each(HIDDEN)('finds %s in a line and in a body', (_, char) => {
    expect(hasHiddenCharacters(`Hen${char}text`)).toBe(true);
    expect(hasHiddenCharacters(`Hen${char}text`, { lineBreaks: true })).toBe(true);
  });

  it.each(BREAKS)('finds %s in a line, not in a body', (_, char) => {
    expect(hasHiddenCharacters(`Hen${char}text`)).toBe(true);
    expect(hasHiddenCharacters(`Hen${char}text`, { lineBreaks: true })).toBe(false);
  });

  it('finds a carriage return without its line feed in a body', () => {
    expect(hasHiddenCharacters('Hen\rtext', { lineBreaks: true })).toBe(true);
  });

  it('reads a long body in one pass', () => {
    const body = 'A line with an emoji 👩‍💻 and a tab\t.\n'.repeat(1600);

    expect(hasHiddenCharacters(body, { lineBreaks: true })).toBe(false);
    expect(hasHiddenCharacters(`${body}\u202E`, { lineBreaks: true })).toBe(true);
  });
});

describe('the text rule of every user-written field', () => {
  describe.each(FIELDS)('$name', ({ schema, body, path, label, lineBreaks }) => {
    const refused = lineBreaks ? HIDDEN : [...HIDDEN, ...BREAKS];
    const what = lineBreaks ? 'hidden characters' : 'hidden characters, tabs and line breaks';

    it(`refuses ${what} with "${label} may not contain …", naming ${path}`, () => {
      const refusal = [{ path, message: hiddenCharactersMessage(label) }];

      const answers = refused.map(([name, char]) => [
        name,
        issuesOf(schema, body(`Hen${char}text`)),
      ]);

      expect(Object.fromEntries(answers)).toEqual(
        Object.fromEntries(refused.map(([name]) => [name, refusal])),
      );
    });

    it(`takes letters of any script, emoji sequences and flags${lineBreaks ? ', tabs and line breaks' : ''}`, () => {
      const text = 'Zoë مرغ ひよこ 👩‍💻 ❤️ 🏴󠁧󠁢󠁳󠁣󠁴󠁿';

      expect(issuesOf(schema, body(lineBreaks ? `${text}\n\tLine two\r\nthree` : text))).toEqual(
        [],
      );
    });
  });

  it('refuses a repository URL with hidden characters, naming it', () => {
    const issues = issuesOf(ProjectInputSchema, {
      title: 'P',
      repository: { url: 'https://example.com/\u202Egnp.exe' },
    });

    expect(issues.map((issue) => issue.path)).toEqual(['repository.url']);
  });
});
