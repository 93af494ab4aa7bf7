import { createFeatureComment } from '@hatchworks/shared/contracts/comments';
import { createCommentHandler } from './subject-routes';

export const handler = createCommentHandler('feature', createFeatureComment);
