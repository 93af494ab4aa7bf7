import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { User } from '@hatchworks/shared/schemas/users';
import { activityKeys } from '../api/activity-keys';
import { EggHistory } from './egg-history';
import { MyFeatureRequests } from './my-feature-requests';
import { MyVotes } from './my-votes';
import './profile-activity.css';

/**
 * Every egg movement changes the balance, and every new request or first vote a stat, so when
 * the signed-in user's balance or stats change (the header's daily claim, a vote, a refreshed
 * profile) the lists are reloaded. The claim does not invalidate any query itself.
 */
function useReloadOnUserChange(user: User) {
  const queryClient = useQueryClient();
  const signature = `${user.egg_balance}:${user.stats.features_created}:${user.stats.votes_cast}`;
  const seen = useRef(signature);

  useEffect(() => {
    if (seen.current === signature) return;
    seen.current = signature;
    void queryClient.invalidateQueries({ queryKey: activityKeys.all });
  }, [queryClient, signature]);
}

/** The profile's activity: Egg History, My Feature Requests, My Votes. */
export function ProfileActivity({ user }: { user: User }) {
  useReloadOnUserChange(user);
  return (
    <>
      <EggHistory />
      <MyFeatureRequests userId={user.id} />
      <MyVotes userId={user.id} />
    </>
  );
}
