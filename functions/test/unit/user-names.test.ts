import { describe, expect, it } from 'vitest';
import {
  NAME_MESSAGES,
  cleanDisplayName,
  isReservedUsername,
} from '@hatchworks/shared/schemas/user-names';
import {
  DisplayNameSchema,
  RegisterInputSchema,
  UsernameSchema,
  profileUpdateSchemaFor,
} from '@hatchworks/shared/schemas/users';
import { chosenDisplayName, fallbackUsername } from '../../src/modules/accounts/usernames';

const messages = (result: { error?: { issues: { message: string }[] } | undefined }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('reserved usernames', () => {
  it.each([
    'admin',
    'Admin',
    'ADMINISTRATOR',
    'root',
    'support',
    'moderator',
    'mod',
    'system',
    'hatchworks',
    'staff',
    'team',
    'official',
    'security',
    'help',
    'null',
    'undefined',
    'api',
    'www',
    'anonymous',
    'ad_min',
    'Admin-1',
    'a.d.m.i.n',
    'root.42',
    '_support_',
    'mod2',
    'No-Reply',
    'Hatchworks_Team',
    'the.hatchworks.crew',
  ])('refuses %s with "This username is reserved"', (name) => {
    expect(isReservedUsername(name)).toBe(true);
    expect(messages(UsernameSchema.safeParse(name))).toEqual([NAME_MESSAGES.usernameReserved]);
  });

  it.each([
    'admiral',
    'modern',
    'model',
    'demo_admin',
    'helpful_hen',
    'rooted',
    'teamwork',
    'user',
  ])('accepts %s: only the whole name counts, not a word it starts or ends with', (name) => {
    expect(isReservedUsername(name)).toBe(false);
    expect(UsernameSchema.safeParse(name).success).toBe(true);
  });

  it('refuses a reserved username on register', () => {
    const result = RegisterInputSchema.safeParse({
      email: 'hen@example.test',
      password: 'long enough password',
      username: 'Moderator',
    });

    expect(messages(result)).toEqual([NAME_MESSAGES.usernameReserved]);
  });

  it('lets a user keep a name reserved since they took it, but not take another one', () => {
    const schema = profileUpdateSchemaFor('Admin');

    expect(schema.safeParse({ display_name: 'Hen', username: 'admin' }).success).toBe(true);
    expect(messages(schema.safeParse({ display_name: 'Hen', username: 'root' }))).toEqual([
      NAME_MESSAGES.usernameReserved,
    ]);
    expect(
      messages(profileUpdateSchemaFor('hen').safeParse({ display_name: 'Hen', username: 'admin' })),
    ).toEqual([NAME_MESSAGES.usernameReserved]);
  });
});

describe('display names', () => {
  it('are NFC-normalized, so one text has one spelling', () => {
    const decomposed = 'Zoe\u0301 Hen';

    const parsed = DisplayNameSchema.parse(decomposed);

    expect(parsed).toBe('Zoé Hen');
    expect(parsed).toHaveLength(7);
  });

  it.each([
    ['a right-to-left override', 'Hen\u202Egnp.exe'],
    ['a left-to-right embedding', '\u202AHen'],
    ['a pop directional formatting', 'Hen\u202C'],
    ['a first-strong isolate', 'Hen\u2068x\u2069'],
    ['a right-to-left isolate', '\u2067Hen'],
    ['a right-to-left mark', 'Hen\u200F'],
    ['a left-to-right mark', '\u200EHen'],
    ['an Arabic letter mark', 'Hen\u061C'],
    ['a zero-width space', 'Ad\u200Bmin'],
    ['a stray zero-width joiner', 'Hen\u200D'],
    ['a zero-width no-break space', 'He\uFEFFn'],
    ['a soft hyphen', 'Ad\u00ADmin'],
    ['a newline', 'Hen\nOfficial'],
    ['a tab', 'Hen\tHen'],
    ['a NUL', 'Hen\u0000'],
    ['a line separator', 'Hen\u2028Hen'],
    ['a Hangul filler', '\u3164'],
  ])('refuses %s with a clear message', (_, name) => {
    expect(messages(DisplayNameSchema.safeParse(name))).toContain(NAME_MESSAGES.displayNameHidden);
  });

  it('accepts letters of any script, spaces inside, and emoji sequences', () => {
    for (const name of ['Hen Quill', 'مرغ', 'ひよこ 🐣', '👩‍💻 Coder', 'Zoë-Anne O’Neil']) {
      expect(DisplayNameSchema.safeParse(name).success).toBe(true);
    }
  });
});

describe('cleanDisplayName (names others supplied)', () => {
  it('drops hidden characters, turns controls into spaces and keeps emoji sequences', () => {
    expect(cleanDisplayName('Mallory\u202Eexe.gnp')).toBe('Malloryexe.gnp');
    expect(cleanDisplayName('  Hen\n\tQuill\u200B ')).toBe('Hen Quill');
    expect(cleanDisplayName('Zoe\u0301')).toBe('Zoé');
    expect(cleanDisplayName('👩‍💻 Coder')).toBe('👩‍💻 Coder');
    expect(cleanDisplayName('\u202E\u200F')).toBe('');
  });

  it('cuts to 60 characters without splitting a character or leaving a joiner', () => {
    expect(cleanDisplayName('x'.repeat(80))).toBe('x'.repeat(60));
    const cut = cleanDisplayName(`${'x'.repeat(58)}👩‍💻`);
    expect(cut).toBe(`${'x'.repeat(58)}👩`);
    expect(DisplayNameSchema.safeParse(cut).success).toBe(true);
  });
});

describe('fallback names of a new user', () => {
  it('never derives a reserved username: a reserved candidate is passed over', () => {
    expect(fallbackUsername('admin', 'Hen.Quill')).toBe('Hen.Quill');
    expect(fallbackUsername('Support-1', undefined, 'root')).toBe('user');
    expect(fallbackUsername('Ädmin')).toBe('user');
  });

  it('passes over a name that a cut for uniqueness would make reserved', () => {
    const crafted = `administrator${'_'.repeat(12)}xyz`;

    expect(isReservedUsername(crafted)).toBe(false);
    expect(fallbackUsername(crafted, 'hen')).toBe('hen');
  });

  it('cleans a display name from the identity provider instead of refusing it', () => {
    expect(chosenDisplayName('\u202EMallory', 'unused')).toBe('Mallory');
    // Nothing usable: no display name of its own (the account shows its username, not its email).
    expect(chosenDisplayName('\u200B\u202E', undefined)).toBeUndefined();
  });
});
