import { useEffect } from 'react';
import { BrowserRouter, Navigate, useLocation, useRoutes, type RouteObject } from 'react-router';
import { ProtectedRoute } from '@/app/protected-route';
import { RootLayout } from '@/app/routes/root';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { lazyPart } from '@/lib/lazy-part';

const AUTH_PAGE = ['pages', 'auth'] as const;
const pages = {
  foodSearch: lazyPart(() => import('@/app/routes/food-search').then((m) => m.FoodSearchRoute), ['pages', 'foods', 'basket']),
  dashboard: lazyPart(
    () => import('@/app/routes/dashboard').then((m) => m.DashboardRoute),
    ['pages', 'meals', 'foods', 'barcodes', 'recognition'],
  ),
  statistics: lazyPart(() => import('@/app/routes/statistics').then((m) => m.StatisticsRoute), ['pages', 'meals']),
  recipes: lazyPart(() => import('@/app/routes/recipes').then((m) => m.RecipesRoute), ['pages', 'recipes', 'foods']),
  profile: lazyPart(() => import('@/app/routes/profile').then((m) => m.ProfileRoute), ['pages', 'auth', 'meals']),
  apiTest: lazyPart(() => import('@/app/routes/api-test').then((m) => m.ApiTestRoute), ['pages', 'devtools']),
  tokenTest: lazyPart(() => import('@/app/routes/token-test').then((m) => m.TokenTestRoute), ['pages', 'devtools']),
  verifyEmail: lazyPart(() => import('@/app/routes/verify-email').then((m) => m.VerifyEmailRoute), AUTH_PAGE),
  resendVerification: lazyPart(
    () => import('@/app/routes/resend-verification').then((m) => m.ResendVerificationRoute),
    AUTH_PAGE,
  ),
  forgotPassword: lazyPart(() => import('@/app/routes/forgot-password').then((m) => m.ForgotPasswordRoute), AUTH_PAGE),
  resetPassword: lazyPart(() => import('@/app/routes/reset-password').then((m) => m.ResetPasswordRoute), AUTH_PAGE),
};
type PageName = keyof typeof pages;

/** The page at a path (without its parameters), if it is one of ours. */
function pageAt(pathname: string): PageName | undefined {
  const path = pathname.replace(/\/+$/, '') || paths.home;
  const first = `/${path.split('/')[1] ?? ''}`;
  const byPath: Record<string, PageName> = {
    [paths.home]: 'foodSearch',
    [paths.dashboard]: 'dashboard',
    [paths.statistics]: 'statistics',
    [paths.recipes]: 'recipes',
    [paths.profile]: 'profile',
    [paths.apiTest]: 'apiTest',
    [paths.tokenTest]: 'tokenTest',
    [paths.verifyEmailNoToken]: 'verifyEmail',
    [paths.resendVerification]: 'resendVerification',
    [paths.forgotPassword]: 'forgotPassword',
    [paths.resetPasswordNoToken]: 'resetPassword',
  };
  return byPath[first];
}

/**
 * Starts loading the page a visit opens on, alongside the first render rather than after
 * it: the page paints one round trip sooner.
 */
export function preloadPage(pathname: string) {
  const name = pageAt(pathname);
  if (name) void pages[name].preload();
}

/**
 * Where a signed-in person most often goes next from a page: from the search to the day
 * the meal went into, from the day or a past meal back to the search to add or edit one.
 * Only that page is fetched ahead, once the browser is idle; the rest wait for a visit.
 */
const LIKELY_NEXT: Partial<Record<PageName, PageName>> = {
  foodSearch: 'dashboard',
  dashboard: 'foodSearch',
  statistics: 'foodSearch',
  recipes: 'foodSearch',
  profile: 'dashboard',
  verifyEmail: 'dashboard',
};

function usePreloadLikelyNext() {
  const { pathname } = useLocation();
  const { isAuthenticated } = useAuth();
  useEffect(() => {
    const current = pageAt(pathname);
    const next = isAuthenticated && current ? LIKELY_NEXT[current] : undefined;
    if (!next || typeof window.requestIdleCallback !== 'function') return;
    const idle = window.requestIdleCallback(() => void pages[next].preload(), { timeout: 5000 });
    return () => window.cancelIdleCallback(idle);
  }, [pathname, isAuthenticated]);
}

/** SPEC 2, one entry per route. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { path: paths.home, element: <pages.foodSearch.Component /> },
      {
        element: <ProtectedRoute />,
        children: [
          { path: paths.dashboard, element: <pages.dashboard.Component /> },
          { path: paths.statistics, element: <pages.statistics.Component /> },
          { path: paths.recipes, element: <pages.recipes.Component /> },
          { path: paths.profile, element: <pages.profile.Component /> },
        ],
      },
      { path: paths.apiTest, element: <pages.apiTest.Component /> },
      { path: paths.tokenTest, element: <pages.tokenTest.Component /> },
      { path: paths.verifyEmail, element: <pages.verifyEmail.Component /> },
      { path: paths.verifyEmailNoToken, element: <pages.verifyEmail.Component /> },
      { path: paths.resendVerification, element: <pages.resendVerification.Component /> },
      { path: paths.forgotPassword, element: <pages.forgotPassword.Component /> },
      { path: paths.resetPassword, element: <pages.resetPassword.Component /> },
      { path: paths.resetPasswordNoToken, element: <pages.resetPassword.Component /> },
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
