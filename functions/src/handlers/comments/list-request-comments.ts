import { listTrackerRequestComments } from '@hatchworks/shared/contracts/comments';
import { listCommentsHandler } from './subject-routes';

export const handler = listCommentsHandler('tracker_request', listTrackerRequestComments);
