import { ProfileUpdateSchema, type User } from '@hatchworks/shared/schemas/users';
import { toApiUser, updateProfile } from '../../data/users-repository';
import { authHandler } from '../../middleware/auth-handler';

export const handler = authHandler({
  body: ProfileUpdateSchema,
  handler: async ({ body, user }): Promise<User> =>
    toApiUser(await updateProfile(await user(), body)),
});
