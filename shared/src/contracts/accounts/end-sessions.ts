import type { RouteContract } from '../../contract';

/** "Sign out everywhere": ends every session of the caller's account, this one included. */
export const endSessions = {
  id: 'EndSessions',
  method: 'DELETE',
  path: '/api/user/sessions',
  access: 'user',
} as const satisfies RouteContract;
