import { EMBED_HTML_FILE, EMBED_PATH_PREFIX } from '@hatchworks/shared/embed';
import { ROUTE_SHELL_URI } from '@hatchworks/shared/page-shells';
import { contentSecurityPolicy, type CspOrigins } from '../../shared/security-headers';

/**
 * The two CloudFront Functions of the feedback panel's behaviour (`/embed/*`). Plain ES5-style
 * JavaScript besides the KeyValueStore module: they run in the CloudFront Functions runtime
 * (JavaScript runtime 2.0), not in Node.
 *
 * The viewer-request function serves a valid key's path the panel page (`/embed.html`, the same
 * object and cache entry for every key) and hands the key on in a request header; anything else
 * under `/embed/` gets what the local server gives it: the route shell, or the file (a 404).
 * The viewer-response function then names who may frame the answer: the key's origins from the
 * KeyValueStore (`frame-ancestors 'self' <origins>`), just the site when the key has none or the
 * read fails, and nobody (with `X-Frame-Options: DENY`, as every other page) when the path is no
 * panel's. It runs on every response, cached or not, so a cached page never carries another
 * key's header.
 */

/**
 * The request header that carries a panel's key from the viewer-request function to the
 * viewer-response one. It is in neither the cache key nor the origin request, and the
 * viewer-request function drops a viewer's own.
 */
export const EMBED_KEY_HEADER = 'x-hatchworks-embed-key';

/** The panel page every valid key's path is served. */
export const EMBED_PAGE_URI = `/${EMBED_HTML_FILE}`;

/**
 * `embedKeyOf` (shared/src/embed.ts) in the runtime's JavaScript: `/embed/<key>` with an optional
 * trailing slash, the key percent-decoded, 1 to 64 letters, digits or hyphens. A test holds the
 * two to the same answers.
 */
const KEY_RULE = `var PREFIX = ${JSON.stringify(EMBED_PATH_PREFIX)};
var KEY = /^[A-Za-z0-9-]{1,64}$/;
function keyOf(uri) {
  if (uri.indexOf(PREFIX) !== 0) return undefined;
  var rest = uri.slice(PREFIX.length).replace(/\\/$/, '');
  if (rest === '' || rest.indexOf('/') !== -1) return undefined;
  var key;
  try {
    key = decodeURIComponent(rest);
  } catch (e) {
    return undefined;
  }
  return KEY.test(key) ? key : undefined;
}`;

/** The viewer-request function of `/embed/*`. */
export const EMBED_REQUEST_CODE = `${KEY_RULE}
function handler(event) {
  var request = event.request;
  var key = keyOf(request.uri);
  delete request.headers[${JSON.stringify(EMBED_KEY_HEADER)}];
  if (key !== undefined) {
    request.uri = ${JSON.stringify(EMBED_PAGE_URI)};
    request.headers[${JSON.stringify(EMBED_KEY_HEADER)}] = { value: key };
  } else if (request.uri.slice(request.uri.lastIndexOf('/') + 1).lastIndexOf('.') <= 0) {
    request.uri = ${JSON.stringify(ROUTE_SHELL_URI)};
  }
  return request;
}`;

/** Stands for the `frame-ancestors` source list while the site's CSP is cut around it. */
const FRAME_ANCESTORS_MARK = '\u0000';

/**
 * The viewer-response function of `/embed/*`, reading the KeyValueStore `kvsId` (a deploy-time
 * value is fine: CloudFormation joins it into the code). `cspOrigins` are the site's, so the
 * panel's CSP is the default behaviour's but for `frame-ancestors`.
 *
 * Which request the event holds on a viewer response, the viewer's or the one the viewer-request
 * function returned, the event structure page leaves open ("the request object represents the
 * actual request that CloudFront received from the viewer"): the key is read from the header
 * only when the URI is the panel page, which no viewer can ask for on this behaviour, and from
 * the URI otherwise.
 * https://docs.aws.amazon.com/AmazonCloudFront/latest/DeveloperGuide/functions-event-structure.html
 *
 * `kvs.get` rejects for a missing key; the value is used only when it is a list of origins, so
 * nothing in the store can add a directive to the header.
 * https://docs.aws.amazon.com/AmazonCloudFront/latest/DeveloperGuide/functions-custom-methods.html
 */
export function embedResponseCode(kvsId: string, cspOrigins: CspOrigins): string {
  const [head, tail, ...rest] = contentSecurityPolicy(cspOrigins, FRAME_ANCESTORS_MARK).split(
    FRAME_ANCESTORS_MARK,
  );
  if (head === undefined || tail === undefined || rest.length > 0) {
    throw new Error('The site CSP must name frame-ancestors exactly once');
  }
  return `import cf from 'cloudfront';
var kvs = cf.kvs(${JSON.stringify(kvsId)});
${KEY_RULE}
var CSP_HEAD = ${JSON.stringify(head)};
var CSP_TAIL = ${JSON.stringify(tail)};
var ORIGINS = /^[A-Za-z0-9._:\\/\\[\\]-]+( [A-Za-z0-9._:\\/\\[\\]-]+)*$/;
async function handler(event) {
  var request = event.request;
  var headers = event.response.headers;
  var carried = request.headers[${JSON.stringify(EMBED_KEY_HEADER)}];
  var key = request.uri === ${JSON.stringify(EMBED_PAGE_URI)}
    ? carried && KEY.test(carried.value) ? carried.value : undefined
    : keyOf(request.uri);
  if (key === undefined) {
    headers['content-security-policy'] = { value: CSP_HEAD + "'none'" + CSP_TAIL };
    headers['x-frame-options'] = { value: 'DENY' };
    return event.response;
  }
  var ancestors = "'self'";
  try {
    var origins = await kvs.get(key);
    if (ORIGINS.test(origins)) ancestors += ' ' + origins;
  } catch (e) {
    // No origins for this key, or the store could not be read: the site alone may frame it.
  }
  headers['content-security-policy'] = { value: CSP_HEAD + ancestors + CSP_TAIL };
  delete headers['x-frame-options'];
  return event.response;
}`;
}
