import * as z from '@hatchworks/shared/zod';
import { profileUpdateSchemaFor, type User } from '@hatchworks/shared/schemas/users';
import { toApiUser, updateProfile } from '../../data/users-repository';
import { authHandler } from '../../middleware/auth-handler';
import { parseWithMessage } from '../../middleware/parse-with-message';

export const handler = authHandler({
  // Parsed below against the caller's current username (which they may keep even if reserved
  // since), with the first rule's own message ('This username is reserved') as the error.
  body: z.unknown(),
  handler: async ({ body, user }): Promise<User> => {
    const current = await user();
    const changes = parseWithMessage(profileUpdateSchemaFor(current.username), body);
    return toApiUser(await updateProfile(current, changes));
  },
});
