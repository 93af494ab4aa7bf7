import '../lib/zod-setup';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ConfigErrorScreen } from '../components/errors/config-error-screen';
import { LoadingState } from '../components/ui/spinner';
import { loadRuntimeConfig, RuntimeConfigError } from '../config/runtime-config';
import { configureApiClient } from '../lib/api-client';
import { AppProvider } from './provider';
import { AppRouter } from './router';
import '../styles/tokens.css';
import '../styles/base.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const root = createRoot(container);

root.render(<LoadingState label="Loading..." />);

loadRuntimeConfig().then(
  (config) => {
    configureApiClient({ baseUrl: config.apiBaseUrl });
    root.render(
      <StrictMode>
        <AppProvider>
          <AppRouter />
        </AppProvider>
      </StrictMode>,
    );
  },
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
