import type { components } from '@/types/api.gen';

type Schemas = components['schemas'];

/** A common serving of a food, e.g. `{ grams: 118, name: "1 medium", name_zh: "1 根（中）" }`. */
export type FoodPortion = Schemas['Portion'];

/** Nutrition per 100 g (sodium in mg), as meal lines, recognition and USDA answers give it. */
export type Nutrients = Schemas['Nutrients'];

/**
 * The nutrients a food's source may not give (USDA survey foods give no fibre, sugar or
 * sodium, for one): then they are null, unknown, never 0. Energy and the macros every
 * source gives.
 */
export const OPTIONAL_NUTRIENTS = ['fiber', 'sugar', 'sodium'] as const;
export type OptionalNutrient = (typeof OPTIONAL_NUTRIENTS)[number];

/** Nutrients as a food gives them: fibre, sugar and sodium null where its source does not. */
export type FoodNutrients = Omit<Nutrients, OptionalNutrient> & Record<OptionalNutrient, number | null>;

export type FoodDataSource = Schemas['FoodSource'];

/**
 * The vitamins, minerals and fats a food, meal or day is given with (issue 36), in the
 * order the app lists them; each key ends with its unit.
 */
export const MICRONUTRIENT_KEYS = [
  'vitamin_a_ug',
  'vitamin_c_mg',
  'vitamin_d_ug',
  'vitamin_e_mg',
  'vitamin_k_ug',
  'thiamin_mg',
  'riboflavin_mg',
  'niacin_mg',
  'vitamin_b6_mg',
  'folate_ug',
  'vitamin_b12_ug',
  'calcium_mg',
  'iron_mg',
  'magnesium_mg',
  'phosphorus_mg',
  'potassium_mg',
  'zinc_mg',
  'copper_mg',
  'manganese_mg',
  'selenium_ug',
  'cholesterol_mg',
  'saturated_fat_g',
  'monounsaturated_fat_g',
  'polyunsaturated_fat_g',
] as const satisfies readonly (keyof Micronutrients)[];
export type MicronutrientKey = (typeof MICRONUTRIENT_KEYS)[number];

/** Every key; null where the source does not give it (unknown, never 0). */
export type Micronutrients = Schemas['Micronutrients'];

/** The share (0..1) of the grams each value comes from: below 1, the value is a partial sum. */
export type MicronutrientCoverage = Schemas['Coverage'];

/**
 * A food as every food call answers it; nutrition is per 100 g, sodium in mg. Shared by
 * the food search and the basket, which stores whole foods. `micronutrients` is absent
 * (not null) in search answers, which leave them out to stay quick, and from a food this
 * app built from a meal line: absent is not known yet, never none; the food's own page
 * (`GET /foods/{id}/`) has them. `data_quality` "standard-recipe" is a dish of our library,
 * its values worked out from its recipe (`ingredients`).
 */
export type Food = Schemas['FoodView'];

/** A food saved in our database, which meals and the basket can refer to. */
export type SavedFood = Food & { id: number };

export function isSaved(food: Food): food is SavedFood {
  return typeof food.id === 'number';
}
