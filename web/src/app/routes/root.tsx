import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { useForgetOfflineDataOnLogout } from '@/app/pwa';
import { RouteError } from '@/app/routes/error';
import { useLogout } from '@/app/use-logout';
import { Footer } from '@/components/layout/footer';
import { Navigation } from '@/components/layout/navigation';
import { OfflineBanner } from '@/components/layout/offline-banner';
import { ErrorBoundary } from '@/components/ui/error-boundary';
import { Spinner } from '@/components/ui/spinner';
import { BasketDock } from '@/features/basket/components/basket-dock';
import { useFirstRunFor } from '@/lib/first-run';
import { useAuth, useLoginDialog } from '@/lib/auth';
import { lazyPart } from '@/lib/lazy-part';

// Most visits never open it: its code and words come when it first opens.
const loginDialogPart = lazyPart(
  () => import('@/features/auth/components/login-dialog').then((m) => m.LoginDialog),
  ['auth'],
);
// Only an account that has just signed up here sees it.
const firstRunPart = lazyPart(
  () => import('@/features/profile/components/first-run-step').then((m) => m.FirstRunStep),
  ['pages'],
);

/** Navigation, the current page, the footer, the basket bar, and the global login dialog. */
export function RootLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const logout = useLogout();
  const loginDialog = useLoginDialog();
  const { user } = useAuth();
  const firstRunFor = useFirstRunFor();
  useForgetOfflineDataOnLogout();
  return (
    <>
      <a href="#main" className="skip-link">
        {t('app.skipToContent')}
      </a>
      <Navigation onLogout={() => void logout()} />
      <OfflineBanner />
      <main id="main" className="main">
        {/* Keyed by path: leaving a broken page gives the next one a fresh start. */}
        <ErrorBoundary key={pathname} fallback={<RouteError />}>
          <Suspense fallback={<Spinner />}>
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      </main>
      <Footer />
      {/* The basket within reach on every page: a bar above the tab bar, a sheet on a phone. */}
      <BasketDock />
      {loginDialog.isOpen && (
        <Suspense fallback={null}>
          <loginDialogPart.Component />
        </Suspense>
      )}
      {user && user.username === firstRunFor && !loginDialog.isOpen && (
        <Suspense fallback={null}>
          <firstRunPart.Component />
        </Suspense>
      )}
    </>
  );
}
