import * as z from '@hatchworks/shared/zod';
import { profileUpdateSchemaFor, type User } from '@hatchworks/shared/schemas/users';
import { toApiUser, updateProfile } from '../../modules/accounts/users-repository';
import { authHandler } from '../../http/auth-handler';
import { parseWithMessage } from '../../http/parse-with-message';
import { updateUserProfile as route } from '@hatchworks/shared/contracts/accounts';

export const handler = authHandler({
  route,
  // In place of the contract's schema: checked below against the caller's current username,
  // which they may keep even if it became reserved since.
  body: z.unknown(),
  handler: async ({ body, user }): Promise<User> => {
    const current = await user();
    const changes = parseWithMessage(profileUpdateSchemaFor(current.username), body);
    return toApiUser(await updateProfile(current, changes));
  },
});
