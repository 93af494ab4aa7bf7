import { config } from '@hatchworks/shared/zod';

/*
 * The site's CSP has no 'unsafe-eval'. Zod otherwise probes `new Function` on first use, which the
 * browser reports as a CSP violation even though Zod recovers; jitless mode skips the probe.
 */
config({ jitless: true });
