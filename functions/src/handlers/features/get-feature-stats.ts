import type { FeatureStats } from '@hatchworks/shared/schemas/features';
import { readFeatureStats } from '../../data/features-repository';
import { httpHandler } from '../../middleware/http-handler';
import { getFeatureStats as route } from '@hatchworks/shared/contracts/features';

export const handler = httpHandler({
  route,
  handler: async (): Promise<FeatureStats> => readFeatureStats(),
});
