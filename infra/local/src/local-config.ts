import { RuntimeConfigSchema, type RuntimeConfig } from '@hatchworks/shared/schemas/runtime-config';
import { LocalStackError } from './local-error';

/** The `/config.json` of the local stack, from environment variables (see README). */
export function localRuntimeConfig(env: NodeJS.ProcessEnv = process.env): RuntimeConfig {
  const donation = env.DONATION_SCRIPT_URL
    ? {
        scriptUrl: env.DONATION_SCRIPT_URL,
        account: env.DONATION_ACCOUNT ?? '',
        label: env.DONATION_LABEL ?? 'Support us',
      }
    : null;
  const parsed = RuntimeConfigSchema.safeParse({ apiBaseUrl: '/api', auth: null, donation });
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join('.')}: ${issue.message}`,
    );
    throw new LocalStackError(`Invalid DONATION_* settings (${problems.join('; ')}).`);
  }
  return parsed.data;
}
