import { webhookEventItem, webhookSubject } from '../webhooks/webhook-events';
import { EGGS } from '@hatchworks/shared/constants';
import {
  REOPEN_MESSAGES,
  type Feature,
  type FeatureStatus,
} from '@hatchworks/shared/schemas/features';
import { canTransition, projectCountDeltas } from './feature-lifecycle';
import { AppError, NotFoundError } from '../../lib/errors';
import { changeBalance } from '../eggs/balance-change';
import {
  DuplicateRequest,
  firstOutcome,
  recordItem,
  replayed,
  type CallerIdempotency,
} from '../eggs/caller-idempotency';
import {
  featureCountersUpdate,
  featureIndexUpdate,
  getFeature,
  projectCountsUpdate,
  toApiFeature,
  type StoredFeature,
} from './features-repository';
import { tableName } from '../table/client';
import { featureKeys } from '../table/keys';
import { getProject } from '../projects/projects-repository';
import {
  cancellationCodes,
  failedCondition,
  retryOnConflict,
  transact,
  type TransactItem,
} from '../table/transactions';
import { getUserById } from '../accounts/users-repository';
import { featureRoadmapWrite } from '../publishing/roadmap-repository';
import {
  notificationEventItem,
  type NotificationEvent,
} from '../notifications/notification-events';

const MAX_ATTEMPTS = 10;

/** The feature's status changed between read and write. */
class StatusMoved extends Error {}

/** The author deleted their account between the read and the refund: reject without one. */
class AuthorGone extends Error {}

const cannotReopen = (message: string) => new AppError(409, 'CONFLICT', message);

/**
 * Refuses to take a decision back to pending when something now rests on it: eggs on an approved
 * request (they were spent on an approved request), requests merged into it, or a rejection
 * whose refunded cost the author can no longer pay again.
 */
function checkReopen(feature: StoredFeature): void {
  if (feature.status !== 'approved') return;
  if (feature.total_eggs > 0 || feature.vote_count > 0) {
    throw cannotReopen(REOPEN_MESSAGES.eggsSinceApproval);
  }
  if (Object.keys(feature.merged_from ?? {}).length > 0) {
    throw cannotReopen(REOPEN_MESSAGES.mergedInto);
  }
}

export const invalidTransition = (from: FeatureStatus, to: FeatureStatus) =>
  new AppError(400, 'VALIDATION_ERROR', `A ${from} feature cannot become ${to}`);

/** The status change itself: the feature, its project's counts and the site counters. */
async function statusItems(
  feature: StoredFeature,
  to: FeatureStatus,
  notes: string | undefined,
  now: Date,
): Promise<TransactItem[]> {
  const index = featureIndexUpdate(to, feature.total_eggs, feature.id);
  const project = await getProject(feature.project_id);
  const deltas = projectCountDeltas(feature.status, to);
  const countsChange = deltas.total !== 0 || deltas.open !== 0 || deltas.completed !== 0;
  // Back to pending, the decision's notes go with the decision.
  const remove = [
    ...index.remove,
    ...(to === 'completed' ? [] : ['completed_at']),
    ...(to === 'pending' && !notes ? ['approval_notes'] : []),
  ];
  // An approval is taken back only while nothing rests on it: no votes (a vote lands only on an
  // approved request, so none can land after this commits) and nothing merged into it.
  const unapproving = feature.status === 'approved' && to === 'pending';
  return [
    {
      Update: {
        TableName: tableName,
        Key: featureKeys.item(feature.id),
        UpdateExpression:
          [
            `SET #status = :to, updated_at = :now${notes ? ', approval_notes = :notes' : ''}`,
            // When it last moved, and when it was completed (the roadmap's window).
            `status_changed_at = :now${to === 'completed' ? ', completed_at = :now' : ''}`,
            ...index.set,
          ].join(', ') + (remove.length ? ` REMOVE ${remove.join(', ')}` : ''),
        // The rank keys written carry the total as read: a vote that landed meanwhile (votes
        // ADD to the total) makes this attempt read again.
        ConditionExpression:
          '#status = :from AND total_eggs = :readTotal' +
          (unapproving
            ? ' AND vote_count = :zero AND (attribute_not_exists(merged_from) OR size(merged_from) = :zero)'
            : ''),
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':to': to,
          ':from': feature.status,
          ':readTotal': feature.total_eggs,
          ':now': now.toISOString(),
          ...(notes ? { ':notes': notes } : {}),
          ...(unapproving ? { ':zero': 0 } : {}),
          ...index.values,
        },
      },
    },
    // A deleted project has no counts left to keep.
    ...(project && countsChange
      ? [projectCountsUpdate(project.id, project.feature_counts !== undefined, deltas)]
      : []),
    featureCountersUpdate({ [feature.status]: -1, [to]: 1 }),
    ...featureRoadmapWrite(feature, to, now),
  ];
}

function moved(feature: StoredFeature, to: FeatureStatus, notes: string | undefined, now: Date) {
  // Back to pending without notes, the decision's notes go with it (as `statusItems` removes them).
  const { approval_notes: kept, ...rest } = feature;
  const keptNotes = to === 'pending' ? undefined : kept;
  const approvalNotes = notes ?? keptNotes;
  return toApiFeature({
    ...rest,
    status: to,
    updated_at: now.toISOString(),
    ...(approvalNotes ? { approval_notes: approvalNotes } : {}),
  });
}

