import { describe, expect, it } from 'vitest';
import type { Notification } from '@hatchworks/shared/schemas/notifications';
import {
  exactTime,
  groupNotifications,
  groupSummary,
  relativeTime,
} from '../../src/features/notifications/utils/notification-groups';
import {
  describe as describeNotice,
  subjectHref,
} from '../../src/features/notifications/components/describe';

describe('notification rows', () => {
  const notification = (id: string, kind: Notification['kind'], subjectId: string) =>
    ({
      id,
      kind,
      subject: { type: 'feature', id: subjectId, title: 'Dark mode' },
      details: {},
      created_at: '2026-11-28T14:05:00.000Z',
      read: id !== 'c',
    }) as Notification;

  it('groups neighbours of the same kind on the same subject, unread when any is', () => {
    const groups = groupNotifications([
      notification('c', 'reply', 'f1'),
      notification('b', 'reply', 'f1'),
      notification('a', 'reply', 'f2'),
    ]);
    expect(groups.map((group) => group.items.map((each) => each.id))).toEqual([['c', 'b'], ['a']]);
    expect(groups.map(groupSummary)).toEqual(['2 new replies to your comments', null]);
    expect(groups.map((group) => group.read)).toEqual([false, true]);
  });

  it('tells the time relative and exact', () => {
    const now = Date.parse('2026-11-28T16:10:00.000Z');
    expect(relativeTime('2026-11-28T14:05:00.000Z', now)).toBe('2 h ago');
    expect(relativeTime('2026-11-28T16:09:30.000Z', now)).toBe('just now');
    expect(exactTime('2026-11-28T14:05:00.000Z', now)).toMatch(/^28 Nov, \d{2}:05$/);
  });

  it('tells admins of a webhook switched off and leads to the webhooks page', () => {
    // Prepare
    const notice = {
      id: 'w',
      kind: 'webhook_disabled',
      subject: { type: 'webhook', id: 'e1', title: 'https://hooks.example.com/x' },
      details: { reason: 'Switched off after 8 failed attempts to deliver request.created' },
      created_at: '2026-11-28T14:05:00.000Z',
      read: false,
    } as Notification;

    // Act + Assess
    expect(describeNotice(notice)).toBe(
      'Switched off after 8 failed attempts to deliver request.created. Switch it on again once its receiver answers.',
    );
    expect(subjectHref(notice.subject)).toBe('/projects/webhooks');
  });
});
