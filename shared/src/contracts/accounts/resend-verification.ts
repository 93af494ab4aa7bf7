import type { RouteContract } from '../../contract';
import { ResendVerificationBodySchema } from '../../schemas/users';

/** Always 202: it never tells whether an address has an account. */
export const resendVerification = {
  id: 'ResendVerification',
  method: 'POST',
  path: '/api/auth/resend-verification',
  access: 'public',
  // Without a body, a signed-in caller gets the mail at their own address.
  body: ResendVerificationBodySchema,
} as const satisfies RouteContract;
