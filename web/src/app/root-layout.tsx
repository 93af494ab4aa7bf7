import { lazy, Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation, useNavigationType } from 'react-router-dom';
import { PageErrorBoundary } from '../components/errors/route-error-boundary';
import { navItemsFor } from '../components/layouts/nav-items';
import { SiteFooter } from '../components/layouts/site-footer';
import { SiteHeader } from '../components/layouts/site-header';
import { MAIN_CONTENT_ID, SkipLink } from '../components/layouts/skip-link';
import { ToastProvider } from '../components/ui/toast';
import { ClaimDailySlotProvider } from '../lib/claim-daily-slot';
import { SignedOutNotice } from '../features/auth/components/signed-out-notice';
import { UnverifiedNotice } from '../features/account/components/unverified-notice';
import { AccountWidget } from '../features/auth/components/account-widget';
import { ClaimDailyButton } from '../features/eggs/components/claim-daily-button';
import { paths } from '../config/paths';
import { useSession } from '../lib/session';
import { usePageLoading } from './page-loading';
import './root-layout.css';

/** The bell is signed-in people's only: a visitor's first load does not carry its code. */
const NotificationBell = lazy(() =>
  import('../features/notifications/components/notification-bell').then((module) => ({
    default: module.NotificationBell,
  })),
);

/** Header, page and footer around every route, and the notices (toasts) answering every write. */
export function RootLayout() {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  const pageLoading = usePageLoading();
  const { user } = useSession();
  const viewer = { signedIn: user !== null, admin: user?.role === 'admin' };
  const mainRef = useRef<HTMLElement>(null);
  const shownPath = useRef(pathname);

  // After a client-side navigation to another page, screen readers start reading at the new page,
  // not the header. A change of the query alone (a filter, a sort) keeps focus and scroll where the
  // person is working.
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    mainRef.current?.focus({ preventScroll: true });
    // A new page starts at its top; Back and Forward leave the browser's own scroll restoration.
    if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [pathname, navigationType]);

  return (
    <ToastProvider>
      <ClaimDailySlotProvider value={<ClaimDailyButton stacked />}>
        <SkipLink />
        {pageLoading ? <div className="route-progress" aria-hidden="true" /> : null}
        <SiteHeader
          navItems={navItemsFor(viewer)}
          crowded={viewer.signedIn}
          notificationsSlot={
            viewer.signedIn ? (
              <Suspense fallback={null}>
                <NotificationBell />
              </Suspense>
            ) : null
          }
          accountSlot={<AccountWidget variant="bar" claimDaily={<ClaimDailyButton />} />}
          mobileAccountSlot={
            <AccountWidget variant="menu" claimDaily={<ClaimDailyButton stacked />} />
          }
        />
        <main id={MAIN_CONTENT_ID} ref={mainRef} tabIndex={-1} className="site-main">
          <SignedOutNotice />
          {/* The verify page itself says how verification went. */}
          {pathname === paths.verifyEmail.path ? null : <UnverifiedNotice />}
          {/* Inside the layout, so a crashing page keeps the header and its navigation. */}
          <PageErrorBoundary>
            <Outlet />
          </PageErrorBoundary>
        </main>
        <SiteFooter />
      </ClaimDailySlotProvider>
    </ToastProvider>
  );
}
