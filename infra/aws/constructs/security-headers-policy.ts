import { Duration } from 'aws-cdk-lib';
import {
  HeadersFrameOption,
  HeadersReferrerPolicy,
  ResponseHeadersPolicy,
  type ResponseCustomHeader,
  type ResponseSecurityHeadersBehavior,
} from 'aws-cdk-lib/aws-cloudfront';
import { Construct } from 'constructs';
import {
  STRICT_TRANSPORT_SECURITY,
  securityHeaders,
  type CspOrigins,
} from '../../shared/security-headers';

/** Thrown when the shared header list holds a value CloudFront cannot express. */
export class UnsupportedHeaderError extends Error {
  override readonly name = 'UnsupportedHeaderError';
}

const enumValue = <T extends string>(
  values: Record<string, T>,
  header: string,
  value: string,
): T => {
  const found = Object.values(values).find(
    (candidate) => candidate.toLowerCase() === value.toLowerCase(),
  );
  if (!found)
    throw new UnsupportedHeaderError(`${header}: "${value}" has no CloudFront equivalent`);
  return found;
};

/**
 * Splits the shared header list (`infra/shared/security-headers.ts`, which the local server
 * sends verbatim) into CloudFront's typed security headers and plain custom headers. A header
 * CloudFront types is never sent as a custom one (CloudFront refuses that), and a value it
 * cannot express fails synth instead of being dropped, so both stacks keep sending the same set.
 */
export function toCloudFrontHeaders(headers: Readonly<Record<string, string>>): {
  securityHeadersBehavior: ResponseSecurityHeadersBehavior;
  customHeaders: ResponseCustomHeader[];
} {
  const security: {
    -readonly [K in keyof ResponseSecurityHeadersBehavior]: ResponseSecurityHeadersBehavior[K];
  } = {};
  const customHeaders: ResponseCustomHeader[] = [];
  for (const [header, value] of Object.entries(headers)) {
    switch (header.toLowerCase()) {
      case 'content-security-policy':
        security.contentSecurityPolicy = { contentSecurityPolicy: value, override: true };
        break;
      case 'x-content-type-options':
        if (value !== 'nosniff') throw new UnsupportedHeaderError(`${header}: "${value}"`);
        security.contentTypeOptions = { override: true };
        break;
      case 'x-frame-options':
        security.frameOptions = {
          frameOption: enumValue(HeadersFrameOption, header, value),
          override: true,
        };
        break;
      case 'referrer-policy':
        security.referrerPolicy = {
          referrerPolicy: enumValue(HeadersReferrerPolicy, header, value),
          override: true,
        };
        break;
      case 'strict-transport-security':
        if (value !== STRICT_TRANSPORT_SECURITY.value) {
          throw new UnsupportedHeaderError(
            `${header}: expected the shared STRICT_TRANSPORT_SECURITY`,
          );
        }
        security.strictTransportSecurity = {
          accessControlMaxAge: Duration.seconds(STRICT_TRANSPORT_SECURITY.maxAgeSeconds),
          includeSubdomains: STRICT_TRANSPORT_SECURITY.includeSubdomains,
          override: true,
        };
        break;
      default:
        customHeaders.push({ header, value, override: true });
    }
  }
  return { securityHeadersBehavior: security, customHeaders };
}

export interface SecurityHeadersPolicyProps {
  /** Third-party origins the CSP allows (donation widget, identity provider). */
  readonly cspOrigins: CspOrigins;
  /**
   * For the feedback panel's behaviour, whose viewer-response function sets the CSP with the
   * project's `frame-ancestors`: the policy then sends neither the CSP nor X-Frame-Options, so
   * nothing but the function decides who may frame the panel.
   * @default false
   */
  readonly framingByFunction?: boolean;
}

/** A behaviour's response-headers policy: the site's security headers over HTTPS. */
export class SecurityHeadersPolicy extends Construct {
  readonly policy: ResponseHeadersPolicy;

  constructor(scope: Construct, id: string, props: SecurityHeadersPolicyProps) {
    super(scope, id);
    const byFunction = props.framingByFunction ?? false;
    // With `frameAncestors` the shared list already leaves X-Frame-Options out.
    const headers = securityHeaders(props.cspOrigins, {
      https: true,
      ...(byFunction ? { frameAncestors: "'self'" } : {}),
    });
    const { securityHeadersBehavior, customHeaders } = toCloudFrontHeaders(
      byFunction
        ? Object.fromEntries(
            Object.entries(headers).filter(([name]) => name !== 'content-security-policy'),
          )
        : headers,
    );
    this.policy = new ResponseHeadersPolicy(this, 'Policy', {
      comment: byFunction
        ? 'Security headers of infra/shared/security-headers.ts but framing (a function sets it)'
        : 'Security headers of infra/shared/security-headers.ts',
      securityHeadersBehavior,
      ...(customHeaders.length > 0 ? { customHeadersBehavior: { customHeaders } } : {}),
    });
  }
}
