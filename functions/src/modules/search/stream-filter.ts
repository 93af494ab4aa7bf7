import { SUBJECT_TYPES } from '@hatchworks/shared/schemas/subjects';
import { SEARCH_SUBJECT_KEYS } from './documents';

/**
 * Which stream records the search index's consumer gets: any change (new, changed,
 * deleted) of the main item of a feature request (`FEATURE#…` / `FEATURE`), a tracker request
 * (`TRACKER_REQUEST#…` / `REQUEST`) or a project suggestion (`TRACKER_SUGGESTION#…` /
 * `SUGGESTION`); their sort views are copies and are left out. One filter per kind: the CDK stack
 * turns each into an event source filter, the local stack's poller applies them.
 */
export const SEARCH_STREAM_FILTERS = SUBJECT_TYPES.map((type) => ({
  eventName: ['INSERT', 'MODIFY', 'REMOVE'] as const,
  partitionKeyPrefix: SEARCH_SUBJECT_KEYS[type].prefix,
  sortKey: SEARCH_SUBJECT_KEYS[type].sortKey,
}));
