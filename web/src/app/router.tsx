import { lazy, Suspense, type ComponentType } from 'react';
import { BrowserRouter, matchRoutes, Route, Routes } from 'react-router-dom';
import { PageErrorBoundary } from '../components/errors/route-error-boundary';
import { LoadingState } from '../components/ui/spinner';
import { paths } from '../config/paths';
import { trackPageLoad } from './page-loading';
import { RootLayout } from './root-layout';

type PageModule = { default: ComponentType };

/**
 * A route's page: its chunk, fetched once (by a preload or its first render), and the component.
 * Once the chunk is in, the page renders straight away: `React.lazy` would suspend on its first
 * render even then, and React holds a suspended page back for up to 300 ms after its fallback
 * showed, so the first page of a visit would wait behind a loading state for nothing.
 */
function page(load: () => Promise<PageModule>) {
  let loading: Promise<PageModule> | undefined;
  let loaded: ComponentType | undefined;
  const preload = () => {
    if (!loading) {
      loading = trackPageLoad(load()).then((module) => {
        loaded = module.default;
        return module;
      });
      // A failed preload is fetched again when the page renders (React.lazy then keeps its result).
      loading.catch(() => (loading = undefined));
    }
    return loading;
  };
  const Lazy = lazy(preload);
  function Page() {
    const Loaded = loaded;
    return Loaded ? <Loaded /> : <Lazy />;
  }
  return { preload, Component: Page };
}

/**
 * The site's pages (paths from web/src/config/paths.ts); each page is its own chunk, its route
 * module default-exporting the page component.
 */
const PAGES = [
  { path: paths.home.path, ...page(() => import('./routes/home')) },
  { path: paths.tracker.path, ...page(() => import('./routes/tracker/dashboard')) },
  { path: paths.trackerRequests.path, ...page(() => import('./routes/tracker/requests')) },
  { path: paths.trackerSuggestions.path, ...page(() => import('./routes/tracker/suggestions')) },
  { path: paths.features.path, ...page(() => import('./routes/features')) },
  { path: paths.about.path, ...page(() => import('./routes/about')) },
  { path: paths.profile.path, ...page(() => import('./routes/profile')) },
  { path: paths.projects.path, ...page(() => import('./routes/projects')) },
  { path: paths.webhooks.path, ...page(() => import('./routes/webhooks')) },
  { path: paths.featureRequests.path, ...page(() => import('./routes/feature-requests')) },
  { path: paths.verifyEmail.path, ...page(() => import('./routes/verify-email')) },
  { path: paths.resetPassword.path, ...page(() => import('./routes/reset-password')) },
  { path: paths.authCallback.path, ...page(() => import('./routes/auth-callback')) },
  // Comments (detail pages)
  { path: paths.featureDetail.path, ...page(() => import('./routes/feature-detail')) },
  {
    path: paths.trackerRequestDetail.path,
    ...page(() => import('./routes/tracker/request-detail')),
  },
  {
    path: paths.trackerSuggestionDetail.path,
    ...page(() => import('./routes/tracker/suggestion-detail')),
  },
  { path: paths.changelog.path, ...page(() => import('./routes/changelog')) },
  { path: paths.roadmap.path, ...page(() => import('./routes/roadmap')) },
  // Notify
  { path: paths.notifications.path, ...page(() => import('./routes/notifications')) },
  { path: paths.unsubscribe.path, ...page(() => import('./routes/unsubscribe')) },
  { path: '*', ...page(() => import('./routes/not-found')) },
];

/**
 * Starts downloading the chunk of the page at `pathname` right away, while the runtime config
 * is still on its way; the router then finds it loaded. Settles (never fails) once the chunk is
 * in or could not be fetched: a failed page loads again when rendered and shows its error.
 */
export function preloadRoute(pathname: string): Promise<void> {
  const match = matchRoutes(PAGES, pathname)?.at(-1);
  return (match?.route.preload() ?? Promise.resolve()).then(
    () => undefined,
    () => undefined,
  );
}

/** Shown where a page goes until its chunk is in (the first page of a visit only). */
function PageLoading() {
  return <LoadingState label="Loading..." />;
}

export function AppRouter() {
  return (
    <BrowserRouter>
      {/* Above the layout, so even a crashing header leaves a way back. */}
      <PageErrorBoundary>
        <Routes>
          <Route element={<RootLayout />}>
            {PAGES.map(({ path, Component }) => (
              <Route
                key={path}
                path={path}
                element={
                  <Suspense fallback={<PageLoading />}>
                    <Component />
                  </Suspense>
                }
              />
            ))}
          </Route>
        </Routes>
      </PageErrorBoundary>
    </BrowserRouter>
  );
}
