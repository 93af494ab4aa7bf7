import { LoginInputSchema, type AuthResult } from '@hatchworks/shared/schemas/users';
import { recordHits, retryAfterSeconds, type Window } from '../../data/rate-limits-repository';
import { getUserByEmail, toApiUser } from '../../data/users-repository';
import { clientIp } from '../../lib/client-ip';
import { env } from '../../lib/env';
import { AppError } from '../../lib/errors';
import { decoyHash, verifyPassword } from '../../lib/passwords';
import { signOwnToken } from '../../lib/tokens';
import { httpHandler } from '../../middleware/http-handler';

export const INVALID_CREDENTIALS = 'Invalid email or password';

export const handler = httpHandler({
  body: LoginInputSchema,
  handler: async ({ body, event }): Promise<AuthResult> => {
    const config = env();
    const seconds = config.LOGIN_FAILURE_WINDOW_SECONDS;
    const windows: Window[] = [
      { key: `login-account#${body.email}`, limit: config.LOGIN_MAX_FAILURES_PER_ACCOUNT, seconds },
      {
        key: `login-client#${clientIp(event)}`,
        limit: config.LOGIN_MAX_FAILURES_PER_CLIENT,
        seconds,
      },
    ];
    const wait = await retryAfterSeconds(windows);
    if (wait > 0) {
      throw new AppError(
        429,
        'RATE_LIMITED',
        `Too many failed login attempts. Try again in ${Math.ceil(wait / 60)} minute(s).`,
        {
          headers: { 'retry-after': String(wait) },
        },
      );
    }
    const user = await getUserByEmail(body.email);
    // Unknown emails cost a hash too, so timing does not tell which addresses have accounts.
    const valid = user?.password_hash
      ? await verifyPassword(body.password, user.password_hash)
      : (await verifyPassword(body.password, await decoyHash())) && false;
    if (!user || !valid) {
      await recordHits(windows);
      throw new AppError(401, 'AUTH_ERROR', INVALID_CREDENTIALS);
    }
    return { user: toApiUser(user), token: await signOwnToken(user) };
  },
});
