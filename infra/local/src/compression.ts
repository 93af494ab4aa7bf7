import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * Compression of the local server's answers, like CloudFront's automatic compression: text types
 * of 1,000 bytes to 10 MB are sent with Brotli or gzip as the request's `Accept-Encoding` allows
 * (Brotli first), and every compressible answer carries `Vary: Accept-Encoding`. Without it the
 * local stack sends the bundle several times larger than the deployed site does, and local
 * measurements (Lighthouse, `npm run bench:web`) would be wrong.
 */

export type ContentEncoding = 'br' | 'gzip';

/** CloudFront compresses objects between 1,000 and 10,000,000 bytes. */
const MIN_BYTES = 1_000;
const MAX_BYTES = 10_000_000;

const COMPRESSIBLE =
  /^(text\/|application\/(json|javascript|manifest\+json|xml)|image\/svg\+xml|image\/x-icon)/i;

export const isCompressible = (contentType: string | undefined): boolean =>
  contentType !== undefined && COMPRESSIBLE.test(contentType);

/** The best encoding the client accepts (`br` before `gzip`; `;q=0` refuses one), or none. */
export function chooseEncoding(acceptEncoding: string | undefined): ContentEncoding | undefined {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean);
    accepted.set(name, q === undefined ? 1 : Number(q));
  }
  const allows = (name: ContentEncoding) => {
    const q = accepted.get(name) ?? accepted.get('*');
    return q !== undefined && q > 0;
  };
  if (allows('br')) return 'br';
  if (allows('gzip')) return 'gzip';
  return undefined;
}

export interface Compressed {
  readonly body: Buffer;
  /** Set when the body is compressed: the `Content-Encoding` to send. */
  readonly encoding?: ContentEncoding;
  /** Whether the answer depends on `Accept-Encoding` (then `Vary: Accept-Encoding`). */
  readonly vary: boolean;
}

/** Compressed bodies of static files by encoding and content hash: each is compressed once. */
const cache = new Map<string, Buffer>();
const CACHE_ENTRIES = 500;
/** The same by body, for a body the static files hand out again (hashed assets): no hashing. */
const byBody = new WeakMap<Buffer, Partial<Record<ContentEncoding, Buffer>>>();

function encode(body: Buffer, encoding: ContentEncoding, thorough: boolean): Buffer {
  if (encoding === 'gzip') return gzipSync(body, { level: thorough ? 9 : 6 });
  return brotliCompressSync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: thorough ? 11 : 5,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    },
  });
}

/**
 * The body to send for this request. `cacheable` marks content that repeats (static files): it is
 * compressed once, thoroughly, and kept; API answers are compressed quickly each time.
 */
export function compressFor(
  body: Buffer,
  contentType: string | undefined,
  acceptEncoding: string | undefined,
  { cacheable = false }: { cacheable?: boolean } = {},
): Compressed {
  if (!isCompressible(contentType)) return { body, vary: false };
  const encoding = chooseEncoding(acceptEncoding);
  if (!encoding || body.byteLength < MIN_BYTES || body.byteLength > MAX_BYTES) {
    return { body, vary: true };
  }
  if (!cacheable) return { body: encode(body, encoding, false), encoding, vary: true };
  const known = byBody.get(body)?.[encoding];
  if (known) return { body: known, encoding, vary: true };
  const key = `${encoding}:${createHash('sha1').update(body).digest('hex')}`;
  let compressed = cache.get(key);
  if (!compressed) {
    compressed = encode(body, encoding, true);
    if (cache.size >= CACHE_ENTRIES) cache.delete(cache.keys().next().value as string);
    cache.set(key, compressed);
  }
  byBody.set(body, { ...byBody.get(body), [encoding]: compressed });
  return { body: compressed, encoding, vary: true };
}
