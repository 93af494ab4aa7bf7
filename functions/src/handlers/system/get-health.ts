import type { Health } from '@hatchworks/shared/schemas/health';
import { httpHandler } from '../../http/http-handler';
import { getHealth as route } from '@hatchworks/shared/contracts/system';

export const handler = httpHandler({
  route,
  handler: async (): Promise<Health> => ({ status: 'ok', time: new Date().toISOString() }),
});
