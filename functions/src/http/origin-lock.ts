import { createHash, timingSafeEqual } from 'node:crypto';
import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { ForbiddenError } from '../lib/errors';
import { secretConfigured, secretString } from '../lib/secret-value';

/** The header CloudFront adds to every request it forwards to the API origin. */
export const ORIGIN_VERIFY_HEADER = 'x-origin-verify';

/** The header in which CloudFront tells the origin the visitor's address and port. */
const VIEWER_ADDRESS_HEADER = 'cloudfront-viewer-address';

export const DIRECT_ACCESS_REFUSED = 'Requests must come through the site.';

/** Equal-length digests, so the comparison takes the same time whatever the caller sent. */
const digest = (value: string) => createHash('sha256').update(value).digest();

function matches(given: string | undefined, expected: string): boolean {
  return given !== undefined && timingSafeEqual(digest(given), digest(expected));
}

/** The origin secret when the function has one (on AWS: read from Secrets Manager once per cold start). */
const configuredSecret = async (): Promise<string | undefined> =>
  secretConfigured('ORIGIN_VERIFY_SECRET') ? secretString('ORIGIN_VERIFY_SECRET') : undefined;

/**
 * Refuses, with 403, a request that did not come through CloudFront: when the function has an
 * origin secret (on AWS), the request must carry it in `x-origin-verify`. The API's
 * execute-api URL is public, so without this anyone could skip CloudFront and send their own
 * `CloudFront-Viewer-Address`. The header is removed from the event either way, so no handler or
 * log ever sees it. Locally the secret is unset and the local gateway drops the header.
 */
export const originLock = (
  options: { secret?: () => Promise<string | undefined> } = {},
): MiddlewareObj<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2> => ({
  before: async ({ event }) => {
    const headers = event.headers ?? {};
    // HTTP APIs lower-case header names; any other spelling is treated the same all the same.
    const take = (header: string) => {
      const names = Object.keys(headers).filter((name) => name.toLowerCase() === header);
      const taken = names.map((name) => [name, headers[name]] as const);
      for (const name of names) delete headers[name];
      return taken;
    };
    const verify = take(ORIGIN_VERIFY_HEADER);
    // The viewer address is CloudFront's only once the request has shown the secret: until then
    // (a refused request, a secret that cannot be read) no handler or log line sees it.
    const viewer = take(VIEWER_ADDRESS_HEADER);
    const secret = await (options.secret ?? configuredSecret)();
    const given = verify.length === 1 ? verify[0]?.[1] : undefined;
    if (secret !== undefined && !matches(given, secret)) {
      throw new ForbiddenError(DIRECT_ACCESS_REFUSED);
    }
    for (const [name, value] of viewer) headers[name] = value;
  },
});
