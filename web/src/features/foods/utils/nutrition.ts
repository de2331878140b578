import type { Food, FoodNutrients } from '@/types/food';

/** The details a card lists per 100 g, in order; sodium is in mg, the rest in g. */
export const DETAIL_NUTRIENTS = ['protein', 'fat', 'carbs', 'fiber', 'sugar', 'sodium'] as const;
export type DetailNutrient = (typeof DETAIL_NUTRIENTS)[number];

/** Per 100 g; null for fibre, sugar or sodium that the food's source does not give. */
export function per100g(food: Food, nutrient: DetailNutrient | 'calories'): number | null {
  return food[`${nutrient}_per_100g`] ?? null;
}

/** SPEC 9: macros to one decimal. */
export function roundToTenth(value: number): number {
  return Math.round(value * 10) / 10;
}

export type PortionNutrition = { calories: number; protein: number; fat: number; carbs: number };

/** What `grams` of the food holds: calories whole, macros to one decimal. */
export function nutritionFor(food: Food, grams: number): PortionNutrition {
  const share = (value: number) => (value * grams) / 100;
  return {
    calories: Math.round(share(food.calories_per_100g)),
    protein: roundToTenth(share(food.protein_per_100g)),
    fat: roundToTenth(share(food.fat_per_100g)),
    carbs: roundToTenth(share(food.carbs_per_100g)),
  };
}

/** The food with the nutrients fetched from USDA in place of its own. */
export function withUsdaNutrients(food: Food, nutrients: FoodNutrients): Food {
  return {
    ...food,
    calories_per_100g: nutrients.calories,
    protein_per_100g: nutrients.protein,
    fat_per_100g: nutrients.fat,
    carbs_per_100g: nutrients.carbs,
    fiber_per_100g: nutrients.fiber,
    sugar_per_100g: nutrients.sugar,
    sodium_per_100g: nutrients.sodium,
  };
}

/** SPEC 2: a USDA food without calories offers to fetch its nutrients. */
export function needsUsdaNutrition(food: Food): boolean {
  return food.is_usda && food.fdc_id !== null && food.calories_per_100g === 0;
}

/**
 * `target` with the per-100 g values of `shown` when only `shown` has any: a USDA food
 * whose nutrients were fetched on the card keeps them once it is saved.
 */
export function keepShownNutrition<T extends Food>(target: T, shown: Food): T {
  if (!needsUsdaNutrition(target) || needsUsdaNutrition(shown)) return target;
  return {
    ...target,
    calories_per_100g: shown.calories_per_100g,
    protein_per_100g: shown.protein_per_100g,
    fat_per_100g: shown.fat_per_100g,
    carbs_per_100g: shown.carbs_per_100g,
    fiber_per_100g: shown.fiber_per_100g,
    sugar_per_100g: shown.sugar_per_100g,
    sodium_per_100g: shown.sodium_per_100g,
  };
}
