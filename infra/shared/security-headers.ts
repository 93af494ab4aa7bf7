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

/**
 * The Content-Security-Policy value for the given third-party origins. `frameAncestors` is the
 * source list of the pages that may frame the response (the widget's panel: `frameAncestors()` in
 * shared/src/embed.ts); every other response may be framed by none.
 */
export function contentSecurityPolicy(origins: CspOrigins = {}, frameAncestors = "'none'"): string {
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
    `frame-ancestors ${frameAncestors}`,
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

/**
 * Header name → value, as the local server sends them. With `frameAncestors` (the widget's panel)
 * the CSP names who may frame it and X-Frame-Options is left out: it can only say DENY or
 * SAMEORIGIN, and a browser that knows `frame-ancestors` ignores it anyway.
 */
export function securityHeaders(
  origins: CspOrigins = {},
  options: { https: boolean; frameAncestors?: string } = { https: false },
): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(origins, options.frameAncestors),
    'x-content-type-options': 'nosniff',
    ...(options.frameAncestors ? {} : { 'x-frame-options': 'DENY' }),
    'referrer-policy': REFERRER_POLICY,
    ...(options.https ? { 'strict-transport-security': STRICT_TRANSPORT_SECURITY.value } : {}),
  };
}
