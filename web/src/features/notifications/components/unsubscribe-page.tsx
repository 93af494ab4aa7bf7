import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { DocumentTitle } from '../../../components/ui/document-title';
import { AlertIcon, CheckIcon, MailIcon } from '../../../components/ui/icons';
import { LoadingState } from '../../../components/ui/spinner';
import { StatusPanel } from '../../../components/ui/status-panel';
import { paths } from '../../../config/paths';
import { formErrorMessage } from '../../../lib/api-error';
import { UNSUBSCRIBE_FAILED, useUnsubscribe } from '../api/notifications';

/**
 * `/unsubscribe?token=…`, the link of every notification mail: one click turns the person's
 * notification mails off (no sign-in needed; the token is signed).
 */
export function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const unsubscribe = useUnsubscribe();
  const sent = useRef(false);

  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    unsubscribe.mutate(token);
  }, [token, unsubscribe]);

  const title = paths.unsubscribe.title;
  const profileLink = (
    <Link to={paths.profile.path} className="button button--secondary">
      Notification preferences
    </Link>
  );
  let content;
  if (!token) {
    content = (
      <StatusPanel
        eyebrow={title}
        title="This link is incomplete"
        icon={<AlertIcon />}
        tone="danger"
      >
        <p>
          Open the unsubscribe link from the email again, or change your preferences on your
          profile.
        </p>
      </StatusPanel>
    );
  } else if (unsubscribe.isError) {
    content = (
      <StatusPanel
        eyebrow={title}
        title="Could not unsubscribe"
        icon={<AlertIcon />}
        tone="danger"
        actions={
          <>
            <button
              type="button"
              className="button button--primary"
              onClick={() => unsubscribe.mutate(token)}
            >
              Try again
            </button>
            {profileLink}
          </>
        }
      >
        <p>{formErrorMessage(unsubscribe.error, UNSUBSCRIBE_FAILED)}</p>
      </StatusPanel>
    );
  } else if (unsubscribe.isSuccess) {
    content = (
      <StatusPanel
        eyebrow={title}
        title="You are unsubscribed"
        icon={<CheckIcon />}
        actions={profileLink}
      >
        <p>
          You will get no more notification emails. You still see your notifications under the bell,
          and you can turn emails back on in your profile.
        </p>
      </StatusPanel>
    );
  } else {
    content = (
      <div aria-busy="true">
        <MailIcon size="2rem" />
        <LoadingState label="Unsubscribing..." />
      </div>
    );
  }
  return (
    <div className="container page">
      <DocumentTitle title={title} />
      {content}
    </div>
  );
}
