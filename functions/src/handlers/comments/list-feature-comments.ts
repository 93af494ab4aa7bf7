import { listFeatureComments } from '@hatchworks/shared/contracts/comments';
import { listCommentsHandler } from './subject-routes';

export const handler = listCommentsHandler('feature', listFeatureComments);
