import { isIPv4, isIPv6 } from 'node:net';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { secretConfigured } from './secret-value';

type ParsedAddress =
  | { readonly version: 4; readonly octets: readonly number[] }
  | { readonly version: 6; readonly groups: readonly number[] };

function parseIpv4(text: string): ParsedAddress | undefined {
  if (!isIPv4(text)) return undefined;
  return { version: 4, octets: text.split('.').map(Number) };
}

/** The eight 16-bit groups of an IPv6 address: `::` expanded, a dotted IPv4 tail turned into two. */
function ipv6Groups(text: string): number[] {
  let body = text;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(body)?.[1];
  if (dotted) {
    const [a = 0, b = 0, c = 0, d = 0] = dotted.split('.').map(Number);
    body = `${body.slice(0, -dotted.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = body.split('::');
  const part = (side: string) => (side ? side.split(':').map((group) => parseInt(group, 16)) : []);
  const before = part(head);
  const after = tail === undefined ? [] : part(tail);
  return [...before, ...Array<number>(8 - before.length - after.length).fill(0), ...after];
}

/**
 * Reads an IPv4 or IPv6 address in any of its spellings (brackets, zone id, `::`, an IPv4 tail).
 * An IPv4-mapped IPv6 address (`::ffff:a.b.c.d`, what a dual-stack socket reports for an IPv4
 * client) is that IPv4 address, so one client never has two keys.
 */
function parseAddress(raw: string): ParsedAddress | undefined {
  const text = raw
    .trim()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/%.*$/, '');
  const v4 = parseIpv4(text);
  if (v4) return v4;
  if (!isIPv6(text)) return undefined;
  const groups = ipv6Groups(text.toLowerCase());
  const mapped = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
  if (mapped) {
    const [high = 0, low = 0] = groups.slice(6);
    return { version: 4, octets: [high >> 8, high & 0xff, low >> 8, low & 0xff] };
  }
  return { version: 6, groups };
}

/** The /64 an IPv6 address belongs to, e.g. `2001:db8:1:2::/64`. */
const ipv6Prefix = (groups: readonly number[]) =>
  `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;

/**
 * The key per-client limits count a raw address under: an IPv4 address as itself, an IPv6 address
 * by its /64 (one subscriber usually gets a whole /64, so keying single addresses would let one
 * client take 2^64 keys). Text that is no address is kept as it is (lower case).
 */
export function clientKey(address: string): string {
  const parsed = parseAddress(address);
  if (!parsed) return address.trim().toLowerCase();
  return parsed.version === 4 ? parsed.octets.join('.') : ipv6Prefix(parsed.groups);
}

/**
 * The network a raw address belongs to, for limits that hold across a household or office
 * (anonymous tracker votes): the /24 of an IPv4 address (`203.0.113.0/24`), the /64 of IPv6.
 */
export function clientNetwork(address: string): string {
  const parsed = parseAddress(address);
  if (!parsed) return address.trim().toLowerCase();
  if (parsed.version === 6) return ipv6Prefix(parsed.groups);
  return `${parsed.octets.slice(0, 3).join('.')}.0/24`;
}

/**
 * The address in CloudFront's `CloudFront-Viewer-Address` header, which is `<ip>:<port>` (IPv6
 * without brackets, so the port is what follows the last colon).
 */
function viewerAddress(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const value = header.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(value)?.[1];
  if (bracketed) return parseAddress(bracketed) ? bracketed : undefined;
  const port = /:(\d{1,5})$/.exec(value);
  const address = port ? value.slice(0, port.index) : value;
  return parseAddress(address) ? address : undefined;
}

export interface ClientAddressOptions {
  /**
   * Whether CloudFront's viewer-address header may be believed. Only when the origin lock is
   * configured (`ORIGIN_VERIFY_SECRET` or its `_ARN`): its middleware has then refused every request that did
   * not come through CloudFront, so the header is CloudFront's and not the caller's.
   */
  readonly trustViewerAddress?: boolean;
}

const viewerAddressTrusted = () => secretConfigured('ORIGIN_VERIFY_SECRET');

/**
 * The visitor's own address: the socket's (`requestContext.http.sourceIp`, which API Gateway and
 * the local gateway fill from the connection), or CloudFront's viewer address behind the origin
 * lock, where the socket is a CloudFront edge. An IPv4-mapped address comes back as IPv4.
 */
export function clientAddress(
  event: APIGatewayProxyEventV2,
  { trustViewerAddress = viewerAddressTrusted() }: ClientAddressOptions = {},
): string {
  const viewer = trustViewerAddress
    ? viewerAddress(event.headers['cloudfront-viewer-address'])
    : undefined;
  const address = viewer ?? event.requestContext.http.sourceIp;
  const parsed = parseAddress(address);
  return parsed?.version === 4 ? parsed.octets.join('.') : address;
}

/** The client key of a request for per-client limits: {@link clientKey} of its address. */
export function clientIp(event: APIGatewayProxyEventV2, options?: ClientAddressOptions): string {
  return clientKey(clientAddress(event, options));
}
