import { EGGS } from '@hatchworks/shared/constants';
import { StatusPanel } from '../../../components/ui/status-panel';
import { paths } from '../../../config/paths';
import { useSession } from '../../../lib/session';
import { EggIcon } from '../../../components/ui/icons';

/** The feature screens' text while the session is still restored or verified. */
export const AUTH_LOADING = 'Loading authentication...';

export const SIGN_IN_UNAVAILABLE = 'Sign-in is not configured';

/** What logged-out visitors see of the feature system, with the header's two actions. */
export function SignInPrompt({ headingLevel = 'h1' }: { headingLevel?: 'h1' | 'h2' }) {
  const session = useSession();
  const unavailable = !session.signInAvailable;
  return (
    <StatusPanel
      eyebrow="Eggs & feature requests"
      title={paths.features.title}
      icon={<EggIcon />}
      headingLevel={headingLevel}
      actions={
        <>
          <button
            type="button"
            className="button button--primary"
            onClick={() => void session.login()}
            disabled={unavailable}
            title={unavailable ? SIGN_IN_UNAVAILABLE : undefined}
          >
            Login
          </button>
          <button
            type="button"
            className="button button--accent"
            onClick={() => void session.signUp()}
            disabled={unavailable}
            title={unavailable ? SIGN_IN_UNAVAILABLE : undefined}
          >
            Sign Up (Get {EGGS.welcomeBonus} eggs!)
          </button>
        </>
      }
    >
      <p>Please log in to access the feature request system and start voting with your eggs!</p>
      <p className="sign-in-prompt__note">
        New users receive {EGGS.welcomeBonus} welcome eggs + {EGGS.daily} eggs daily
      </p>
    </StatusPanel>
  );
}
