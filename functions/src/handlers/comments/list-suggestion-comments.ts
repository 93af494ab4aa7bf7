import { listCommentsHandler } from './subject-routes';

export const handler = listCommentsHandler('tracker_suggestion');
