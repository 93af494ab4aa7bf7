import { createHmac, timingSafeEqual } from 'node:crypto';
import { secretValue } from '../../lib/secret-value';

/**
 * The token of a notification mail's one-click unsubscribe link: `<user id>.<MAC>`,
 * the MAC an HMAC-SHA256 with `IDENTITY_HASH_KEY` over a purpose prefix and the id, so it works
 * without signing in and cannot be made for another person without the key. It turns the
 * person's notification mails off and nothing else, so it does not expire.
 */
async function mac(userId: string): Promise<string> {
  return createHmac('sha256', await secretValue('IDENTITY_HASH_KEY'))
    .update(`unsubscribe-notifications\n${userId}`)
    .digest('base64url');
}

export async function unsubscribeToken(userId: string): Promise<string> {
  return `${userId}.${await mac(userId)}`;
}

/** The user id a token names, or undefined when it is malformed or its MAC does not match. */
export async function userOfUnsubscribeToken(token: string): Promise<string | undefined> {
  const [userId, given, extra] = token.split('.');
  if (!userId || !given || extra !== undefined || !/^[0-9A-Za-z_-]{1,64}$/.test(userId)) {
    return undefined;
  }
  const expected = Buffer.from(await mac(userId));
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual)
    ? userId
    : undefined;
}
