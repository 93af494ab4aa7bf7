import type { FeatureStats } from '@hatchworks/shared/schemas/features';
import { readFeatureStats } from '../../data/features-repository';
import { httpHandler } from '../../middleware/http-handler';

export const handler = httpHandler({
  handler: async (): Promise<FeatureStats> => readFeatureStats(),
});
