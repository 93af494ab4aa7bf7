import { useState, type ComponentType } from 'react';
import {
  createBrowserRouter,
  matchRoutes,
  RouterProvider,
  type RouteObject,
} from 'react-router-dom';
import { RouteErrorBoundary } from '../components/errors/route-error-boundary';
import { LoadingState } from '../components/ui/spinner';
import { paths } from '../config/paths';
import { RootLayout } from './root-layout';

/** Each page is its own chunk: a route module default-exports its page component. */
const page = (load: () => Promise<{ default: ComponentType }>) => async () => ({
  Component: (await load()).default,
});

function InitialLoading() {
  return <LoadingState label="Loading..." />;
}

function appRoutes(): RouteObject[] {
  return [
    {
      path: '/',
      Component: RootLayout,
      ErrorBoundary: RouteErrorBoundary,
      HydrateFallback: InitialLoading,
      children: [
        {
          // Below the layout, so a crashing page keeps the header and its navigation.
          ErrorBoundary: RouteErrorBoundary,
          children: [
            { index: true, lazy: page(() => import('./routes/home')) },
            { path: paths.tracker.path, lazy: page(() => import('./routes/tracker/dashboard')) },
            {
              path: paths.trackerRequests.path,
              lazy: page(() => import('./routes/tracker/requests')),
            },
            {
              path: paths.trackerSuggestions.path,
              lazy: page(() => import('./routes/tracker/suggestions')),
            },
            { path: paths.features.path, lazy: page(() => import('./routes/features')) },
            { path: paths.about.path, lazy: page(() => import('./routes/about')) },
            { path: paths.profile.path, lazy: page(() => import('./routes/profile')) },
            { path: paths.projects.path, lazy: page(() => import('./routes/projects')) },
            {
              path: paths.featureRequests.path,
              lazy: page(() => import('./routes/feature-requests')),
            },
            { path: paths.verifyEmail.path, lazy: page(() => import('./routes/verify-email')) },
            {
              path: paths.resetPassword.path,
              lazy: page(() => import('./routes/reset-password')),
            },
            { path: paths.authCallback.path, lazy: page(() => import('./routes/auth-callback')) },
            { path: '*', lazy: page(() => import('./routes/not-found')) },
          ],
        },
      ],
    },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(appRoutes());
}

/**
 * Starts downloading the chunks of the page at `pathname` right away, while the runtime config
 * is still on its way; the router then finds them loaded.
 */
export function preloadRoute(pathname: string): void {
  for (const { route } of matchRoutes(appRoutes(), pathname) ?? []) {
    if (typeof route.lazy === 'function') {
      route.lazy().catch(() => {
        // The router loads the page again and shows its own error if it still fails.
      });
    }
  }
}

export function AppRouter() {
  const [router] = useState(createAppRouter);
  return <RouterProvider router={router} />;
}
