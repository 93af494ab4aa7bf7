import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FALLBACK_MESSAGES } from '@hatchworks/shared/errors';
import { trackerVote as route } from '@hatchworks/shared/contracts/tracker';
import type { TrackerVoteInput, TrackerVoteResult } from '@hatchworks/shared/schemas/tracker';
import { api } from '../../../lib/api-client';
import { trackerKeys } from './keys';

/**
 * `POST /api/tracker/vote`: the same direction again removes the vote, the other one switches it.
 * Anonymous visitors are told apart by the API's cookie, which the same-origin call carries.
 */
export async function castTrackerVote(input: TrackerVoteInput): Promise<TrackerVoteResult> {
  const envelope = await api(route, {
    body: input,
    fallbackMessage: FALLBACK_MESSAGES.recordVote,
  });
  return envelope.data;
}

/** A vote, then every tracker list, the stats and the activity reload. */
export function useTrackerVote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: castTrackerVote,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: trackerKeys.all });
    },
  });
}

/**
 * An upvote that stays an upvote ('Vote on this instead'): the vote route toggles, so
 * when the caller had already voted up (the first call took it back), it votes up once more.
 */
export async function castTrackerUpvote(
  target: Omit<TrackerVoteInput, 'direction'>,
): Promise<TrackerVoteResult> {
  const first = await castTrackerVote({ ...target, direction: 'up' });
  if (first.my_vote === 'up') return first;
  return castTrackerVote({ ...target, direction: 'up' });
}

/** 'Vote on this instead': an upvote, then every tracker list, the stats and the activity reload. */
export function useTrackerUpvote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: castTrackerUpvote,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: trackerKeys.all });
    },
  });
}
