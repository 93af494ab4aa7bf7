import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { LIMITS } from '@hatchworks/shared/constants';
import {
  deleteChangelogEntry,
  listChangelog as listChangelogRoute,
  publishChangelogEntry,
} from '@hatchworks/shared/contracts/changelog';
import { listFeatures } from '@hatchworks/shared/contracts/features';
import { listProjectSuggestions, listTrackerRequests } from '@hatchworks/shared/contracts/tracker';
import { pageEnvelope } from '@hatchworks/shared/schemas/envelope';
import {
  CHANGELOG_LIMITS,
  type ChangelogEntry,
  type ChangelogEntryInput,
} from '@hatchworks/shared/schemas/changelog';
import { TRACKER_STATUSES } from '@hatchworks/shared/schemas/tracker';
import * as z from '@hatchworks/shared/zod';
import type { SubjectType } from '@hatchworks/shared/schemas/subjects';
import { api } from '../../../lib/api-client';

export const LOAD_CHANGELOG_FAILED = 'Failed to load the changelog';
export const PUBLISH_FAILED = 'Failed to publish the entry';
export const LOAD_CANDIDATES_FAILED = 'Failed to load the completed requests';

/** Every changelog query key starts with 'changelog': publishing reloads them all. */
export const changelogKeys = {
  all: ['changelog'] as const,
  list: () => [...changelogKeys.all, 'list'] as const,
  candidates: () => [...changelogKeys.all, 'candidates'] as const,
};

export interface ChangelogPage {
  readonly entries: readonly ChangelogEntry[];
  readonly next_cursor: string | null;
}

/** `GET /api/changelog`: one page, newest first. */
export async function listChangelog(cursor?: string, signal?: AbortSignal): Promise<ChangelogPage> {
  const envelope = await api(listChangelogRoute, {
    query: { limit: CHANGELOG_LIMITS.pageSize, cursor },
    fallbackMessage: LOAD_CHANGELOG_FAILED,
    signal,
  });
  return { entries: envelope.data.entries, next_cursor: envelope.next_cursor };
}

export const changelogQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: changelogKeys.list(),
    queryFn: ({ pageParam, signal }) => listChangelog(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });

export function useChangelog() {
  return useInfiniteQuery(changelogQueryOptions());
}

/** `POST /api/changelog` (admins), with the submission's Idempotency-Key. */
export async function publishEntry(
  input: ChangelogEntryInput,
  idempotencyKey: string,
): Promise<ChangelogEntry> {
  const envelope = await api(publishChangelogEntry, {
    body: input,
    headers: { 'Idempotency-Key': idempotencyKey },
    fallbackMessage: PUBLISH_FAILED,
  });
  return envelope.data;
}

export function usePublishEntry(options: { onSuccess?: (entry: ChangelogEntry) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, key }: { input: ChangelogEntryInput; key: string }) =>
      publishEntry(input, key),
    onSuccess: async (entry) => {
      options.onSuccess?.(entry);
      await queryClient.invalidateQueries({ queryKey: changelogKeys.all });
    },
  });
}

/** A completed request an entry can close. */
export interface Candidate {
  readonly type: SubjectType;
  readonly id: string;
  readonly title: string;
}

const isCompleted = (status: unknown) =>
  typeof status === 'string' && status.toLowerCase() === 'completed';

/** The tracker's spelling of 'completed' (capitalised, unlike the other subjects). */
const TRACKER_COMPLETED = TRACKER_STATUSES.find((status) => isCompleted(status));

/** Lists read leniently: only the fields the picker needs, plus a status when there is one. */
const StatusOf = z.optional(z.string());
const RequestPageSchema = pageEnvelope(
  z.object({
    feature_requests: z.array(z.object({ id: z.string(), title: z.string(), status: StatusOf })),
  }),
);
const SuggestionPageSchema = pageEnvelope(
  z.object({
    project_suggestions: z.array(z.object({ id: z.string(), name: z.string(), status: StatusOf })),
  }),
);

/**
 * The completed requests of every kind (a page of each, the newest first where the list can sort
 * so): completed feature requests, tracker requests and project suggestions.
 */
export async function listCandidates(signal?: AbortSignal): Promise<Candidate[]> {
  const common = { fallbackMessage: LOAD_CANDIDATES_FAILED, signal };
  // The suggestions list has no status filter (it ignores `status`): its answer is filtered below.
  const suggestionQuery = { status: 'completed', sort_by: 'date', limit: LIMITS.maxPageSize };
  const [features, requests, suggestions] = await Promise.all([
    api(listFeatures, {
      query: { status: 'completed', limit: LIMITS.featurePageSize },
      ...common,
    }),
    api(listTrackerRequests, {
      query: { status: TRACKER_COMPLETED, sort_by: 'date', limit: LIMITS.maxPageSize },
      schema: RequestPageSchema,
      ...common,
    }),
    api(listProjectSuggestions, {
      query: suggestionQuery,
      schema: SuggestionPageSchema,
      ...common,
    }),
  ]);
  return [
    ...features.data.features
      .filter((feature) => isCompleted(feature.status))
      .map((feature) => ({ type: 'feature' as const, id: feature.id, title: feature.title })),
    ...requests.data.feature_requests
      .filter((request) => isCompleted(request.status))
      .map((request) => ({
        type: 'tracker_request' as const,
        id: request.id,
        title: request.title,
      })),
    ...suggestions.data.project_suggestions
      .filter((suggestion) => isCompleted(suggestion.status))
      .map((suggestion) => ({
        type: 'tracker_suggestion' as const,
        id: suggestion.id,
        title: suggestion.name,
      })),
  ];
}

export const candidatesQueryOptions = () =>
  queryOptions({
    queryKey: changelogKeys.candidates(),
    queryFn: ({ signal }) => listCandidates(signal),
  });

export function useCandidates(enabled: boolean) {
  return useQuery({ ...candidatesQueryOptions(), enabled });
}

export const DELETE_FAILED = 'Failed to delete the entry';

/** `DELETE /api/changelog/{id}` (admins). */
export async function deleteEntry(id: string): Promise<void> {
  await api(deleteChangelogEntry, {
    params: { id },
    fallbackMessage: DELETE_FAILED,
  });
}

export function useDeleteEntry(options: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteEntry,
    onSuccess: async () => {
      options.onSuccess?.();
      await queryClient.invalidateQueries({ queryKey: changelogKeys.all });
    },
  });
}
