import '../lib/zod-setup';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { RuntimeConfig } from '@hatchworks/shared/schemas/runtime-config';
import { ConfigErrorScreen } from '../components/errors/config-error-screen';
import { LoadingState } from '../components/ui/spinner';
import { loadRuntimeConfig, RuntimeConfigError } from '../config/runtime-config';
import { configureApiClient, setAccessTokenProvider } from '../lib/api-client';
import type { AuthClient } from '../lib/auth';
import { bearerTokenProvider } from '../lib/auth-token';
import { paths } from '../config/paths';
import { AppProvider } from './provider';
import { AppRouter, preloadRoute } from './router';
import '../styles/tokens.css';
import '../styles/base.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const root = createRoot(container);

root.render(<LoadingState label="Loading..." fullScreen />);
preloadRoute(window.location.pathname);

/** The hosted-login client; its library is loaded only when an identity provider is configured. */
async function loadAuthClient(config: RuntimeConfig): Promise<AuthClient | null> {
  if (!config.auth) return null;
  try {
    const { AuthClient } = await import('../lib/auth');
    return new AuthClient(config.auth);
  } catch (error) {
    // The site still works for visitors; sign-in shows as unavailable.
    console.error('The sign-in client could not be loaded', error);
    return null;
  }
}

/** Starts the app proper once the runtime config is in. */
async function start(config: RuntimeConfig) {
  configureApiClient({ baseUrl: config.apiBaseUrl });
  const authClient = await loadAuthClient(config);
  setAccessTokenProvider(bearerTokenProvider(authClient));
  if (authClient && window.location.pathname === paths.authSilentRenew.path) {
    // Inside the hidden renewal frame only the provider's answer is handed back to the parent.
    void authClient.userManager.signinSilentCallback();
    return;
  }
  root.render(
    <StrictMode>
      <AppProvider authClient={authClient}>
        <AppRouter />
      </AppProvider>
    </StrictMode>,
  );
}

loadRuntimeConfig().then(
  (config) => void start(config),
  (error: unknown) => {
    console.error(error);
    const known = error instanceof RuntimeConfigError;
    root.render(
      <ConfigErrorScreen
        message={known ? error.message : 'The runtime settings could not be read.'}
        problems={known ? error.problems : []}
      />,
    );
  },
);
