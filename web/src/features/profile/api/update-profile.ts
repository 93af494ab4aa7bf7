import { useMutation } from '@tanstack/react-query';
import { updateUserProfile as route } from '@hatchworks/shared/contracts/accounts';
import type { ProfileUpdate, User } from '@hatchworks/shared/schemas/users';
import { api } from '../../../lib/api-client';

export const UPDATE_PROFILE_FAILED = 'Failed to update profile';

/** `PUT /api/user/profile`: new display name and username; answers the updated user. */
export async function updateProfile(input: ProfileUpdate): Promise<User> {
  const envelope = await api(route, {
    body: input,
    fallbackMessage: UPDATE_PROFILE_FAILED,
  });
  return envelope.data;
}

export function useUpdateProfile(options: { onSuccess?: (user: User) => void } = {}) {
  return useMutation({ mutationFn: updateProfile, onSuccess: options.onSuccess });
}
