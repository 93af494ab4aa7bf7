import { useId, useState } from 'react';
import {
  NOTIFICATION_EMAIL_TOPICS,
  type NotificationEmailTopic,
  type NotificationPreferences,
} from '@hatchworks/shared/schemas/notifications';
import { FormError } from '../../../components/ui/form-error';
import { LoadingState } from '../../../components/ui/spinner';
import { useToast } from '../../../components/ui/toast';
import { formErrorMessage } from '../../../lib/api-error';
import {
  PREFERENCES_FAILED,
  SAVE_PREFERENCES_FAILED,
  useNotificationPreferences,
  useSaveNotificationPreferences,
} from '../api/notifications';
import './notifications.css';

export const TOPIC_LABELS: Readonly<Record<NotificationEmailTopic, string>> = {
  status: 'Status changes of requests I follow',
  announcements: 'Changelog announcements',
  team_answers: 'Team answers',
  moderation: 'Approval or rejection of my feature requests',
  replies: 'Replies to my comments',
  mentions: 'Comments that @mention me',
};

/** The toast after a saved choice: which email, now on or off. */
export const preferenceSavedMessage = (topic: NotificationEmailTopic, on: boolean) =>
  `Emails about "${TOPIC_LABELS[topic]}" turned ${on ? 'on' : 'off'}.`;

/** Profile's "Notifications" section: email on or off per kind; each change saves at once. */
export function NotificationPreferencesSection() {
  const titleId = useId();
  const preferences = useNotificationPreferences();
  const save = useSaveNotificationPreferences();
  const showToast = useToast();
  // What the person chose last, shown at once (a controlled checkbox must not flip back while the
  // save is on its way); cleared when the save fails, so the stored choice shows again.
  const [draft, setDraft] = useState<NotificationPreferences | null>(null);
  const current = draft ?? preferences.data;
  const choose = (topic: NotificationEmailTopic, on: boolean) => {
    if (!current) return;
    const next = { email: { ...current.email, [topic]: on } };
    setDraft(next);
    save.mutate(next, {
      onSuccess: () => showToast({ message: preferenceSavedMessage(topic, on) }),
      onError: () => setDraft(null),
    });
  };

  return (
    <section className="card notification-preferences" aria-labelledby={titleId}>
      <h2 id={titleId} className="password-section__title">
        Notifications
      </h2>
      <p>
        You always see notifications under the bell. Choose which ones also reach you by email
        (several within a few minutes come as one mail).
      </p>
      {preferences.isPending ? (
        <LoadingState label="Loading preferences..." />
      ) : preferences.isError || !current ? (
        <FormError message={formErrorMessage(preferences.error, PREFERENCES_FAILED)} />
      ) : (
        <fieldset className="notification-preferences__list">
          <legend className="notification-preferences__legend">Email me about</legend>
          {NOTIFICATION_EMAIL_TOPICS.map((topic) => (
            <label key={topic} className="notification-preferences__option">
              <input
                type="checkbox"
                checked={current.email[topic] !== false}
                disabled={save.isPending}
                onChange={(event) => choose(topic, event.target.checked)}
              />
              {TOPIC_LABELS[topic]}
            </label>
          ))}
        </fieldset>
      )}
      <FormError
        message={save.error ? formErrorMessage(save.error, SAVE_PREFERENCES_FAILED) : null}
      />
    </section>
  );
}
