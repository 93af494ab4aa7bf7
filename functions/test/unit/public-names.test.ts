import { describe, expect, it } from 'vitest';
import {
  NAME_MESSAGES,
  looksLikeEmail,
  publicDisplayName,
} from '@hatchworks/shared/schemas/user-names';
import { DisplayNameSchema } from '@hatchworks/shared/schemas/users';
import { chosenDisplayName } from '../../src/modules/accounts/usernames';

describe('looksLikeEmail', () => {
  it.each([
    'otto@example.test',
    'Otto <otto@example.test>',
    'otto@exam',
    'otto＠example.test',
    'a@b',
  ])('reads %s as an email address', (text) => {
    expect(looksLikeEmail(text)).toBe(true);
  });

  it.each(['@otto', 'Tom @ Work', 'otto@', 'Otto Hen', '@@'])('does not read %s as one', (text) => {
    expect(looksLikeEmail(text)).toBe(false);
  });
});

describe('publicDisplayName', () => {
  const long = `${'l'.repeat(62)}@example.test`;

  it.each([
    ['a display name', { display_name: 'Otto Hen', username: 'otto' }, 'Otto Hen'],
    ['a blank display name', { display_name: '  ', username: 'otto' }, 'otto'],
    [
      'its own email',
      { display_name: 'Otto@Example.test', username: 'otto', email: 'otto@example.test' },
      'otto',
    ],
    ['any email, the account unknown', { display_name: 'x@y.test', username: 'otto' }, 'otto'],
    [
      'its own email cut to 60 characters',
      { display_name: long.slice(0, 60), username: 'lll', email: long },
      'lll',
    ],
    [
      'a deleted author',
      { display_name: 'Deleted user', username: 'Deleted user' },
      'Deleted user',
    ],
  ])('shows %s as the rule says', (_, user, shown) => {
    expect(publicDisplayName(user)).toBe(shown);
  });
});

describe('display names that are email addresses', () => {
  it('are refused by the contract with a message naming the display name', () => {
    const result = DisplayNameSchema.safeParse('otto@example.test');

    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      NAME_MESSAGES.displayNameEmail,
    ]);
  });

  it('are passed over when the identity provider sends one as the name', () => {
    expect(chosenDisplayName('otto@example.test', 'Otto')).toBe('Otto');
    expect(chosenDisplayName('otto@example.test', undefined)).toBeUndefined();
  });
});
