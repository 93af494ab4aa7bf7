import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { listTransactions } from '@hatchworks/shared/contracts/eggs';
import { api } from '../../../lib/api-client';
import { ACTIVITY_PAGE_SIZE, activityKeys, nextCursor } from './activity-keys';

export const LEDGER_FAILED = 'Failed to load egg history';

/** `GET /api/user/transactions`: one page of the signed-in user's ledger, newest first. */
export function getLedgerPage(cursor: string | undefined, signal?: AbortSignal) {
  return api(listTransactions, {
    query: { limit: ACTIVITY_PAGE_SIZE, cursor },
    fallbackMessage: LEDGER_FAILED,
    signal,
  });
}

export const getLedgerQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: activityKeys.ledger(),
    queryFn: ({ pageParam, signal }) => getLedgerPage(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: nextCursor,
  });

export function useLedger() {
  return useInfiniteQuery(getLedgerQueryOptions());
}
