import { appQuotaBreaches, describeBreach } from '../../../quotas';
import { fail, ok, type Check } from '../check';

/**
 * The synthesized templates within the AWS quotas of `infra/aws/quotas.ts` (each with its page).
 * The preflight synthesizes without bundling, so the quotas on counts, sizes of templates and
 * settings are measured; the unzipped package size is held by the bundling test.
 */
export const checkTemplateQuotas: Check = async ({ app }) => {
  const breaches = appQuotaBreaches(app);
  if (breaches.length === 0) {
    return [ok('template quotas', 'every template within the AWS quotas of infra/aws/quotas.ts')];
  }
  return breaches.map((breach) =>
    fail(
      'template quotas',
      describeBreach(breach),
      'change the stack until it fits: a first deploy meets the default quotas',
    ),
  );
};
