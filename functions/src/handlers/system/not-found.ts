import { NotFoundError } from '../../lib/errors';
import { httpHandler } from '../../middleware/http-handler';

/** Answers every `/api/*` path no other route matches with the JSON 404 envelope. */
export const handler = httpHandler({
  handler: async () => {
    throw new NotFoundError();
  },
});
