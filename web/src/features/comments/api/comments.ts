import {
  useInfiniteQuery,
  useMutation,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import {
  createFeatureComment,
  createProjectSuggestionComment,
  createTrackerRequestComment,
  deleteComment,
  listFeatureComments,
  listProjectSuggestionComments,
  listTrackerRequestComments,
  pinComment,
  unpinComment,
  updateComment,
} from '@hatchworks/shared/contracts/comments';
import type {
  Comment,
  CommentInput,
  CommentList,
  CommentOrder,
} from '@hatchworks/shared/schemas/comments';
import type { SubjectType } from '@hatchworks/shared/schemas/subjects';
import { api } from '../../../lib/api-client';
import { COMMENT_FALLBACKS } from '../utils/comment-text';

/** Each subject's list and create routes. */
const SUBJECT_ROUTES = {
  feature: { list: listFeatureComments, create: createFeatureComment },
  tracker_request: { list: listTrackerRequestComments, create: createTrackerRequestComment },
  tracker_suggestion: {
    list: listProjectSuggestionComments,
    create: createProjectSuggestionComment,
  },
} as const satisfies Record<SubjectType, unknown>;

export interface CommentSubjectRef {
  readonly type: SubjectType;
  readonly id: string;
}

export const commentKeys = {
  all: ['comments'] as const,
  subject: (subject: CommentSubjectRef) => [...commentKeys.all, subject.type, subject.id] as const,
  list: (subject: CommentSubjectRef, order: CommentOrder) =>
    [...commentKeys.subject(subject), order] as const,
};

export interface CommentPage extends CommentList {
  readonly next_cursor: string | null;
}

/** `GET …/{id}/comments`: one page of threads in this order. */
export async function listComments(
  subject: CommentSubjectRef,
  order: CommentOrder,
  options: { cursor?: string | undefined; signal?: AbortSignal } = {},
): Promise<CommentPage> {
  const envelope = await api(SUBJECT_ROUTES[subject.type].list, {
    params: { id: subject.id },
    query: { order, cursor: options.cursor },
    fallbackMessage: COMMENT_FALLBACKS.load,
    signal: options.signal,
  });
  return { ...envelope.data, next_cursor: envelope.next_cursor };
}

export function useComments(subject: CommentSubjectRef, order: CommentOrder) {
  return useInfiniteQuery({
    queryKey: commentKeys.list(subject, order),
    queryFn: ({ pageParam, signal }) => listComments(subject, order, { cursor: pageParam, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}

/** After any change: the subject's comments and its card counts reload. */
function refresh(queryClient: QueryClient, subject: CommentSubjectRef) {
  void queryClient.invalidateQueries({ queryKey: commentKeys.subject(subject) });
  void queryClient.invalidateQueries({
    queryKey: subject.type === 'feature' ? ['features'] : ['tracker'],
  });
}

export function useCreateComment(subject: CommentSubjectRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CommentInput): Promise<Comment> =>
      (
        await api(SUBJECT_ROUTES[subject.type].create, {
          params: { id: subject.id },
          body: input,
          fallbackMessage: COMMENT_FALLBACKS.post,
        })
      ).data,
    onSuccess: () => refresh(queryClient, subject),
  });
}

export function useEditComment(subject: CommentSubjectRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: string; body: string }): Promise<Comment> =>
      (
        await api(updateComment, {
          params: { id },
          body: { body },
          fallbackMessage: COMMENT_FALLBACKS.edit,
        })
      ).data,
    onSuccess: () => refresh(queryClient, subject),
  });
}

export function useDeleteComment(subject: CommentSubjectRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      (
        await api(deleteComment, {
          params: { id },
          fallbackMessage: COMMENT_FALLBACKS.delete,
        })
      ).data,
    onSuccess: () => refresh(queryClient, subject),
  });
}

export function usePinComment(subject: CommentSubjectRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, pin }: { id: string; pin: boolean }): Promise<Comment> =>
      (
        await api(pin ? pinComment : unpinComment, {
          params: { id },
          fallbackMessage: COMMENT_FALLBACKS.pin,
        })
      ).data,
    onSuccess: () => refresh(queryClient, subject),
  });
}