/**
 * The event people hear about: an approval or rejection tells the author (with the note
 * and the refund), any later move tells the followers.
 */
function moderationEvent(
  feature: StoredFeature,
  to: FeatureStatus,
  notes: string | undefined,
  actorId: string,
  refund: number,
): NotificationEvent {
  const subject = { type: 'feature' as const, id: feature.id, title: feature.title };
  const note = notes ?? null;
  if (to === 'approved') return { kind: 'feature_approved', subject, actorId, details: { note } };
  if (to === 'rejected') {
    return { kind: 'feature_rejected', subject, actorId, details: { note, refund } };
  }
  return { kind: 'status_changed', subject, actorId, details: { status: to, note } };
}

/**
 * Moves a feature along its lifecycle (admins). Rejecting refunds the 100-egg creation cost to
 * the author as a `refund` ledger entry in the same transaction (unless the account is deleted);
 * taking the rejection back to pending charges it again as a `feature_creation` entry, on the
 * condition that the balance covers it.
 * With an `Idempotency-Key` (the admin's own) a retried request answers the first outcome instead
 * of an invalid transition, and the refund happens once.
 */
export async function changeFeatureStatus(
  featureId: string,
  to: FeatureStatus,
  notes?: string,
  idempotency?: { callerId: string; key: string },
  now = new Date(),
  /** Who moves it (the admin), never told about their own change; `system` for the seed. */
  actorId: string = idempotency?.callerId ?? 'system',
): Promise<Feature> {
  const record: CallerIdempotency | undefined = idempotency && {
    ...idempotency,
    operation: 'moderate-feature',
    request: { featureId, to, notes: notes ?? null },
  };
  if (record) {
    const earlier = await replayed<Feature>(record, now);
    if (earlier) return earlier.result;
  }
  let authorGone = false;
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) {
    const feature = await getFeature(featureId);
    if (!feature) throw new NotFoundError();
    if (!canTransition(feature.status, to)) {
      // A simultaneous retry with the same key may have just made this very change.
      const earlier = record && (await replayed<Feature>(record, now));
      if (earlier) return earlier.result;
      throw invalidTransition(feature.status, to);
    }
    if (to === 'pending') checkReopen(feature);
    // Taking a rejection back charges the refunded creation cost again: a pending request is a
    // paid one.
    const recharging = feature.status === 'rejected' && to === 'pending';
    const result = moved(feature, to, notes, now);
    const author =
      (to === 'rejected' && !authorGone) || recharging
        ? await getUserById(feature.user_id)
        : undefined;
    if (recharging && !author) throw cannotReopen(REOPEN_MESSAGES.authorGone);
    const refund = author && to === 'rejected' ? EGGS.featureCreationCost : 0;
    const event = moderationEvent(feature, to, notes, actorId, refund);
    const items = [
      ...(await statusItems(feature, to, notes, now)),
      { Put: { TableName: tableName, Item: notificationEventItem(event, now) } },
      {
        Put: {
          TableName: tableName,
          Item: webhookEventItem(
            'request.status_changed',
            {
              subject: webhookSubject('feature', feature.id, feature.title, {
                id: feature.project_id,
                title: feature.project_title,
              }),
              status: to,
              previous_status: feature.status,
              note: notes ?? null,
            },
            now,
          ),
        },
      },
      ...(record ? [recordItem(record, result, now)] : []),
    ];
    const recordIndex = record ? items.length - 1 : -1;
    try {
      if (author) {
        await changeBalance({
          userId: author.id,
          now,
          // The author, not the caller: an account deleted meanwhile gets no refund, and the
          // rejection goes on without one.
          missingUser: () =>
            recharging ? cannotReopen(REOPEN_MESSAGES.authorGone) : new AuthorGone(),
          plan: () => ({
            amount: recharging ? -EGGS.featureCreationCost : EGGS.featureCreationCost,
            kind: recharging ? 'feature_creation' : 'refund',
            reference: feature.id,
            insufficient: () =>
              recharging
                ? cannotReopen(REOPEN_MESSAGES.refundSpent)
                : new AppError(500, 'SERVER_ERROR'),
            effects: () => items,
            // The key's record exists: a simultaneous retry made the change. Otherwise someone
            // else moved the feature first: stop and look again.
            effectFailed: (index) =>
              index === recordIndex ? new DuplicateRequest() : new StatusMoved(),
            result: () => undefined,
          }),
        });
      } else {
        await retryOnConflict(() => transact(items));
      }
      return result;
    } catch (error) {
      const codes = cancellationCodes(error);
      if (record && (error instanceof DuplicateRequest || failedCondition(codes, recordIndex))) {
        return firstOutcome<Feature>(record, now);
      }
      if (error instanceof AuthorGone) {
        authorGone = true;
        continue;
      }
      if (error instanceof StatusMoved || failedCondition(codes, 0)) continue;
      throw error;
    }
  }
  throw new AppError(409, 'CONFLICT');
}
