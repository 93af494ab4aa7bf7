import type { User } from '@hatchworks/shared/schemas/users';
import { toApiUser } from '../../data/users-repository';
import { authHandler } from '../../middleware/auth-handler';

export const handler = authHandler({
  handler: async ({ user }): Promise<User> => toApiUser(await user()),
});
