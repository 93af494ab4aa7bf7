import type { User } from '@hatchworks/shared/schemas/users';
import { toApiUser } from '../../data/users-repository';
import { httpHandler } from '../../middleware/http-handler';

export const handler = httpHandler({
  handler: async ({ user }): Promise<User> => toApiUser(await user()),
});
