import { TRACKER_MESSAGES, type ProjectSuggestion } from '@hatchworks/shared/schemas/tracker';
import { ulid } from 'ulid';
import { createSuggestion } from '../../modules/tracker/tracker-suggestions-repository';
import { authHandler } from '../../http/auth-handler';
import type { HandlerResult } from '../../http/response';
import { findVoter, limitRate } from './voter';
import { createProjectSuggestion as route } from '@hatchworks/shared/contracts/tracker';

export const handler = authHandler({
  route,
  handler: async ({ body: input, event, caller }): Promise<HandlerResult<ProjectSuggestion>> => {
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
