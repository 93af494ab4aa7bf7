import type { FeatureStats } from '@hatchworks/shared/schemas/features';
import { readFeatureStats } from '../../modules/features/features-repository';
import { httpHandler } from '../../http/http-handler';
import { getFeatureStats as route } from '@hatchworks/shared/contracts/features';

export const handler = httpHandler({
  route,
  handler: async (): Promise<FeatureStats> => readFeatureStats(),
});
