import i18n from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import {
  FALLBACK_LANGUAGE,
  STORAGE_KEYS,
  SUPPORTED_LANGUAGES,
  type Language,
} from '@/config/constants';
import type enDevtools from '@/locales/en/devtools.json';
import type enRecipes from '@/locales/en/recipes.json';
import type enRecognition from '@/locales/en/recognition.json';
import enAuth from '@/locales/en/auth.json';
import enBarcodes from '@/locales/en/barcodes.json';
import enBasket from '@/locales/en/basket.json';
import enCommon from '@/locales/en/common.json';
import enErrors from '@/locales/en/errors.json';
import enFoods from '@/locales/en/foods.json';
import enMeals from '@/locales/en/meals.json';
import enPages from '@/locales/en/pages.json';
import zhAuth from '@/locales/zh/auth.json';
import zhBarcodes from '@/locales/zh/barcodes.json';
import zhBasket from '@/locales/zh/basket.json';
import zhCommon from '@/locales/zh/common.json';
import zhErrors from '@/locales/zh/errors.json';
import zhFoods from '@/locales/zh/foods.json';
import zhMeals from '@/locales/zh/meals.json';
import zhPages from '@/locales/zh/pages.json';

// Both languages of what the first page can show ship in the first bundle, which keeps
// the first render synchronous (no flash of untranslated keys). The words of parts that
// load later (the developer pages, recipes, photo recognition) come with their code
// (`addTranslations`), keeping the first load within its budget.
export const resources = {
  en: { common: enCommon, auth: enAuth, pages: enPages, foods: enFoods, basket: enBasket, meals: enMeals, barcodes: enBarcodes, errors: enErrors },
  zh: { common: zhCommon, auth: zhAuth, pages: zhPages, foods: zhFoods, basket: zhBasket, meals: zhMeals, barcodes: zhBarcodes, errors: zhErrors },
} as const;

export const namespaces = ['common', 'auth', 'pages', 'foods', 'basket', 'meals', 'barcodes', 'errors'] as const;

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: (typeof resources)['en'] & {
      devtools: typeof enDevtools;
      recipes: typeof enRecipes;
      recognition: typeof enRecognition;
    };
  }
}

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

void i18n
  .use(LanguageDetector)
  .use(initReactI18next)
  .init({
    resources,
    ns: namespaces,
    defaultNS: 'common',
    fallbackLng: FALLBACK_LANGUAGE,
    supportedLngs: SUPPORTED_LANGUAGES,
    initAsync: false,
    interpolation: { escapeValue: false },
    detection: {
      order: ['localStorage', 'navigator'],
      lookupLocalStorage: STORAGE_KEYS.language,
      caches: ['localStorage'],
      convertDetectedLanguage: (lng: string) => toLanguage(lng),
    },
  });

export { i18n };

/** Adds the words of a lazily loaded part of the app, once, in every language. */
export function addTranslations(ns: string, bundles: Record<Language, object>): void {
  for (const [lng, bundle] of Object.entries(bundles)) {
    if (!i18n.hasResourceBundle(lng, ns)) i18n.addResourceBundle(lng, ns, bundle);
  }
}
