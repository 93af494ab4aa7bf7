import { createCommentHandler } from './subject-routes';

export const handler = createCommentHandler('feature');
