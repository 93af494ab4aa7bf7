import * as z from '../zod';
import { FeatureListQuerySchema } from './features';

/**
 * Query of the pending list (admins): the list's filters but the status, which is `pending`. A
 * module of its own: `z.omit` weighs ~1 KB in every bundle that imports the module.
 */
export const PendingFeatureListQuerySchema = z.omit(FeatureListQuerySchema, { status: true });
