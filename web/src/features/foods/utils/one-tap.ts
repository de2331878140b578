import type { Language } from '@/config/constants';
import { portionAmount, readAmount } from '@/lib/amount';
import type { Food } from '@/types/food';

/** SPEC 9: the default portion. */
export const DEFAULT_GRAMS = 100;

/** How a food was last logged, as the recent foods list carries it. */
export type LastLogged = { last_quantity: number; last_amount: string | null };

/** What one tap adds: grams, and the amount they are named by ("2 slices") when not plain grams. */
export type OneTapAmount = { grams: number; label: string | null };

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
  const portion = food.portions[0];
  if (!portion) return { grams: DEFAULT_GRAMS, label: null };
  const name = portionAmount(portion, food.portions, language === 'zh');
  return { grams: portion.grams, label: readsAs(name, portion.grams, food) ? name : null };
}

/** Whether an amount ("2 slices") is a unit of the food that weighs the grams (a plain number is not). */
function readsAs(amount: string, grams: number, food: Pick<Food, 'portions' | 'is_drink'>): boolean {
  const reading = readAmount(amount, food.portions, food.is_drink);
  return reading.ok && reading.unit !== null && Math.abs(reading.grams - grams) <= 0.1;
}
