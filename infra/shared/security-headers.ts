/**
 * The security headers of the site, declared once: CloudFront's response-headers policy and the
 * local server both send exactly these.
 */

export interface CspOrigins {
  /** Extra origins scripts may load from (the donation widget). */
  readonly script?: readonly string[];
  /** Extra origins fetch/XHR may reach (the identity provider's token endpoint). */
  readonly connect?: readonly string[];
  /** Extra origins that may be framed (the donation widget's panel, the IdP's silent renew). */
  readonly frame?: readonly string[];
  /** Extra origins forms may post to (the hosted login). */
  readonly form?: readonly string[];
}

const join = (...parts: readonly (string | undefined)[]) => parts.filter(Boolean).join(' ');

/** The Content-Security-Policy value for the given third-party origins. */
export function contentSecurityPolicy(origins: CspOrigins = {}): string {
  return [
    "default-src 'self'",
    `script-src ${join("'self'", ...(origins.script ?? []))}`,
    // The donation widget injects inline styles; nothing of ours relies on them.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "font-src 'self' data:",
    `connect-src ${join("'self'", ...(origins.connect ?? []))}`,
    `frame-src ${join("'self'", ...(origins.frame ?? []))}`,
    `form-action ${join("'self'", ...(origins.form ?? []))}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "object-src 'none'",
  ].join('; ');
}

/** HSTS: two years, subdomains included. Sent only over HTTPS (browsers ignore it on http). */
export const STRICT_TRANSPORT_SECURITY = {
  maxAgeSeconds: 63_072_000,
  includeSubdomains: true,
  value: 'max-age=63072000; includeSubDomains',
} as const;

export const REFERRER_POLICY = 'strict-origin-when-cross-origin';

/** Header name → value, as the local server sends them. */
export function securityHeaders(
  origins: CspOrigins = {},
  options: { https: boolean } = { https: false },
): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(origins),
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': REFERRER_POLICY,
    ...(options.https ? { 'strict-transport-security': STRICT_TRANSPORT_SECURITY.value } : {}),
  };
}
