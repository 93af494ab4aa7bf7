import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * scrypt at N=2^17, r=8, p=1 (OWASP's minimum): 128 MiB and about half a second of one core per
 * guess. Hashes made with a lower cost are replaced on the next successful sign-in.
 *
 * `PASSWORD_SCRYPT_N` may lower N for new hashes, and only the test stack sets it (2^14, so the
 * suite's hundreds of sign-ups take seconds instead of minutes); `npm start` and no deployment
 * set it, and a CDK test keeps it off every function. Anything but a power of two from 2^14 to
 * 2^17 is refused.
 */
const DEFAULT_N = 2 ** 17;
const ALLOWED_N = [2 ** 14, 2 ** 15, 2 ** 16, 2 ** 17];

function params(): Cost {
  const raw = process.env.PASSWORD_SCRYPT_N;
  const N = raw === undefined || raw === '' ? DEFAULT_N : Number(raw);
  if (!ALLOWED_N.includes(N)) {
    throw new Error(
      `Invalid function configuration: PASSWORD_SCRYPT_N must be one of ${ALLOWED_N.join(', ')}`,
    );
  }
  return { N, r: 8, p: 1 };
}
const KEY_LENGTH = 32;

interface Cost {
  readonly N: number;
  readonly r: number;
  readonly p: number;
}

function derive(password: string, salt: Buffer, cost: Cost): Promise<Buffer> {
  // scrypt needs 128 * N * r bytes; the default maxmem (32 MiB) refuses N=2^17, so allow twice that.
  const options: ScryptOptions = { ...cost, maxmem: 2 * 128 * cost.N * cost.r };
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

/** A self-describing hash `scrypt$N$r$p$salt$key` (base64url); `cost` only for tests and tools. */
export async function hashPassword(password: string, cost: Cost = params()): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, cost);
  return [
    'scrypt',
    cost.N,
    cost.r,
    cost.p,
    salt.toString('base64url'),
    key.toString('base64url'),
  ].join('$');
}

function parse(stored: string) {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  const cost = { N: Number(n), r: Number(r), p: Number(p) };
  const valid =
    scheme === 'scrypt' &&
    Boolean(salt && key) &&
    [cost.N, cost.r, cost.p].every((value) => Number.isSafeInteger(value) && value > 0) &&
    cost.N <= 2 ** 20 &&
    cost.r <= 32 &&
    cost.p <= 16;
  return valid ? { cost, salt: salt ?? '', key: key ?? '' } : undefined;
}

/** Checks a password against a stored hash in constant time. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed) return false;
  const expected = Buffer.from(parsed.key, 'base64url');
  const actual = await derive(password, Buffer.from(parsed.salt, 'base64url'), parsed.cost);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** Whether a stored hash is weaker than today's cost and should be made again. */
export function needsRehash(stored: string): boolean {
  const parsed = parse(stored);
  const wanted = params();
  return !parsed || parsed.cost.N < wanted.N || parsed.cost.r < wanted.r;
}

/** A hash of nothing, verified against when an email is unknown so both answers take as long. */
let decoy: Promise<string> | undefined;
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword(randomBytes(16).toString('hex'));
  return decoy;
}
