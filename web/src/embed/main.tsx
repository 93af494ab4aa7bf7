import '../lib/zod-setup';
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { embedKeyOf, POPUP_CALLBACK_PATH } from '@hatchworks/shared/embed';
import { ConfigErrorScreen } from '../components/errors/config-error-screen';
import { ToastProvider } from '../components/ui/toast';
import { loadRuntimeConfig } from '../config/runtime-config';
import { configureApiClient, setAccessTokenProvider } from '../lib/api-client';
import { bearerTokenProvider } from '../lib/auth-token';
import { HostedLogin } from '../lib/hosted-login';
import { createQueryClient } from '../lib/query-client';
import { Panel } from './panel';
import '../styles/tokens.css';
import '../styles/base.css';
import './embed.css';

const container = document.getElementById('root');
if (!container) throw new Error('embed.html has no #root element');
const root = createRoot(container);

function PanelApp({ login }: { login: HostedLogin | null }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <ToastProvider>
          <Panel projectKey={embedKeyOf(window.location.pathname)} login={login} />
        </ToastProvider>
      </QueryClientProvider>
    </StrictMode>
  );
}

/** The login popup's return: the answer goes back to the panel that opened it, then it closes. */
function completePopup(login: HostedLogin | null) {
  const done = (text: string) => {
    root.render(
      <main className="popup-return">
        <p role="status">{text}</p>
      </main>,
    );
  };
  done('Signing in...');
  if (!login) {
    done('Sign-in is not available here. You can close this window.');
    return;
  }
  login.completePopupSignIn().then(
    () => done('Signed in. You can close this window.'),
    (error: unknown) => {
      console.error('The sign-in popup could not hand its answer back', error);
      done('Sign-in could not be completed. Close this window and try again.');
    },
  );
}

loadRuntimeConfig().then(
  (config) => {
    configureApiClient({ baseUrl: config.apiBaseUrl });
    const login = config.auth ? new HostedLogin(config.auth) : null;
    if (window.location.pathname === POPUP_CALLBACK_PATH) {
      completePopup(login);
      return;
    }
    setAccessTokenProvider(bearerTokenProvider(login));
    root.render(<PanelApp login={login} />);
  },
  (error: unknown) => {
    console.error(error);
    root.render(<ConfigErrorScreen error={error} />);
  },
);
