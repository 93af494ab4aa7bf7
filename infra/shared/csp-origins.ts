import type { RuntimeConfig } from '@hatchworks/shared/schemas/runtime-config';
import type { CspOrigins } from './security-headers';

/** How CDK renders a deploy-time value inside a string (`${Token[...]}`). */
const UNRESOLVED_TOKEN = '${Token[';

function originOf(url: string | undefined): string[] {
  if (!url) return [];
  try {
    return [new URL(url).origin];
  } catch {
    // On AWS the user pool's URLs hold deploy-time values (region, pool id, domain) that no URL
    // parser accepts: keep their `https://host` part as it stands, the path never matters here.
    const match = url.includes(UNRESOLVED_TOKEN) ? /^https:\/\/[^/?#\s]+/.exec(url) : null;
    return match ? [match[0]] : [];
  }
}

/**
 * The third-party origins the CSP must allow for a runtime config: the donation widget's script
 * and panel, and the identity provider's endpoints (its issuer, where discovery lives, and its
 * logout endpoint's host, which for Cognito is also where the token endpoint lives). CloudFront
 * and the local server both derive their CSP from this, so a widget or IdP configured in one
 * works the same in the other.
 */
export function cspOriginsFor(config: RuntimeConfig): CspOrigins {
  const donation = originOf(config.donation?.scriptUrl);
  const idp = [
    ...new Set([...originOf(config.auth?.authority), ...originOf(config.auth?.endSessionEndpoint)]),
  ];
  return { script: donation, frame: [...donation, ...idp], connect: idp, form: idp };
}
