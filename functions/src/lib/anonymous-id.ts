import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { secretValue } from './secret-value';

/** The cookie that names an anonymous tracker visitor. */
export const ANONYMOUS_ID_COOKIE = 'hw_anon';

/** The cookie is sent to the tracker API only, and kept for a year. */
const COOKIE_PATH = '/api/tracker';
const COOKIE_MAX_AGE_SECONDS = 365 * 24 * 3600;

const ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;
const SIGNATURE_PATTERN = /^[A-Za-z0-9_-]{43}$/;

async function sign(id: string): Promise<string> {
  // The cookie has a key of its own (ANONYMOUS_ID_KEY, granted only to the tracker routes that
  // read or issue it); the purpose prefix keeps the MAC bound to this one use all the same.
  return createHmac('sha256', await secretValue('ANONYMOUS_ID_KEY'))
    .update(`anonymous-id:${id}`)
    .digest('base64url');
}

/** A fresh anonymous id (128 random bits) and its signed cookie value `<id>.<signature>`. */
export async function newAnonymousId(): Promise<{ id: string; value: string }> {
  const id = randomBytes(16).toString('base64url');
  return { id, value: `${id}.${await sign(id)}` };
}

/**
 * The anonymous id of a request's cookie, or undefined when there is none or its signature does
 * not match: an id cannot be forged to vote as another anonymous visitor without its key.
 */
export async function readAnonymousId(event: APIGatewayProxyEventV2): Promise<string | undefined> {
  const prefix = `${ANONYMOUS_ID_COOKIE}=`;
  const cookies = event.cookies ?? event.headers.cookie?.split(/;\s*/) ?? [];
  const cookie = cookies.find((each) => each.startsWith(prefix));
  if (!cookie) return undefined;
  const [id, signature] = cookie.slice(prefix.length).split('.');
  if (!id || !signature || !ID_PATTERN.test(id) || !SIGNATURE_PATTERN.test(signature)) {
    return undefined;
  }
  const expected = Buffer.from(await sign(id));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given) ? id : undefined;
}

/** Whether the visitor reached the API over HTTPS (CloudFront and API Gateway say so). */
function isHttps(event: APIGatewayProxyEventV2): boolean {
  const proto = event.headers['cloudfront-forwarded-proto'] ?? event.headers['x-forwarded-proto'];
  return proto?.split(',')[0]?.trim().toLowerCase() === 'https';
}

/** The Set-Cookie value that stores an anonymous id: HttpOnly, SameSite=Lax, Secure on HTTPS. */
export function anonymousIdCookie(value: string, event: APIGatewayProxyEventV2): string {
  return [
    `${ANONYMOUS_ID_COOKIE}=${value}`,
    `Path=${COOKIE_PATH}`,
    `Max-Age=${COOKIE_MAX_AGE_SECONDS}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(isHttps(event) ? ['Secure'] : []),
  ].join('; ');
}
