import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '@/config/constants';
import { displayLocale, toLanguage } from '@/lib/i18n';
import { numberFormat } from '@/lib/intl';
import { nutritionFormat } from '@/lib/nutrition-format';

export type FoodLanguage = {
  language: Language;
  /** Up to one decimal, grouped as the language writes numbers. */
  formatNumber: (value: number) => string;
  /** Energy as whole kilocalories, the product's one rule. */
  formatKcal: (value: number) => string;
  /** A vitamin, mineral or fat: 3 significant digits, whole from 100 up. */
  formatMicronutrient: (value: number) => string;
};

/** The UI language, and numbers written the way it writes them (SPEC 9). */
export function useFoodLanguage(): FoodLanguage {
  const { i18n } = useTranslation();
  const language = toLanguage(i18n.resolvedLanguage);
  return useMemo(() => {
    const locale = displayLocale(language);
    const format = numberFormat(locale, 1);
    const nutrition = nutritionFormat(locale);
    return {
      language,
      formatNumber: (value: number) => format.format(value),
      formatKcal: nutrition.kcal,
      formatMicronutrient: nutrition.micronutrient,
    };
  }, [language]);
}
