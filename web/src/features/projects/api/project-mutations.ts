import type { QueryClient } from '@tanstack/react-query';

/** Any project create, update or delete refreshes all project data (homepage too). */
export function invalidateAllProjects(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: ['projects'] });
}
