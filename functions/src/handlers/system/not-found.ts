import { NotFoundError } from '../../lib/errors';
import { httpHandler } from '../../http/http-handler';
import { notFound as route } from '@hatchworks/shared/contracts/system';

/** Answers every `/api/*` path no other route matches with the JSON 404 envelope. */
export const handler = httpHandler({
  route,
  handler: async () => {
    throw new NotFoundError();
  },
});
