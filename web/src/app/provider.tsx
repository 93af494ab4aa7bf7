import { useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { AuthProvider } from '../features/auth/components/auth-provider';
import type { HostedLogin } from '../lib/hosted-login';
import { createQueryClient } from '../lib/query-client';

interface AppProviderProps {
  /** The hosted-login client, or null when `/config.json` configures no identity provider. */
  authClient: HostedLogin | null;
  children: ReactNode;
}

/** App-wide providers: data cache, then the session around the router. */
export function AppProvider({ authClient, children }: AppProviderProps) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider client={authClient}>{children}</AuthProvider>
    </QueryClientProvider>
  );
}
