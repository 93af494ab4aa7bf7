import { readCounters } from '../../modules/accounts/users-repository';
import { authHandler } from '../../http/auth-handler';
import { getAdminStats as route } from '@hatchworks/shared/contracts/accounts';

export const handler = authHandler({
  route,
  handler: async () => {
    const counters = await readCounters();
    return { users: { total: counters.users }, projects: { total: counters.projects } };
  },
});
