import { promises as dnsPromises, type LookupAddress, type LookupOptions } from 'node:dns';
import { request as httpRequest, type ClientRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { performance } from 'node:perf_hooks';
import ipaddr from 'ipaddr.js';

/**
 * The one way the site calls a receiver's URL. A webhook URL is typed by an admin, so it could
 * point the site at its own network (the instance metadata service, a private VPC host, a port on
 * localhost): only public unicast addresses are called, checked when the URL is saved and again
 * when each delivery connects, since a name may resolve elsewhere by then (DNS rebinding).
 */

/** Whether an address (or URL) may be called, and if not, a short sentence saying why. */
export type AddressVerdict = { ok: true } | { ok: false; reason: string };

/** Resolves every address of a host name (`dns.promises.lookup` with `all`); injectable in tests. */
export type LookupAll = (hostname: string) => Promise<readonly LookupAddress[]>;

/** What one POST came to: an answer (any status), a refusal before connecting, or a failure. */
export type OutboundResult =
  | { kind: 'answered'; status: number; latencyMs: number; excerpt: string }
  | { kind: 'refused'; reason: string; latencyMs: number }
  | { kind: 'failed'; reason: string; latencyMs: number };

/** One webhook message: where to, the headers beside the site's own, and the JSON body. */
export interface OutboundRequest {
  readonly url: string;
  readonly headers: Record<string, string>;
  readonly body: string;
}

export interface AddressOptions {
  /** Lets loopback through: only the local stack and its tests, whose receivers run on localhost. */
  readonly allowLoopback: boolean;
}

export interface UrlCheckOptions extends AddressOptions {
  readonly lookup?: LookupAll;
}

export interface PostOptions extends UrlCheckOptions {
  /** Bounds the whole exchange, so a slow receiver cannot hold a delivery worker (default 5000). */
  readonly timeoutMs?: number;
  /** How much of the answer is read; the rest is never buffered (default 4096). */
  readonly maxResponseBytes?: number;
}

const DEFAULT_TIMEOUT_MS = 5000;
const DEFAULT_MAX_RESPONSE_BYTES = 4096;
/** The excerpt kept in the delivery log: enough to see an error message, small in the table. */
const EXCERPT_CHARS = 500;
const USER_AGENT = 'Hatchworks-Webhooks/1';
const UNRESOLVED = 'the host name does not resolve';

/** How each refused range reads in a reason ("… is a link-local address"). */
const RANGE_NAMES: Readonly<Record<string, string>> = {
  private: 'a private',
  loopback: 'a loopback',
  linkLocal: 'a link-local',
  uniqueLocal: 'a unique-local',
  multicast: 'a multicast',
  unspecified: 'an unspecified',
  broadcast: 'a broadcast',
  carrierGradeNat: 'a carrier-grade NAT',
  reserved: 'a reserved',
  benchmarking: 'a benchmarking',
  amt: 'an AMT relay',
  as112: 'an AS112',
  as112v6: 'an AS112',
  ipv4Mapped: 'an IPv4-mapped',
  rfc6145: 'an IPv4-translated',
  rfc6052: 'a NAT64',
  '6to4': 'a 6to4',
  teredo: 'a Teredo',
  orchid2: 'an ORCHIDv2',
  droneRemoteIdProtocolEntityTags: 'a drone remote ID',
};

const refuse = (reason: string): AddressVerdict => ({ ok: false, reason });
const ACCEPTED: AddressVerdict = { ok: true };

/** The range of an address, IPv4-mapped IPv6 read as the IPv4 it carries; undefined if none. */
function rangeOf(address: string): string | undefined {
  if (!ipaddr.isValid(address)) return undefined;
  return ipaddr.process(address).range();
}

/**
 * Accepts only public unicast addresses, and loopback when `allowLoopback`. Every other range
 * reaches something that is not a public receiver: the VPC (private, carrier-grade NAT), the
 * host itself (loopback, unspecified), the metadata service (link-local), many hosts at once
 * (multicast, broadcast), or an address that tunnels to another one (6to4, Teredo, NAT64), so
 * they are refused whole rather than listed. IPv4-mapped IPv6 is judged as the IPv4 it carries.
 */
export function checkAddress(address: string, options: AddressOptions): AddressVerdict {
  const range = rangeOf(address);
  if (range === undefined) return refuse(`${address} is not an IP address`);
  if (range === 'unicast') return ACCEPTED;
  if (range === 'loopback' && options.allowLoopback) return ACCEPTED;
  return refuse(`${address} is ${RANGE_NAMES[range] ?? `a ${range}`} address`);
}

/** The checks at connect time: plain http reaches only loopback (local tests). */
interface ConnectPolicy extends AddressOptions {
  readonly loopbackOnly: boolean;
}

function checkConnectAddress(address: string, policy: ConnectPolicy): AddressVerdict {
  const verdict = checkAddress(address, policy);
  if (!verdict.ok || !policy.loopbackOnly || rangeOf(address) === 'loopback') return verdict;
  return refuse('the URL must use https');
}

/** A URL that passed the checks that need no DNS. */
interface Target {
  readonly url: URL;
  /** The host without IPv6 brackets. */
  readonly host: string;
  readonly policy: ConnectPolicy;
}

type Parsed = { ok: true; target: Target } | { ok: false; reason: string };

/**
 * The checks of the URL itself: https only, since the body is signed but not encrypted (plain
 * http is let through only towards loopback, for the local stack); no user name or password,
 * which would be sent to every redirect target and stored in the clear; a host to call.
 */
function parseTarget(raw: string, options: AddressOptions): Parsed {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: 'it is not a valid URL' };
  }
  const plainHttp = url.protocol === 'http:';
  if (url.protocol !== 'https:' && !(plainHttp && options.allowLoopback)) {
    return { ok: false, reason: 'the URL must use https' };
  }
  if (url.username !== '' || url.password !== '') {
    return { ok: false, reason: 'the URL must not carry a user name or password' };
  }
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (host === '') return { ok: false, reason: 'the URL has no host' };
  const policy = { allowLoopback: options.allowLoopback, loopbackOnly: plainHttp };
  return { ok: true, target: { url, host, policy } };
}

