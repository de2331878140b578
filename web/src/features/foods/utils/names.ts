import type { Language } from '@/config/constants';
import type { Food } from '@/types/food';

export type FoodNames = {
  primary: string;
  /** The other language's name, when the food has one that differs. */
  secondary: string | null;
  /** BCP 47 tags, so each name is read in its own language. */
  primaryLang: 'en' | 'zh-CN';
  secondaryLang: 'en' | 'zh-CN';
};

/** In Chinese the Chinese name leads when there is one; in English the English name. */
export function foodNames(food: Food, language: Language): FoodNames {
  const zh = food.name_zh?.trim() ? food.name_zh : null;
  if (language === 'zh' && zh) {
    return { primary: zh, secondary: zh === food.name ? null : food.name, primaryLang: 'zh-CN', secondaryLang: 'en' };
  }
  return {
    primary: food.name,
    secondary: zh === food.name ? null : zh,
    primaryLang: 'en',
    secondaryLang: 'zh-CN',
  };
}

/** The name a message uses for the food. */
export function displayName(food: Food, language: Language): string {
  return foodNames(food, language).primary;
}

/** A name as typed and as compared: full-width forms folded, case and spacing ignored. */
function comparable(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/\s+/g, '');
}

/** Whether the query is the food's name, in either language ("切达奶酪", "cheddar cheese"). */
export function isNamed(food: Pick<Food, 'name' | 'name_zh'>, query: string): boolean {
  const asked = comparable(query);
  return asked !== '' && [food.name, food.name_zh].some((name) => name && comparable(name) === asked);
}
