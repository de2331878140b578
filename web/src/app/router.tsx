import { useEffect } from 'react';
import { BrowserRouter, Navigate, useLocation, useRoutes, type RouteObject } from 'react-router';
import { ProtectedRoute } from '@/app/protected-route';
import { RootLayout } from '@/app/routes/root';
import { PAGES, pageAt, type PageKey } from '@/config/pages';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { lazyPart } from '@/lib/lazy-part';

const pages = {
  '': lazyPart(() => import('@/app/routes/food-search').then((m) => m.FoodSearchRoute), PAGES[''].words),
  dashboard: lazyPart(() => import('@/app/routes/dashboard').then((m) => m.DashboardRoute), PAGES.dashboard.words),
  statistics: lazyPart(() => import('@/app/routes/statistics').then((m) => m.StatisticsRoute), PAGES.statistics.words),
  recipes: lazyPart(() => import('@/app/routes/recipes').then((m) => m.RecipesRoute), PAGES.recipes.words),
  profile: lazyPart(() => import('@/app/routes/profile').then((m) => m.ProfileRoute), PAGES.profile.words),
  'api-test': lazyPart(() => import('@/app/routes/api-test').then((m) => m.ApiTestRoute), PAGES['api-test'].words),
  'token-test': lazyPart(
    () => import('@/app/routes/token-test').then((m) => m.TokenTestRoute),
    PAGES['token-test'].words,
  ),
  'verify-email': lazyPart(
    () => import('@/app/routes/verify-email').then((m) => m.VerifyEmailRoute),
    PAGES['verify-email'].words,
  ),
  'resend-verification': lazyPart(
    () => import('@/app/routes/resend-verification').then((m) => m.ResendVerificationRoute),
    PAGES['resend-verification'].words,
  ),
  'forgot-password': lazyPart(
    () => import('@/app/routes/forgot-password').then((m) => m.ForgotPasswordRoute),
    PAGES['forgot-password'].words,
  ),
  'reset-password': lazyPart(
    () => import('@/app/routes/reset-password').then((m) => m.ResetPasswordRoute),
    PAGES['reset-password'].words,
  ),
} satisfies Record<PageKey, unknown>;

function page(key: PageKey) {
  const { Component } = pages[key];
  return <Component />;
}

/**
 * Starts loading the page a visit opens on, alongside the first render rather than after
 * it: the page paints one round trip sooner.
 */
export function preloadPage(pathname: string): Promise<unknown> {
  const name = pageAt(pathname);
  return name ? pages[name].preload() : Promise.resolve();
}

/**
 * Where a signed-in person most often goes next from a page: from the search to the day
 * the meal went into, from the day or a past meal back to the search to add or edit one.
 * Only that page is fetched ahead, once the browser is idle; the rest wait for a visit.
 */
const LIKELY_NEXT: Partial<Record<PageKey, PageKey>> = {
  '': 'dashboard',
  dashboard: '',
  statistics: '',
  recipes: '',
  profile: 'dashboard',
  'verify-email': 'dashboard',
};

function usePreloadLikelyNext() {
  const { pathname } = useLocation();
  const { isAuthenticated } = useAuth();
  useEffect(() => {
    const current = pageAt(pathname);
    const next = isAuthenticated && current !== undefined ? LIKELY_NEXT[current] : undefined;
    if (next === undefined || typeof window.requestIdleCallback !== 'function') return;
    const idle = window.requestIdleCallback(() => void pages[next].preload(), { timeout: 5000 });
    return () => window.cancelIdleCallback(idle);
  }, [pathname, isAuthenticated]);
}

/** SPEC 2, one entry per route. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { path: paths.home, element: page('') },
      {
        element: <ProtectedRoute />,
        children: [
          { path: paths.dashboard, element: page('dashboard') },
          { path: paths.statistics, element: page('statistics') },
          { path: paths.recipes, element: page('recipes') },
          { path: paths.profile, element: page('profile') },
        ],
      },
      { path: paths.apiTest, element: page('api-test') },
      { path: paths.tokenTest, element: page('token-test') },
      { path: paths.verifyEmail, element: page('verify-email') },
      { path: paths.verifyEmailNoToken, element: page('verify-email') },
      { path: paths.resendVerification, element: page('resend-verification') },
      { path: paths.forgotPassword, element: page('forgot-password') },
      { path: paths.resetPassword, element: page('reset-password') },
      { path: paths.resetPasswordNoToken, element: page('reset-password') },
      { path: '*', element: <Navigate to={paths.home} replace /> },
    ],
  },
];

/** The route tree; mounted under BrowserRouter here and under MemoryRouter in tests. */
export function AppRoutes() {
  usePreloadLikelyNext();
  return useRoutes(routes);
}

// Declarative routing: the app needs no loaders or actions, and the data router would
// add about 17 KB gzip to the first load.
export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
