import { describe, expect, it } from 'vitest';
import { mailboxOf } from '../../src/lib/identity-hash';

describe('the mailbox an address reaches (one welcome per person)', () => {
  it.each([
    ['  Bob@Example.TEST ', 'bob@example.test'],
    ['bob+news@example.test', 'bob@example.test'],
    ['bob+news+more@example.test', 'bob@example.test'],
    ['b.o.b@example.test', 'b.o.b@example.test'],
    ['B.o.B+x@Gmail.com', 'bob@gmail.com'],
    ['j.doe@googlemail.com', 'jdoe@gmail.com'],
    ['+only@example.test', '+only@example.test'],
    ['not-an-address', 'not-an-address'],
  ])('reads %j as %j', (address, mailbox) => {
    expect(mailboxOf(address)).toBe(mailbox);
  });
});
