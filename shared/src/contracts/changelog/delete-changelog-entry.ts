import type { RouteContract } from '../../contract';
import { ChangelogDeletedSchema, ChangelogIdParamsSchema } from '../../schemas/changelog';

export const deleteChangelogEntry = {
  id: 'DeleteChangelogEntry',
  method: 'DELETE',
  path: '/api/changelog/{id}',
  access: 'admin',
  params: ChangelogIdParamsSchema,
  data: ChangelogDeletedSchema,
} as const satisfies RouteContract;
