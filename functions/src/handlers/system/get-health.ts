import type { Health } from '@hatchworks/shared/schemas/health';
import { httpHandler } from '../../middleware/http-handler';

export const handler = httpHandler({
  handler: async (): Promise<Health> => ({ status: 'ok', time: new Date().toISOString() }),
});
