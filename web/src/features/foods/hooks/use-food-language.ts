import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '@/config/constants';
import { displayLocale, toLanguage } from '@/lib/i18n';

export type FoodLanguage = {
  language: Language;
  /** Up to one decimal, grouped as the language writes numbers. */
  formatNumber: (value: number) => string;
};

/** The UI language, and numbers written the way it writes them (SPEC 9). */
export function useFoodLanguage(): FoodLanguage {
  const { i18n } = useTranslation();
  const language = toLanguage(i18n.resolvedLanguage);
  return useMemo(() => {
    const format = new Intl.NumberFormat(displayLocale(language), { maximumFractionDigits: 1 });
    return { language, formatNumber: (value: number) => format.format(value) };
  }, [language]);
}
