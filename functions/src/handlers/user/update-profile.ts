import type { User } from '@hatchworks/shared/schemas/users';
import { toApiUser, updateProfile } from '../../modules/accounts/users-repository';
import { refuseStaffNames } from '../../modules/accounts/staff-names';
import { authHandler } from '../../http/auth-handler';
import { updateUserProfile as route } from '@hatchworks/shared/contracts/accounts';

export const handler = authHandler({
  route,
  handler: async ({ body, user }): Promise<User> => {
    const current = await user();
    refuseStaffNames(body, current);
    return toApiUser(await updateProfile(current, body));
  },
});
