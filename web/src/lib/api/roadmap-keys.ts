/** Query keys of the roadmap: a status change anywhere invalidates `roadmapKeys.all`. */
export const roadmapKeys = {
  all: ['roadmap'] as const,
  board: (projectId: string | undefined) => [...roadmapKeys.all, projectId ?? null] as const,
};
