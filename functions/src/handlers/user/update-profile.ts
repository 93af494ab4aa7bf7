import { ProfileUpdateSchema, type User } from '@hatchworks/shared/schemas/users';
import { toApiUser, updateProfile } from '../../data/users-repository';
import { httpHandler } from '../../middleware/http-handler';

export const handler = httpHandler({
  body: ProfileUpdateSchema,
  handler: async ({ body, user }): Promise<User> =>
    toApiUser(await updateProfile(await user(), body)),
});
