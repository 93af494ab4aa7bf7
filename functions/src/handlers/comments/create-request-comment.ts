import { createTrackerRequestComment } from '@hatchworks/shared/contracts/comments';
import { createCommentHandler } from './subject-routes';

export const handler = createCommentHandler('tracker_request', createTrackerRequestComment);
