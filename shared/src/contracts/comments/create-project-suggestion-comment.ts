import type { RouteContract } from '../../contract';
import {
  CommentInputSchema,
  CommentSchema,
  CommentSubjectParamsSchema,
} from '../../schemas/comments';

export const createProjectSuggestionComment = {
  id: 'CreateProjectSuggestionComment',
  path: '/api/tracker/project-suggestions/{id}/comments',
  method: 'POST',
  access: 'user',
  params: CommentSubjectParamsSchema,
  body: CommentInputSchema,
  bodyMessages: true,
  data: CommentSchema,
} as const satisfies RouteContract;
