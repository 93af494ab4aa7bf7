import { VerifyUserInputSchema } from '@hatchworks/shared/schemas/users';
import {
  createUser,
  getUserByEmail,
  getUserBySubject,
  linkIdentity,
  toApiUser,
} from '../../data/users-repository';
import { emailLocalPart, fallbackDisplayName, fallbackUsername } from '../../domain/usernames';
import { AppError, ConflictError, ForbiddenError } from '../../lib/errors';
import { fetchUserInfo } from '../../lib/userinfo';
import { authHandler } from '../../middleware/auth-handler';
import { withMessage } from '../../middleware/response';

const VERIFIED = 'User verified successfully';

export const handler = authHandler({
  body: VerifyUserInputSchema.optional(),
  allowUnlinkedIdentity: true,
  handler: async ({ body, caller }) => {
    const { token, user } = await caller();
    if (token?.kind !== 'idp') {
      // The product's own tokens are verified already: the user exists.
      if (!user) throw new AppError(401, 'AUTH_ERROR');
      return withMessage(toApiUser(user), VERIFIED);
    }
    if (body?.auth0_id !== undefined && body.auth0_id !== token.subject) {
      throw new ForbiddenError('auth0_id does not match the signed-in identity.');
    }
    if (user) return withMessage(toApiUser(user), VERIFIED);

    const info = await fetchUserInfo(token.issuer, token.accessToken);
    const email = (info.email ?? (typeof token.claims.email === 'string' ? token.claims.email : ''))
      .trim()
      .toLowerCase();
    if (!email) {
      throw new AppError(
        400,
        'VALIDATION_ERROR',
        'The identity provider did not share an email address.',
      );
    }
    // Some providers (Cognito) send the flag as the string 'true'.
    const verified = info.email_verified === true || info.email_verified === 'true';
    const existing = await getUserByEmail(email);
    if (existing) {
      // Joining two ways of signing in is safe only when the provider vouches for the address.
      if (!verified) throw new ConflictError('An account with this email already exists');
      return withMessage(
        toApiUser(await linkIdentity(existing, token.issuer, token.subject)),
        VERIFIED,
      );
    }
    const outcome = await createUser({
      email,
      displayName: fallbackDisplayName(email, info.name, body?.display_name),
      username: fallbackUsername(
        info.nickname,
        info.preferred_username,
        body?.nickname,
        body?.username,
        emailLocalPart(email),
      ),
      isVerified: verified,
      identity: { issuer: token.issuer, subject: token.subject },
      makeUsernameUnique: true,
    });
    // A simultaneous call may have created the user first: answer with that one.
    const created = outcome.created
      ? outcome.user
      : await getUserBySubject(token.issuer, token.subject);
    if (!created) throw new ConflictError();
    return withMessage(toApiUser(created), VERIFIED);
  },
});
