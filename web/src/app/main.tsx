import '../lib/zod-setup';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import type { RuntimeConfig } from '@hatchworks/shared/schemas/runtime-config';
import { ConfigErrorScreen } from '../components/errors/config-error-screen';
import { loadRuntimeConfig } from '../config/runtime-config';
import { configureApiClient, setAccessTokenProvider } from '../lib/api-client';
import { bearerTokenProvider } from '../lib/auth-token';
import { HostedLogin } from '../lib/hosted-login';
import { paths } from '../config/paths';
import { AppProvider } from './provider';
import { AppRouter, preloadRoute } from './router';
import '../styles/tokens.css';
import '../styles/base.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const root = createRoot(container);

// Until the app's first render, the page shows the loading state written in index.html.
const pageLoaded = preloadRoute(window.location.pathname);

/** Starts the app proper once the runtime config is in. */
function start(config: RuntimeConfig) {
  configureApiClient({ baseUrl: config.apiBaseUrl });
  // The sign-in library itself loads only when a session, a sign-in or a sign-out needs it.
  const authClient = config.auth ? new HostedLogin(config.auth) : null;
  setAccessTokenProvider(bearerTokenProvider(authClient));
  if (authClient && window.location.pathname === paths.authSilentRenew.path) {
    // Inside the hidden renewal frame only the provider's answer is handed back to the parent.
    authClient.completeSilentRenew().catch((error: unknown) => {
      console.error('Silent renewal failed', error);
    });
    return;
  }
  // The app renders once the current page's chunk is in too, so its first render is the page
  // itself (the page's own data requests go out from that render). A background render, cut into
  // slices that leave the browser free to paint and answer input in between; the loading state
  // stays on screen until it is done.
  void pageLoaded.then(() =>
    startTransition(() => {
      root.render(
        <StrictMode>
          <AppProvider authClient={authClient}>
            <AppRouter />
          </AppProvider>
        </StrictMode>,
      );
    }),
  );
}

loadRuntimeConfig().then(
  (config) => start(config),
  (error: unknown) => {
    console.error(error);
    root.render(<ConfigErrorScreen error={error} />);
  },
);
