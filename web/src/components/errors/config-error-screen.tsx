import { SITE_NAME } from '@hatchworks/shared/constants';
import { StatusPanel } from '../ui/status-panel';
import { EggMark } from '../ui/egg-mark';
import './config-error-screen.css';
import { AlertIcon } from '../ui/icons';
import { RuntimeConfigError } from '../../config/runtime-config';

interface ConfigErrorScreenProps {
  /** Why the config could not be loaded: a `RuntimeConfigError` says what is wrong with it. */
  error: unknown;
}

/**
 * The whole screen when `/config.json` is missing or invalid: without it the app does not know
 * where its API is, so it stops here and says exactly what is wrong.
 */
export function ConfigErrorScreen({ error }: ConfigErrorScreenProps) {
  const known = error instanceof RuntimeConfigError;
  const message = known ? error.message : 'The runtime settings could not be read.';
  const problems = known ? error.problems : [];
  return (
    <main className="config-error container">
      <title>{`Configuration error | ${SITE_NAME}`}</title>
      <div className="config-error__brand">
        <EggMark />
        <span>{SITE_NAME}</span>
      </div>
      <StatusPanel
        eyebrow="Configuration error"
        title={`${SITE_NAME} could not start`}
        tone="danger"
        icon={<AlertIcon />}
        actions={
          <button
            type="button"
            className="button button--primary"
            onClick={() => window.location.reload()}
          >
            Reload
          </button>
        }
      >
        <p>
          The site&apos;s runtime settings are missing or invalid, so it cannot reach its services.
          Please try again in a moment.
        </p>
        <p className="config-error__detail">{message}</p>
        {problems.length > 0 ? (
          <ul className="config-error__problems">
            {problems.map((problem) => (
              <li key={problem}>
                <code>{problem}</code>
              </li>
            ))}
          </ul>
        ) : null}
      </StatusPanel>
    </main>
  );
}