const systemLookup: LookupAll = (hostname) =>
  dnsPromises.lookup(hostname, { all: true, verbatim: true });

/** Every address of `host`, or none when it does not resolve. */
async function resolveAll(host: string, lookup: LookupAll): Promise<readonly LookupAddress[]> {
  try {
    return await lookup(host);
  } catch {
    return [];
  }
}

/** Refuses when no address came back or any of them is refused (a host may answer on any). */
function checkAll(addresses: readonly LookupAddress[], policy: ConnectPolicy): AddressVerdict {
  if (addresses.length === 0) return refuse(UNRESOLVED);
  for (const { address } of addresses) {
    const verdict = checkConnectAddress(address, policy);
    if (!verdict.ok) return verdict;
  }
  return ACCEPTED;
}

/**
 * The check when a URL is saved, so an admin hears at once that it can never be called: the
 * URL's own rules, then the host's addresses (an IP literal as it is, a name resolved to all its
 * addresses). Deliveries check again when they connect; this one alone would not stop a name
 * that resolves elsewhere later.
 */
export async function checkWebhookUrl(
  url: string,
  options: UrlCheckOptions,
): Promise<AddressVerdict> {
  const parsed = parseTarget(url, options);
  if (!parsed.ok) return refuse(parsed.reason);
  const { host, policy } = parsed.target;
  if (isIP(host) !== 0) return checkConnectAddress(host, policy);
  const addresses = await resolveAll(host, options.lookup ?? systemLookup);
  return checkAll(addresses, policy);
}

/** Raised from the connect-time lookup, told apart from network errors by the sender. */
class RefusedAddressError extends Error {}

/** Raised from the connect-time lookup when the name has no address. */
class UnresolvedError extends Error {}

/** The addresses of the family the socket asked for (0 or absent: any). */
function ofFamily(addresses: readonly LookupAddress[], options: LookupOptions): LookupAddress[] {
  const family = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : options.family;
  return addresses.filter((entry) => !family || entry.family === family);
}

/**
 * The `lookup` given to `request()`: the socket connects only to addresses checked here, at
 * connect time, so a name that resolved to a public address when saved and to an internal one
 * now (DNS rebinding) is refused. Every address is checked, since which one is used is not ours
 * to choose: node asks for all of them (trying them in turn) or for one (the first).
 */
function guardedLookup(lookup: LookupAll, policy: ConnectPolicy): LookupFunction {
  return (hostname, options, callback) => {
    void resolveAll(hostname, lookup).then((resolved) => {
      const verdict = checkAll(resolved, policy);
      if (!verdict.ok) {
        const unresolved = resolved.length === 0;
        const Raised = unresolved ? UnresolvedError : RefusedAddressError;
        callback(new Raised(verdict.reason), '');
        return;
      }
      const usable = ofFamily(resolved, options);
      const first = usable[0];
      if (first === undefined) callback(new UnresolvedError(UNRESOLVED), '');
      else if (options.all) callback(null, usable);
      else callback(null, first.address, first.family);
    });
  };
}

/**
 * The caller's headers (names in lower case, so none is sent twice) with the site's own: the
 * JSON content type unless given, the exact length, and a user agent receivers can filter on.
 */
function headersFor(request: OutboundRequest): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) headers[name.toLowerCase()] = value;
  headers['content-type'] ??= 'application/json';
  headers['content-length'] = String(Buffer.byteLength(request.body));
  headers['user-agent'] = USER_AGENT;
  return headers;
}

/**
 * The start of an answer as text: bytes that are not UTF-8 become U+FFFD, and the text is cut to
 * `EXCERPT_CHARS` without splitting a surrogate pair.
 */
