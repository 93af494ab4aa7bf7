import { describe, expect, it } from 'vitest';
import {
  MENTION_MAX,
  mentionedUsernames,
  splitMentions,
} from '@hatchworks/shared/schemas/comments';
import { linkify } from '../../src/features/comments/utils/comment-text';

describe('linkify', () => {
  it('turns http(s) links into link parts and leaves the rest as text', () => {
    expect(linkify('See https://example.com/a?b=1 and http://x.test.')).toEqual([
      { kind: 'text', text: 'See ' },
      { kind: 'link', text: 'https://example.com/a?b=1', href: 'https://example.com/a?b=1' },
      { kind: 'text', text: ' and ' },
      { kind: 'link', text: 'http://x.test', href: 'http://x.test/' },
      { kind: 'text', text: '.' },
    ]);
  });

  it('never links other schemes and keeps markup as plain text', () => {
    expect(linkify('javascript:alert(1) <a href="https://evil.test">x</a>')).toEqual([
      { kind: 'text', text: 'javascript:alert(1) <a href="' },
      { kind: 'link', text: 'https://evil.test', href: 'https://evil.test/' },
      { kind: 'text', text: '">x</a>' },
    ]);
  });

  it('answers one text part when there is no link', () => {
    expect(linkify('Just words')).toEqual([{ kind: 'text', text: 'Just words' }]);
  });
});

describe('@mentions', () => {
  it('finds usernames after a free-standing @, without sentence punctuation or email addresses', () => {
    expect(splitMentions('Ask @ada.l, or mail ada@example.test and @bo.')).toEqual([
      { kind: 'text', text: 'Ask ' },
      { kind: 'mention', text: '@ada.l', username: 'ada.l' },
      { kind: 'text', text: ', or mail ada@example.test and @bo.' },
    ]);
  });

  it('answers each name once, in lower case, at most ten', () => {
    const many = Array.from({ length: 12 }, (_, index) => `@user${index}`).join(' ');
    expect(mentionedUsernames('@Ada and @ada, @ADA.')).toEqual(['ada']);
    expect(mentionedUsernames(many)).toHaveLength(MENTION_MAX);
  });
});
