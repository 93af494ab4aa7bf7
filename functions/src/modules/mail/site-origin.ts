import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { env } from '../../lib/env';

/**
 * The origins the site serves, whose links a mail may carry: `SITE_URL` (the canonical one) and
 * each of `SITE_ORIGINS` (comma-separated; locally the other loopback name, on AWS the site's
 * other domains). Anything else a request names (its `Origin` or `Host`, which the caller sets)
 * never reaches a mail: host header injection would otherwise mail a victim a link to an
 * attacker's site carrying a reset token.
 */
export function servedOrigins(): string[] {
  const config = env();
  const listed = [config.SITE_URL, ...(config.SITE_ORIGINS ?? '').split(',')];
  const origins = new Set<string>();
  for (const each of listed) {
    const origin = originOf(each?.trim());
    if (origin) origins.add(origin);
  }
  return [...origins];
}

function originOf(value: string | undefined): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/** The given origin when the site serves it, else undefined (the mail uses `SITE_URL`). */
export function servedOrigin(value: string | undefined): string | undefined {
  const origin = originOf(value);
  return origin && servedOrigins().includes(origin) ? origin : undefined;
}

/** The longest origin a mail request keeps. */
const ORIGIN_MAX = 200;

/**
 * The origin a request came from: its `Origin` header (which a browser sets on every POST, also
 * same-origin), as an http(s) origin. It is only a wish: the mail's link goes there only when the
 * site serves it, checked where the link is made (`siteLink`, by the table stream's function,
 * which holds `SITE_URL` and `SITE_ORIGINS`), so a sign-up made on 127.0.0.1 verifies on
 * 127.0.0.1, where its session lives, and a forged origin gets `SITE_URL`.
 */
export function requestSiteOrigin(
  event: Pick<APIGatewayProxyEventV2, 'headers'>,
): string | undefined {
  const headers = event.headers ?? {};
  const name = Object.keys(headers).find((each) => each.toLowerCase() === 'origin');
  const origin = originOf(name ? headers[name] : undefined);
  return origin && origin.length <= ORIGIN_MAX ? origin : undefined;
}
