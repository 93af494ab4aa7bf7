import { describe, expect, it } from 'vitest';
import { NAME_MESSAGES, cleanDisplayName } from '@hatchworks/shared/schemas/user-names';
import { DisplayNameSchema, RegisterInputSchema } from '@hatchworks/shared/schemas/users';
import { ValidationError } from '../../src/lib/errors';
import { isStaffName, refuseStaffNames, skeleton } from '../../src/modules/accounts/staff-names';
import { chosenDisplayName, fallbackUsername } from '../../src/modules/accounts/usernames';

const messages = (result: { error?: { issues: { message: string }[] } | undefined }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

/** What `refuseStaffNames` threw: its message and field details, or undefined when it let them be. */
function refusal(...args: Parameters<typeof refuseStaffNames>) {
  try {
    refuseStaffNames(...args);
    return undefined;
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    return { status: error.status, message: error.message, details: error.details };
  }
}

const person = { role: 'user', username: 'hen_quill', display_name: 'Hen Quill' } as const;

describe('the confusable skeleton (UTS #39)', () => {
  it('maps look-alikes from other scripts and digits to one prototype', () => {
    expect(skeleton('\u0410dmin')).toBe(skeleton('Admin'));
    expect(skeleton('adm1n')).toBe(skeleton('admIn'));
    expect(skeleton('adrnin')).toBe(skeleton('admin'));
  });
});

describe('staff names (usernames and display names)', () => {
  it.each([
    // Spelled out, in any case, with separators and digits around.
    'admin',
    'Admin',
    'ADMINISTRATOR',
    'ad_min',
    'a.d.m.i.n',
    'Admin-1',
    'root.42',
    'mod2',
    '_support_',
    'No-Reply',
    // Digits and letters that read as others: 1 and I and l, 0 and o, rn and m.
    'adm1n',
    'admln',
    'admIn',
    'r00t',
    'adrnin',
    '0fficial',
    // Other scripts and compatibility forms.
    '\u0410dmin',
    '\uFF41\uFF44\uFF4D\uFF49\uFF4E',
    '\u{1D41A}\u{1D41D}\u{1D426}\u{1D422}\u{1D427}',
    '\u24D0\u24D3\u24DC\u24D8\u24DD',
    'A\u0308dmin',
    // A staff word anywhere in the name.
    'the_admin',
    'admins',
    'demo_admin',
    'DemoAdmin',
    'Adminton',
    'sysadmin',
    'Moderators',
    'hatchworks',
    'Hatchworks_Team',
    'the.hatchworks.crew',
    'hatchw0rks',
    // Made of nothing but staff words, plurals and fillers.
    'support',
    'Support Team',
    'Site Support',
    'the_team',
    'mods',
    'Staff',
    'Real Staff',
    'Anonymous',
    'Deleted user',
    // The display names of the findings.
    'Hatchworks Team',
  ])('refuses %s', (name) => {
    expect(isStaffName(name)).toBe(true);
  });

  it.each([
    'Bob',
    'Admiral Ackbar',
    'admiral',
    'badminton_fan',
    'modern',
    'model',
    'helpful_hen',
    'rooted',
    'teamwork',
    'Team Rocket',
    'Supporter',
    'Nova Hatch',
    'user',
    'demo_user',
    'Hen Quill',
    'Zo\u00EB-Anne O\u2019Neil',
    '\u0645\u0631\u063A',
    '\u3072\u3088\u3053 \u{1F423}',
    'the',
  ])(
    'accepts %s: a staff word inside an ordinary word or beside a name is no staff name',
    (name) => {
      expect(isStaffName(name)).toBe(false);
    },
  );

  it('refuses a chosen username and display name with 400, naming each field', () => {
    expect(refusal({ username: 'adm1n', display_name: 'Admin' })).toEqual({
      status: 400,
      message: NAME_MESSAGES.usernameReserved,
      details: [
        { field: 'username', message: NAME_MESSAGES.usernameReserved },
        { field: 'display_name', message: NAME_MESSAGES.displayNameReserved },
      ],
    });
    expect(refusal({ username: 'hen_quill', display_name: 'Hatchworks Team' }, person)).toEqual({
      status: 400,
      message: NAME_MESSAGES.displayNameReserved,
      details: [{ field: 'display_name', message: NAME_MESSAGES.displayNameReserved }],
    });
    expect(refusal({ username: 'hen', display_name: 'Hen' })).toBeUndefined();
    expect(refusal({})).toBeUndefined();
  });

  it('lets admins take staff names', () => {
    const admin = { ...person, role: 'admin' } as const;

    expect(refusal({ username: 'the_admin', display_name: 'Hatchworks Team' }, admin)).toBe(
      undefined,
    );
  });

  it('lets a user keep the names they have, but not take another staff name', () => {
    const named = { role: 'user', username: 'Admin', display_name: 'Support' } as const;

    expect(refusal({ username: 'admin', display_name: 'Support' }, named)).toBeUndefined();
    expect(refusal({ username: 'root', display_name: 'Support' }, named)?.details).toEqual([
      { field: 'username', message: NAME_MESSAGES.usernameReserved },
    ]);
  });

  it('leaves staff names to the server: the shared register schema takes them', () => {
    const result = RegisterInputSchema.safeParse({
      email: 'hen@example.test',
      password: 'long enough password',
      username: 'Moderator',
    });

    expect(result.success).toBe(true);
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
  it('never derives a staff username: a staff candidate is passed over', () => {
    expect(fallbackUsername('admin', 'Hen.Quill')).toBe('Hen.Quill');
    expect(fallbackUsername('Support-1', undefined, 'root')).toBe('user');
    expect(fallbackUsername('Ädmin', 'adm1n', 'r00t')).toBe('user');
  });

  it('passes over a name that a cut for uniqueness would make a staff name', () => {
    const crafted = `support${'_'.repeat(18)}xyz`;

    expect(isStaffName(crafted)).toBe(false);
    expect(fallbackUsername(crafted, 'hen')).toBe('hen');
  });

  it('passes over a staff display name from the identity provider', () => {
    expect(chosenDisplayName('Admin', 'Hatchworks Team', 'Hen')).toBe('Hen');
    expect(chosenDisplayName('\u202EAdm1n')).toBeUndefined();
  });

  it('cleans a display name from the identity provider instead of refusing it', () => {
    expect(chosenDisplayName('\u202EMallory', 'unused')).toBe('Mallory');
    // Nothing usable: no display name of its own (the account shows its username, not its email).
    expect(chosenDisplayName('\u200B\u202E', undefined)).toBeUndefined();
  });
});
