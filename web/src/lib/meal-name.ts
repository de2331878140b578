import type { DisplayLocale } from '@/lib/i18n';
import { dateTimeFormat } from '@/lib/intl';

const DISPLAY_LOCALES: DisplayLocale[] = ['en-US', 'zh-CN'];

/** The day in a meal's default name ("Lunch 11/26", "午餐 11/26"): month and day, two digits each. */
export function mealNameDate(locale: DisplayLocale, at: Date): string {
  return dateTimeFormat(locale, { month: '2-digit', day: '2-digit' }).format(at);
}

/**
 * The name of a meal logged again on another day: a name that ends with the meal's own
 * day (the default "Lunch 11/26", made in either language) takes the new day; a name of
 * the person's own ("Oatmeal") is kept as it is.
 */
export function nameForDay(name: string | null, from: Date, to: Date): string | null {
  if (name === null) return null;
  for (const locale of DISPLAY_LOCALES) {
    const old = mealNameDate(locale, from);
    if (name.endsWith(old)) return `${name.slice(0, -old.length)}${mealNameDate(locale, to)}`;
  }
  return name;
}
