/** Every client route of SPEC section 2, in one place. */
export const paths = {
  home: '/',
  dashboard: '/dashboard',
  statistics: '/statistics',
  recipes: '/recipes',
  profile: '/profile',
  apiTest: '/api-test',
  tokenTest: '/token-test',
  verifyEmail: '/verify-email/:token',
  /** A verification link that lost its token: says so (SPEC 5). */
  verifyEmailNoToken: '/verify-email',
  resendVerification: '/resend-verification',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password/:token',
  /** A reset link that lost its token: says so and goes to /forgot-password (SPEC 5). */
  resetPasswordNoToken: '/reset-password',
} as const;

export type NavEntry = {
  to: string;
  /** Key in the common namespace. */
  labelKey:
    | 'nav.foodSearch'
    | 'nav.dashboard'
    | 'nav.statistics'
    | 'nav.recipes'
    | 'nav.profile'
    | 'nav.apiTest'
    | 'nav.tokenTest';
  /** A shorter visible label for the phone's tab bar; the link keeps the full name. */
  shortLabelKey?: 'nav.foodSearchShort';
  requiresLogin: boolean;
};

/** The main navigation: the top bar on a wide screen, the tab bar on a phone. */
export const navEntries: readonly NavEntry[] = [
  { to: paths.home, labelKey: 'nav.foodSearch', shortLabelKey: 'nav.foodSearchShort', requiresLogin: false },
  { to: paths.dashboard, labelKey: 'nav.dashboard', requiresLogin: true },
  { to: paths.statistics, labelKey: 'nav.statistics', requiresLogin: true },
  { to: paths.recipes, labelKey: 'nav.recipes', requiresLogin: true },
  { to: paths.profile, labelKey: 'nav.profile', requiresLogin: true },
];

/** The developer pages, linked from the footer rather than the main navigation. */
export const devEntries: readonly NavEntry[] = [
  { to: paths.apiTest, labelKey: 'nav.apiTest', requiresLogin: false },
  { to: paths.tokenTest, labelKey: 'nav.tokenTest', requiresLogin: false },
];
