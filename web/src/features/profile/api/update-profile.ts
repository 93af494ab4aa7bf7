import { useMutation } from '@tanstack/react-query';
import { successEnvelope } from '@hatchworks/shared/schemas/envelope';
import { UserSchema, type ProfileUpdate, type User } from '@hatchworks/shared/schemas/users';
import { apiRequest } from '../../../lib/api-client';

export const UPDATE_PROFILE_FAILED = 'Failed to update profile';

const ProfileEnvelopeSchema = successEnvelope(UserSchema);

/** `PUT /api/user/profile`: new display name and username; answers the updated user. */
export async function updateProfile(input: ProfileUpdate): Promise<User> {
  const envelope = await apiRequest('/user/profile', {
    method: 'PUT',
    body: input,
    schema: ProfileEnvelopeSchema,
    fallbackMessage: UPDATE_PROFILE_FAILED,
  });
  return envelope.data;
}

export function useUpdateProfile(options: { onSuccess?: (user: User) => void } = {}) {
  return useMutation({ mutationFn: updateProfile, onSuccess: options.onSuccess });
}
