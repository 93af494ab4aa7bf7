import type { RuntimeConfig } from '@hatchworks/shared/schemas/runtime-config';
import type { CspOrigins } from './security-headers';

function originOf(url: string | undefined): string[] {
  if (!url) return [];
  try {
    return [new URL(url).origin];
  } catch {
    return [];
  }
}

/**
 * The third-party origins the CSP must allow for a runtime config: the donation widget's script
 * and panel, and the identity provider's endpoints. CloudFront and the local server both derive
 * their CSP from this, so a widget or IdP configured in one works the same in the other.
 */
export function cspOriginsFor(config: RuntimeConfig): CspOrigins {
  const donation = originOf(config.donation?.scriptUrl);
  const idp = originOf(config.auth?.authority);
  return { script: donation, frame: [...donation, ...idp], connect: idp, form: idp };
}
