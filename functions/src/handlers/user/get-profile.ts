import type { User } from '@hatchworks/shared/schemas/users';
import { toApiUser } from '../../modules/accounts/users-repository';
import { authHandler } from '../../http/auth-handler';
import { getUserProfile as route } from '@hatchworks/shared/contracts/accounts';

export const handler = authHandler({
  route,
  handler: async ({ user }): Promise<User> => toApiUser(await user()),
});
