import type { Language } from '@/config/constants';
import { portionAmount } from '@/lib/amount';
import { DEFAULT_GRAMS, firstPortionAmount, readsAs, type FoodAmount } from '@/lib/food-amounts';
import type { components } from '@/types/api.gen';
import type { Food } from '@/types/food';

/** How a food was last logged, as the recent foods list carries it. */
export type LastLogged = Pick<components['schemas']['UsedFoodView'], 'last_quantity' | 'last_amount'>;

/** What one tap adds: grams, and the amount they are named by ("2 slices") when not plain grams. */
export type OneTapAmount = FoodAmount;

/**
 * The amount one tap adds: the food's last-logged amount, else its first portion, else
 * 100 g. A last amount ("2 slices") names the grams only while the food's portions still
 * read it as those grams; otherwise the grams alone go in. A recipe is eaten by the
 * serving: it adds its last amount in servings ("2 servings"), else one serving, never
 * bare grams (its card used to start at 100 g, so "last logged" is often that, unasked).
 */
export function oneTapAmount(food: Food, last: LastLogged | null | undefined, language: Language): OneTapAmount {
  if (last && last.last_quantity > 0) {
    const amount = portionInLanguage(last.last_amount ?? null, last.last_quantity, food, language);
    // An amount typed in English ("2 slices") would put English into the Chinese page: grams there.
    const fits = amount !== null && !(language === 'zh' && /[a-z]/i.test(amount));
    const label = fits && readsAs(amount, last.last_quantity, food) ? amount : null;
    if (label !== null || !food.is_recipe) return { grams: last.last_quantity, label };
  }
  return firstPortionAmount(food, language) ?? { grams: DEFAULT_GRAMS, label: null };
}

/**
 * A last amount that is one of the food's portions by name ("1 serving", as the server
 * offers a food not logged yet), written in the page's language ("1 份"); any other
 * amount as it was typed.
 */
function portionInLanguage(amount: string | null, grams: number, food: Food, language: Language): string | null {
  const portion = food.portions.find((each) => each.name === amount || each.name_zh === amount);
  if (!portion || Math.abs(portion.grams - grams) > 0.1) return amount;
  return portionAmount(portion, food.portions, language === 'zh');
}
