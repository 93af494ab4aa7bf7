import {
  useInfiniteQuery,
  useMutation,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import {
  CommentListSchema,
  CommentSchema,
  type Comment,
  type CommentInput,
  type CommentList,
  type CommentOrder,
} from '@hatchworks/shared/schemas/comments';
import { pageEnvelope, successEnvelope } from '@hatchworks/shared/schemas/envelope';
import * as z from '@hatchworks/shared/zod';
import type { SubjectType } from '@hatchworks/shared/schemas/subjects';
import { apiRequest } from '../../../lib/api-client';
import { COMMENT_FALLBACKS } from '../utils/comment-text';

/** Where each subject's comments live in the API. */
const SUBJECT_PATHS: Record<SubjectType, string> = {
  feature: '/features',
  tracker_request: '/tracker/feature-requests',
  tracker_suggestion: '/tracker/project-suggestions',
};

export interface CommentSubjectRef {
  readonly type: SubjectType;
  readonly id: string;
}

const commentsPath = (subject: CommentSubjectRef) =>
  `${SUBJECT_PATHS[subject.type]}/${encodeURIComponent(subject.id)}/comments`;

export const commentKeys = {
  all: ['comments'] as const,
  subject: (subject: CommentSubjectRef) => [...commentKeys.all, subject.type, subject.id] as const,
  list: (subject: CommentSubjectRef, order: CommentOrder) =>
    [...commentKeys.subject(subject), order] as const,
};

const ListEnvelope = pageEnvelope(CommentListSchema);
const CommentEnvelope = successEnvelope(CommentSchema);
const DeletedEnvelope = successEnvelope(z.object({ id: z.string(), deleted: z.literal(true) }));

export interface CommentPage extends CommentList {
  readonly next_cursor: string | null;
}

/** `GET …/{id}/comments`: one page of threads in this order. */
export async function listComments(
  subject: CommentSubjectRef,
  order: CommentOrder,
  options: { cursor?: string | undefined; signal?: AbortSignal } = {},
): Promise<CommentPage> {
  const envelope = await apiRequest(commentsPath(subject), {
    query: { order, cursor: options.cursor },
    schema: ListEnvelope,
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
        await apiRequest(commentsPath(subject), {
          method: 'POST',
          body: input,
          schema: CommentEnvelope,
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
        await apiRequest(`/comments/${encodeURIComponent(id)}`, {
          method: 'PUT',
          body: { body },
          schema: CommentEnvelope,
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
        await apiRequest(`/comments/${encodeURIComponent(id)}`, {
          method: 'DELETE',
          schema: DeletedEnvelope,
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
        await apiRequest(`/comments/${encodeURIComponent(id)}/pin`, {
          method: pin ? 'PUT' : 'DELETE',
          schema: CommentEnvelope,
          fallbackMessage: COMMENT_FALLBACKS.pin,
        })
      ).data,
    onSuccess: () => refresh(queryClient, subject),
  });
}
