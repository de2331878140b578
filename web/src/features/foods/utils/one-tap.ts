import type { Language } from '@/config/constants';
import { DEFAULT_GRAMS, firstPortionAmount, readsAs, type FoodAmount } from '@/lib/food-amounts';
import type { Food } from '@/types/food';

/** How a food was last logged, as the recent foods list carries it. */
export type LastLogged = { last_quantity: number; last_amount: string | null };

/** What one tap adds: grams, and the amount they are named by ("2 slices") when not plain grams. */
export type OneTapAmount = FoodAmount;

/**
 * The amount one tap adds: the food's last-logged amount, else its first portion, else
 * 100 g. A last amount ("2 slices") names the grams only while the food's portions still
 * read it as those grams; otherwise the grams alone go in.
 */
export function oneTapAmount(food: Food, last: LastLogged | null | undefined, language: Language): OneTapAmount {
  if (last && last.last_quantity > 0) {
    const amount = last.last_amount;
    // An amount typed in English ("2 slices") would put English into the Chinese page: grams there.
    const fits = amount !== null && !(language === 'zh' && /[a-z]/i.test(amount));
    const label = fits && readsAs(amount, last.last_quantity, food) ? amount : null;
    return { grams: last.last_quantity, label };
  }
  return firstPortionAmount(food, language) ?? { grams: DEFAULT_GRAMS, label: null };
}
