import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { displayLocale } from '@/lib/i18n';
import { numberFormat } from '@/lib/intl';
import { nutritionFormat } from '@/lib/nutrition-format';
import type { MealFood } from '@/types/meal';

/** Numbers in the page's locale (energy and macros by the product's one rule) and foods in its language. */
export function useMealFormat() {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  return useMemo(() => {
    const locale = displayLocale(language);
    const oneDecimal = numberFormat(locale, 1);
    return {
      ...nutritionFormat(locale),
      /** Grams of a food, as typed: 37.5 g stays 37.5 g. */
      number: (value: number) => oneDecimal.format(value),
      foodName: (food: Pick<MealFood, 'food_name' | 'food_name_zh'>) =>
        language === 'zh' && food.food_name_zh ? food.food_name_zh : food.food_name,
      localName: (name: string, nameZh?: string | null) => (language === 'zh' && nameZh ? nameZh : name),
    };
  }, [language]);
}
