import { listProjectSuggestionComments } from '@hatchworks/shared/contracts/comments';
import { listCommentsHandler } from './subject-routes';

export const handler = listCommentsHandler('tracker_suggestion', listProjectSuggestionComments);
