import { ACCOUNT_MESSAGES } from '@hatchworks/shared/schemas/users';
import { createUser } from '../../modules/accounts/user-creation';
import {
  getUserByEmail,
  getUserBySubject,
  linkIdentity,
  toApiUser,
} from '../../modules/accounts/users-repository';
import { takeSignUpSlot } from '../../modules/accounts/account-limits';
import { passwordStoreOf } from '../../modules/accounts/password-store';
import {
  emailLocalPart,
  chosenDisplayName,
  fallbackUsername,
} from '../../modules/accounts/usernames';
import { clientIp } from '../../lib/client-ip';
import { AppError, ConflictError, ForbiddenError } from '../../lib/errors';
import { normalizeEmail, personHashes } from '../../lib/identity-hash';
import { fetchUserInfo, vouchesForEmail } from '../../lib/userinfo';
import { authHandler } from '../../http/auth-handler';
import { withMessage } from '../../http/response';
import { verifyUser as route } from '@hatchworks/shared/contracts/accounts';

const VERIFIED = 'User verified successfully';

export const handler = authHandler({
  route,
  allowUnlinkedIdentity: true,
  handler: async ({ body, caller, event }) => {
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
    const email = normalizeEmail(
      info.email ?? (typeof token.claims.email === 'string' ? token.claims.email : ''),
    );
    if (!email) {
      throw new AppError(
        400,
        'VALIDATION_ERROR',
        'The identity provider did not share an email address.',
      );
    }
    const identity = { issuer: token.issuer, subject: token.subject };
    // A sign-up at the stack's user pool chose its password there: the account keeps it there.
    const passwordStore = passwordStoreOf(token.issuer);
    const emailPersons = await personHashes({ email });
    const [subjectPerson = ''] = await personHashes({
      subjects: [`${identity.issuer}|${identity.subject}`],
    });
    // An identity whose provider did not check the mailbox never owns an account: whoever typed
    // the address may not be its owner, and an account the owner proves later would keep them.
    if (!vouchesForEmail(info)) throw new ForbiddenError(ACCOUNT_MESSAGES.providerUnverified);
    const existing = await getUserByEmail(email);
    if (existing) {
      // Joining two ways of signing in needs both sides to have proven the address: an account
      // whose email nobody proved may belong to someone who typed another person's address.
      if (!existing.is_verified) throw new ConflictError(ACCOUNT_MESSAGES.unverifiedExisting);
      const linked = await linkIdentity(existing, {
        ...identity,
        person: subjectPerson,
        passwordStore,
        issuedAt: token.claims.iat,
      });
      return withMessage(toApiUser(linked), VERIFIED);
    }

    await takeSignUpSlot(clientIp(event));
    const outcome = await createUser({
      email,
      displayName: chosenDisplayName(info.name, body?.display_name),
      username: fallbackUsername(
        info.nickname,
        info.preferred_username,
        body?.nickname,
        body?.username,
        emailLocalPart(email),
      ),
      isVerified: true,
      persons: [...emailPersons, subjectPerson],
      identity,
      passwordStore,
      makeUsernameUnique: true,
    });
    if (outcome.created) return withMessage(toApiUser(outcome.user), VERIFIED);
    // A simultaneous call created the user first: answer with that one.
    const created = await getUserBySubject(token.issuer, token.subject);
    if (!created) throw new ConflictError();
    return withMessage(toApiUser(created), VERIFIED);
  },
});
