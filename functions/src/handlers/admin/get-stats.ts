import { readCounters } from '../../data/users-repository';
import { httpHandler } from '../../middleware/http-handler';

export const handler = httpHandler({
  handler: async () => {
    const counters = await readCounters();
    return { users: { total: counters.users }, projects: { total: counters.projects } };
  },
});