function excerptOf(chunks: readonly Buffer[], maxBytes: number): string {
  const text = Buffer.concat(chunks).subarray(0, maxBytes).toString('utf8');
  if (text.length <= EXCERPT_CHARS) return text;
  const cut = text.slice(0, EXCERPT_CHARS);
  const last = cut.charCodeAt(cut.length - 1);
  return last >= 0xd800 && last <= 0xdbff ? cut.slice(0, -1) : cut;
}

/** A short reason for a network error: its code (ECONNREFUSED, ECONNRESET, a TLS code…). */
function reasonOf(error: Error): string {
  const code = (error as NodeJS.ErrnoException).code;
  return code ?? error.message;
}

/** A result before its latency is added. */
type Outcome<R = OutboundResult> = R extends OutboundResult ? Omit<R, 'latencyMs'> : never;

/** Ends the exchange with its one outcome; later events (the errors a destroy raises) change nothing. */
type Settle = (outcome: Outcome) => void;

/**
 * Reads at most `maxBytes` of the answer, then settles and lets the caller destroy the socket:
 * a receiver streaming without end costs a few KB, not the function's memory.
 */
function readAnswer(response: IncomingMessage, maxBytes: number, settle: Settle): void {
  const chunks: Buffer[] = [];
  let received = 0;
  const answered = (): void =>
    settle({
      kind: 'answered',
      status: response.statusCode ?? 0,
      excerpt: excerptOf(chunks, maxBytes),
    });
  response.on('data', (chunk: Buffer) => {
    chunks.push(chunk);
    received += chunk.length;
    if (received >= maxBytes) answered();
  });
  response.on('end', answered);
  // The status came: an answer cut off mid-body is still an answer.
  response.on('error', answered);
  response.on('close', answered);
}

/** Sends to a target whose URL passed its checks; the address is checked when the socket connects. */
function send(
  target: Target,
  request: OutboundRequest,
  options: PostOptions,
  started: number,
): Promise<OutboundResult> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxBytes = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  const requestOf = target.url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<OutboundResult>((resolve) => {
    let outgoing: ClientRequest | undefined;
    let settled = false;
    // The whole exchange, not each step: a receiver trickling bytes cannot stretch it.
    const timer = setTimeout(
      () => settle({ kind: 'failed', reason: `timed out after ${timeoutMs / 1000} s` }),
      timeoutMs,
    );
    const settle: Settle = (outcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      outgoing?.destroy();
      resolve({ ...outcome, latencyMs: performance.now() - started });
    };
    try {
      outgoing = start(requestOf, target, request, options);
    } catch (error) {
      // A header value node will not send (a line break in it) throws before any I/O.
      settle({ kind: 'failed', reason: reasonOf(error as Error) });
      return;
    }
    // No redirect is followed (node's client follows none): a 3xx is the receiver's answer.
    outgoing.on('response', (response) => readAnswer(response, maxBytes, settle));
    outgoing.on('error', (error) => settle(outcomeOfError(error)));
    outgoing.end(request.body);
  });
}

/** Opens the POST (its own connection, through the guarded lookup) without sending the body. */
function start(
  requestOf: typeof httpRequest,
  target: Target,
  request: OutboundRequest,
  options: PostOptions,
): ClientRequest {
  const { url, host, policy } = target;
  return requestOf({
    protocol: url.protocol,
    hostname: host,
    port: url.port === '' ? undefined : Number(url.port),
    path: `${url.pathname}${url.search}`,
    method: 'POST',
    headers: headersFor(request),
    // A connection of its own: a pooled socket would skip the connect-time check.
    agent: false,
    lookup: guardedLookup(options.lookup ?? systemLookup, policy),
  });
}

/** A refusal from the connect-time lookup, or a network failure. */
function outcomeOfError(error: Error): Outcome {
  if (error instanceof RefusedAddressError) return { kind: 'refused', reason: error.message };
  if (error instanceof UnresolvedError) return { kind: 'failed', reason: error.message };
  return { kind: 'failed', reason: reasonOf(error) };
}

/**
 * POSTs one webhook message and tells what came of it; never throws for a problem of the
 * request (a refused URL, a timeout, a network error), so a delivery can always log its attempt.
 * An IP-literal host is checked here, since node connects to it without calling `lookup`.
 */
export async function postWebhook(
  request: OutboundRequest,
  options: PostOptions,
): Promise<OutboundResult> {
  const started = performance.now();
  const elapsed = (): number => performance.now() - started;
  const parsed = parseTarget(request.url, options);
  if (!parsed.ok) return { kind: 'refused', reason: parsed.reason, latencyMs: elapsed() };
  const { host, policy } = parsed.target;
  if (isIP(host) !== 0) {
    const verdict = checkConnectAddress(host, policy);
    if (!verdict.ok) return { kind: 'refused', reason: verdict.reason, latencyMs: elapsed() };
  }
  return send(parsed.target, request, options, started);
}
