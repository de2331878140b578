import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { displayLocale, toLanguage } from '@/lib/i18n';
import type { Food } from '@/types/food';

export type FoodDisplay = {
  /** The Chinese name in Chinese where the food has one, else its own name. */
  name: (food: Food) => string;
  /** Up to one decimal, as the UI language writes numbers (SPEC 9). */
  number: (value: number) => string;
};

export function useFoodDisplay(): FoodDisplay {
  const { i18n } = useTranslation();
  const language = toLanguage(i18n.resolvedLanguage);
  return useMemo(() => {
    const format = new Intl.NumberFormat(displayLocale(language), { maximumFractionDigits: 1 });
    return {
      name: (food) => (language === 'zh' && food.name_zh?.trim() ? food.name_zh : food.name),
      number: (value) => format.format(value),
    };
  }, [language]);
}
