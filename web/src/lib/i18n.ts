import i18n from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import {
  FALLBACK_LANGUAGE,
  STORAGE_KEYS,
  SUPPORTED_LANGUAGES,
  type Language,
} from '@/config/constants';
import type { BackendModule } from 'i18next';
import { LAYOUT_WORDS } from '@/config/pages';
import type enAuth from '@/locales/en/auth.json';
import type enBarcodes from '@/locales/en/barcodes.json';
import type enBasket from '@/locales/en/basket.json';
import type enCommon from '@/locales/en/common.json';
import type enDevtools from '@/locales/en/devtools.json';
import type enErrors from '@/locales/en/errors.json';
import type enFoods from '@/locales/en/foods.json';
import type enMeals from '@/locales/en/meals.json';
import type enNutrients from '@/locales/en/nutrients.json';
import type enPages from '@/locales/en/pages.json';
import type enRecipes from '@/locales/en/recipes.json';
import type enRecognition from '@/locales/en/recognition.json';

/** The words of the app, by namespace: English gives the keys, Chinese has the same ones. */
type Words = {
  common: typeof enCommon;
  auth: typeof enAuth;
  pages: typeof enPages;
  foods: typeof enFoods;
  basket: typeof enBasket;
  meals: typeof enMeals;
  nutrients: typeof enNutrients;
  barcodes: typeof enBarcodes;
  errors: typeof enErrors;
  devtools: typeof enDevtools;
  recipes: typeof enRecipes;
  recognition: typeof enRecognition;
};
export type Namespace = keyof Words;

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: Words;
  }
}

/**
 * Every namespace of every language is a file of its own, fetched when the app first asks
 * for it: a visit loads one language, and of it only the words of what it shows. The
 * language and namespaces a page needs are requested together with its code
 * (app/router.tsx); `useTranslation` suspends until they are here.
 */
const files = import.meta.glob<{ default: object }>('../locales/*/*.json');

const bundledFiles: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const file = files[`../locales/${language}/${namespace}.json`];
    if (!file) {
      callback(new Error(`no words for ${language}/${namespace}`), false);
      return;
    }
    file().then(
      (words) => callback(null, words.default),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), true),
    );
  },
};

export type DisplayLocale = 'en-US' | 'zh-CN';

export function toLanguage(lng: string | undefined): Language {
  const base = (lng ?? '').toLowerCase().split('-')[0];
  return (SUPPORTED_LANGUAGES as readonly string[]).includes(base ?? '')
    ? (base as Language)
    : FALLBACK_LANGUAGE;
}

/** The locale for Intl formatting and `<html lang>` (SPEC 9). */
export function displayLocale(lng: string | undefined = i18n.resolvedLanguage): DisplayLocale {
  return toLanguage(lng) === 'zh' ? 'zh-CN' : 'en-US';
}

function reflectLanguage(lng: string): void {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = displayLocale(lng);
  document.title = i18n.t('app.title', { lng: toLanguage(lng) });
}

i18n.on('languageChanged', reflectLanguage);

// Initialised without waiting: the first render starts at once and suspends (app/index.tsx)
// until the words it needs have come, instead of the page waiting on i18next first.
export const i18nReady = i18n
  .use(bundledFiles)
  .use(LanguageDetector)
  .use(initReactI18next)
  .init({
    ns: LAYOUT_WORDS,
    defaultNS: 'common',
    // Both languages have every key (locales.test.ts), so nothing falls back; a fallback
    // language would be fetched with every namespace of the one in use.
    fallbackLng: false,
    supportedLngs: SUPPORTED_LANGUAGES,
    load: 'languageOnly',
    interpolation: { escapeValue: false },
    detection: {
      order: ['localStorage', 'navigator'],
      lookupLocalStorage: STORAGE_KEYS.language,
      caches: ['localStorage'],
      convertDetectedLanguage: (lng: string) => toLanguage(lng),
    },
  });

export { i18n };

/** Fetches the words of these namespaces in the current language (a page's, before it shows). */
export function loadNamespaces(namespaces: readonly Namespace[]): Promise<void> {
  return i18n.loadNamespaces([...namespaces]);
}
