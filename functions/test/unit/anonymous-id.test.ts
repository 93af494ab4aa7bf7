import { beforeAll, describe, expect, it } from 'vitest';
import * as anonymousId from '../../src/lib/anonymous-id';
import { httpEvent } from '../support/events';

beforeAll(() => {
  // Read on the first signature: the cookie's own key, nothing of the product's tokens.
  process.env.ANONYMOUS_ID_KEY = 'unit-test-secret-of-at-least-32-characters';
});

const withCookie = (cookie: string) => httpEvent({ cookies: ['theme=dark', cookie] });

describe('the anonymous id cookie', () => {
  it('reads back the id it issued', async () => {
    // Prepare
    const issued = await anonymousId.newAnonymousId();
    // Act
    const read = await anonymousId.readAnonymousId(withCookie(`hw_anon=${issued.value}`));
    // Assess
    expect(issued.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(read).toBe(issued.id);
  });

  it('refuses an id with another id’s signature, a bad signature or no signature', async () => {
    // Prepare
    const first = await anonymousId.newAnonymousId();
    const second = await anonymousId.newAnonymousId();
    const [, secondSignature] = second.value.split('.');
    // Act
    const forged = [
      `hw_anon=${first.id}.${secondSignature}`,
      `hw_anon=${first.id}.${'x'.repeat(43)}`,
      `hw_anon=${first.id}`,
      'hw_anon=',
    ];
    const read = await Promise.all(
      forged.map((cookie) => anonymousId.readAnonymousId(withCookie(cookie))),
    );
    // Assess
    expect(read).toEqual([undefined, undefined, undefined, undefined]);
  });

  it('reads the Cookie header when the event has no cookies array', async () => {
    const issued = await anonymousId.newAnonymousId();

    const read = await anonymousId.readAnonymousId(
      httpEvent({ headers: { cookie: `a=b; hw_anon=${issued.value}` } }),
    );

    expect(read).toBe(issued.id);
  });

  it('sets an HttpOnly, SameSite=Lax cookie for the tracker API, Secure over HTTPS', () => {
    const plain = anonymousId.anonymousIdCookie('v', httpEvent());
    const secure = anonymousId.anonymousIdCookie(
      'v',
      httpEvent({ headers: { 'x-forwarded-proto': 'https' } }),
    );

    expect(plain).toBe('hw_anon=v; Path=/api/tracker; Max-Age=31536000; HttpOnly; SameSite=Lax');
    expect(secure).toBe(`${plain}; Secure`);
  });
});
