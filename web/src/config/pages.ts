import type { Namespace } from '@/lib/i18n';

/** The words every page shows: the navigation, the basket bar, account actions, errors. */
export const LAYOUT_WORDS = ['common', 'auth', 'basket', 'foods', 'errors'] as const satisfies readonly Namespace[];

/**
 * Every page, by the first segment of its path: the file under app/routes/ that holds it
 * and the namespaces of words it shows besides the layout's. The router loads a page's
 * code and words together from this; the build (vite.config.ts) writes the same into
 * index.html, which starts fetching a visit's page and words before any JavaScript runs.
 * Data only: the build reads it outside the app.
 */
export const PAGES = {
  '': { file: 'food-search', words: ['pages', 'foods', 'basket'] },
  dashboard: { file: 'dashboard', words: ['pages', 'meals', 'nutrients', 'foods', 'barcodes', 'recognition'] },
  statistics: { file: 'statistics', words: ['pages', 'meals', 'nutrients'] },
  recipes: { file: 'recipes', words: ['pages', 'recipes', 'foods'] },
  profile: { file: 'profile', words: ['pages', 'auth', 'meals'] },
  'api-test': { file: 'api-test', words: ['pages', 'devtools'] },
  'token-test': { file: 'token-test', words: ['pages', 'devtools'] },
  'verify-email': { file: 'verify-email', words: ['pages', 'auth'] },
  'resend-verification': { file: 'resend-verification', words: ['pages', 'auth'] },
  'forgot-password': { file: 'forgot-password', words: ['pages', 'auth'] },
  'reset-password': { file: 'reset-password', words: ['pages', 'auth'] },
} as const satisfies Record<string, { file: string; words: readonly Namespace[] }>;

export type PageKey = keyof typeof PAGES;

/** The page at a path (its parameters aside), if it is one of ours. */
export function pageAt(pathname: string): PageKey | undefined {
  const first = pathname.split('/')[1] ?? '';
  return Object.hasOwn(PAGES, first) ? (first as PageKey) : undefined;
}
