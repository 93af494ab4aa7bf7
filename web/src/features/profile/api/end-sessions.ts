import { useMutation } from '@tanstack/react-query';
import { endSessions as route } from '@hatchworks/shared/contracts/accounts';
import { api } from '../../../lib/api-client';

export const END_SESSIONS_FAILED = 'Failed to sign out everywhere';

/** `DELETE /api/user/sessions`: ends every session of the account, this one included. */
export async function endSessions(): Promise<void> {
  await api(route, { fallbackMessage: END_SESSIONS_FAILED });
}

export function useEndSessions(options: { onSuccess?: () => void } = {}) {
  return useMutation({ mutationFn: endSessions, onSuccess: options.onSuccess });
}
