import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { displayLocale } from '@/lib/i18n';
import { numberFormat } from '@/lib/intl';
import type { MealFood } from '@/types/meal';

/** Numbers in the page's locale (SPEC 9: 1 decimal in lists) and foods in its language. */
export function useMealFormat() {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  return useMemo(() => {
    const locale = displayLocale(language);
    const oneDecimal = numberFormat(locale, 1);
    const whole = numberFormat(locale, 0);
    return {
      number: (value: number) => oneDecimal.format(value),
      whole: (value: number) => whole.format(value),
      foodName: (food: Pick<MealFood, 'food_name' | 'food_name_zh'>) =>
        language === 'zh' && food.food_name_zh ? food.food_name_zh : food.food_name,
      localName: (name: string, nameZh: string | null) => (language === 'zh' && nameZh ? nameZh : name),
    };
  }, [language]);
}
