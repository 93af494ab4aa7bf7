import { SITE_NAME } from '@hatchworks/shared/constants';
import {
  NOTIFICATION_STATUS_LABELS,
  notificationSubjectPath,
} from '@hatchworks/shared/schemas/notifications';
import { returnPendingMail, takePendingMail } from './notification-mail';
import {
  emailPreferences,
  getNotifications,
  mailsKind,
  type StoredNotification,
} from './notifications-repository';
import type { StoredUser } from '../accounts/users-repository';
import { sendMail, siteLink } from '../mail/mail';
import { renderActionMail } from '../mail/mail-templates';
import { unsubscribeToken } from './unsubscribe-token';

/**
 * The notification mails, sent by the table stream's mail concern: one mail for everything pending
 * for a person. The fan-out that fills the pending set is `./notification-fan-out.ts`. See
 * ./README.md, "Mail, batched".
 */

/** One line telling what happened, as plain text. */
export function describeNotification(notification: StoredNotification): string {
  const title = `"${notification.subject_title}"`;
  const details = notification.details ?? {};
  const note = typeof details.note === 'string' && details.note ? ` Note: ${details.note}` : '';
  switch (notification.kind) {
    case 'status_changed': {
      const status = String(details.status ?? '');
      return `${title} is now ${NOTIFICATION_STATUS_LABELS[status] ?? status}.${note}`;
    }
    case 'announced':
      return `${title} was announced in the changelog${
        typeof details.changelog_title === 'string' ? `: ${details.changelog_title}` : ''
      }.`;
    case 'team_answer':
      return `The ${SITE_NAME} team answered on ${title}.`;
    case 'feature_approved':
      return `Your feature request ${title} was approved.${note}`;
    case 'feature_rejected': {
      const refund = typeof details.refund === 'number' && details.refund > 0 ? details.refund : 0;
      return `Your feature request ${title} was rejected.${note}${
        refund ? ` Your ${refund} eggs were refunded.` : ''
      }`;
    }
    case 'merged':
      return `${title} was merged into ${
        typeof details.into_title === 'string' ? `"${details.into_title}"` : 'another request'
      }; its votes moved there.`;
    case 'unmerged':
      return `${title} was split out again from ${
        typeof details.into_title === 'string' ? `"${details.into_title}"` : 'another request'
      }; its votes are back.`;
    case 'reply':
      return `${String(details.author_name ?? 'Someone')} replied to your comment on ${title}: ${String(details.excerpt ?? '')}`;
    case 'mention':
      return `${String(details.author_name ?? 'Someone')} mentioned you on ${title}: ${String(details.excerpt ?? '')}`;
    case 'webhook_disabled':
      return `The webhook ${title}: ${String(details.reason ?? 'switched off after its deliveries failed')}.`;
  }
}

/**
 * Sends the person's pending notification mail: takes every pending id at once, drops those whose
 * kind the person no longer wants mailed, and sends one mail for the rest with the one-click
 * unsubscribe link and header. A failed send puts the ids back and rejects, so the retry sends
 * them; a taken id is never mailed by anyone else.
 */
export async function sendNotificationMail(user: StoredUser): Promise<'sent' | 'skipped'> {
  const ids = await takePendingMail(user.id);
  if (ids.length === 0) return 'skipped';
  try {
    const preferences = emailPreferences(user);
    const notifications = (await getNotifications(user.id, ids)).filter((each) =>
      mailsKind(preferences, each.kind),
    );
    if (notifications.length === 0 || user.deleted_at || !user.is_verified) return 'skipped';
    const token = await unsubscribeToken(user.id);
    const first = notifications[0]!;
    const subject =
      notifications.length === 1
        ? `Update on "${first.subject_title}"`
        : `${notifications.length} updates on requests you follow`;
    const content = renderActionMail({
      subject: `${subject} – ${SITE_NAME}`.replace(/[\r\n]+/g, ' '),
      name: user.display_name,
      intro: notifications.map(
        (each) =>
          `${describeNotification(each)}\n${siteLink(notificationSubjectPath(each.subject_type, each.subject_id))}`,
      ),
      action: { label: 'See your notifications', url: siteLink('/notifications') },
      outro: [
        `You get these emails because you follow these requests on ${SITE_NAME}. ` +
          `To stop them, unsubscribe with one click: ${siteLink('/unsubscribe', { token })}`,
        'You can choose which emails you get under Notifications on your profile.',
      ],
    });
    await sendMail({
      to: user.email,
      ...content,
      headers: {
        'List-Unsubscribe': `<${siteLink('/api/notifications/unsubscribe', { token })}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    });
    return 'sent';
  } catch (error) {
    await returnPendingMail(user.id, ids);
    throw error;
  }
}
