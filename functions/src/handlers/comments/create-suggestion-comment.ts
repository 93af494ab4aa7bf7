import { createCommentHandler } from './subject-routes';

export const handler = createCommentHandler('tracker_suggestion');
