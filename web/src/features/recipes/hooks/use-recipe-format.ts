import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { displayLocale, toLanguage } from '@/lib/i18n';

export type RecipeFormat = {
  /** Up to one decimal, grouped as the language writes numbers. */
  number: (value: number) => string;
  /** Whole numbers (calories). */
  whole: (value: number) => string;
  /** The Chinese name leads in Chinese when there is one. */
  name: (name: string, nameZh?: string | null) => { text: string; lang: 'en' | 'zh-CN' };
};

export function useRecipeFormat(): RecipeFormat {
  const { i18n } = useTranslation();
  const language = toLanguage(i18n.resolvedLanguage);
  return useMemo(() => {
    const locale = displayLocale(language);
    const tenths = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
    const whole = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
    return {
      number: (value) => tenths.format(value),
      whole: (value) => whole.format(value),
      name: (name, nameZh) =>
        language === 'zh' && nameZh?.trim() ? { text: nameZh, lang: 'zh-CN' } : { text: name, lang: 'en' },
    };
  }, [language]);
}
