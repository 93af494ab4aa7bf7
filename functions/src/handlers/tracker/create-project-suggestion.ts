import * as z from '@hatchworks/shared/zod';
import {
  ProjectSuggestionInputSchema,
  TRACKER_MESSAGES,
  type ProjectSuggestion,
} from '@hatchworks/shared/schemas/tracker';
import { ulid } from 'ulid';
import { createSuggestion } from '../../data/tracker-suggestions-repository';
import { authHandler } from '../../middleware/auth-handler';
import { parseWithMessage } from '../../middleware/parse-with-message';
import type { HandlerResult } from '../../middleware/response';
import { findVoter, limitRate } from './voter';

export const handler = authHandler({
  // Parsed below so that the body rules' own messages become the error message.
  body: z.unknown(),
  handler: async ({ body, event, caller }): Promise<HandlerResult<ProjectSuggestion>> => {
    const input = parseWithMessage(ProjectSuggestionInputSchema, body);
    const voter = await findVoter(event, caller, true);
    await limitRate('submission', voter, event, TRACKER_MESSAGES.tooManySubmissions);
    // A filled honeypot is a bot: it gets a success that stores nothing, so it learns nothing.
    const suggestion = input.website
      ? {
          id: ulid(),
          name: input.name,
          description: input.description,
          suggested_group: input.group,
          rationale: input.rationale,
          votes: 0,
          comment_count: 0,
          created_at: new Date().toISOString(),
        }
      : await createSuggestion(input, voter.author);
    return {
      kind: 'result',
      status: 201,
      data: { ...suggestion, my_vote: null },
      headers: voter.headers,
    };
  },
});
