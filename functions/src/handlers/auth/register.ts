import { RegisterInputSchema, type AuthResult } from '@hatchworks/shared/schemas/users';
import { createUser, toApiUser } from '../../data/users-repository';
import { emailLocalPart, fallbackDisplayName, fallbackUsername } from '../../domain/usernames';
import { hashPassword } from '../../lib/passwords';
import { signOwnToken } from '../../lib/tokens';
import { httpHandler } from '../../middleware/http-handler';
import { created } from '../../middleware/response';

export const handler = httpHandler({
  body: RegisterInputSchema,
  handler: async ({ body }) => {
    const outcome = await createUser({
      email: body.email,
      username: body.username ?? fallbackUsername(emailLocalPart(body.email)),
      displayName: fallbackDisplayName(body.email, body.display_name),
      isVerified: false,
      passwordHash: await hashPassword(body.password),
      // A chosen username must be free; a derived one is made unique.
      makeUsernameUnique: body.username === undefined,
    });
    if (!outcome.created) throw new Error('Registration cannot link an identity');
    return created<AuthResult>({
      user: toApiUser(outcome.user),
      token: await signOwnToken(outcome.user),
    });
  },
});
