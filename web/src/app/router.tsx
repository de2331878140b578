import { useEffect, type ComponentType } from 'react';
import { BrowserRouter, Navigate, useLocation, useRoutes, type RouteObject } from 'react-router';
import { ProtectedRoute } from '@/app/protected-route';
import { RootLayout } from '@/app/routes/root';
import { PAGES, pageAt, type PageKey } from '@/config/pages';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { lazyPart } from '@/lib/lazy-part';

// Every page's file, loaded on its first visit; each route file holds one page, its only export.
const routeFiles = import.meta.glob<Record<string, ComponentType>>([
  './routes/*.tsx',
  '!./routes/root.tsx',
  '!./routes/error.tsx',
]);

const pages = Object.fromEntries(
  Object.entries(PAGES).map(([key, { file, words }]) => {
    const load = routeFiles[`./routes/${file}.tsx`];
    if (!load) throw new Error(`no page in app/routes/${file}.tsx`);
    return [key, lazyPart(() => load().then((module) => Object.values(module)[0] as ComponentType), words)];
  }),
) as Record<PageKey, ReturnType<typeof lazyPart>>;

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
