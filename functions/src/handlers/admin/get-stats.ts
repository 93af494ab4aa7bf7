import { readCounters } from '../../data/users-repository';
import { authHandler } from '../../middleware/auth-handler';

export const handler = authHandler({
  handler: async () => {
    const counters = await readCounters();
    return { users: { total: counters.users }, projects: { total: counters.projects } };
  },
});
