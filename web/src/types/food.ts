/** A common serving of a food, e.g. `{ grams: 118, name: "1 medium", name_zh: "1 根（中）" }`. */
export type FoodPortion = { grams: number; name: string; name_zh: string | null };

/** Nutrition per 100 g (sodium in mg), as meal lines, recognition and USDA answers give it. */
export type Nutrients = {
  calories: number;
  protein: number;
  fat: number;
  carbs: number;
  fiber: number;
  sugar: number;
  sodium: number;
};

/**
 * The nutrients a food's source may not give (USDA survey foods give no fibre, sugar or
 * sodium, for one): then they are null, unknown, never 0. Energy and the macros every
 * source gives.
 */
export const OPTIONAL_NUTRIENTS = ['fiber', 'sugar', 'sodium'] as const;
export type OptionalNutrient = (typeof OPTIONAL_NUTRIENTS)[number];

/** Nutrients as a food gives them: fibre, sugar and sodium null where its source does not. */
export type FoodNutrients = Omit<Nutrients, OptionalNutrient> & Record<OptionalNutrient, number | null>;

export type NutritionGrade = 'A' | 'B' | 'C' | 'D' | 'E';
export type FoodDataSource = 'catalogue' | 'usda' | 'openfoodfacts' | 'custom' | 'recipe';
/** `standard-recipe`: a dish of our library, its values worked out from its recipe (`ingredients`). */
export type FoodDataQuality = 'usda' | 'default' | 'unavailable' | 'error' | 'unknown' | 'standard-recipe';

/** A recipe's values for one of its servings (sodium in mg); `grams` is one serving's weight. */
export type FoodServing = FoodNutrients & { servings: number; grams: number };

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
] as const;
export type MicronutrientKey = (typeof MICRONUTRIENT_KEYS)[number];

/** Every key; null where the source does not give it (unknown, never 0). */
export type Micronutrients = Record<MicronutrientKey, number | null>;

/** The share (0..1) of the grams each value comes from: below 1, the value is a partial sum. */
export type MicronutrientCoverage = Partial<Record<MicronutrientKey, number>>;

/**
 * A food as every food call answers it; nutrition is per 100 g, sodium in mg. Shared by
 * the food search and the basket, which stores whole foods.
 */
export type Food = {
  /** Null for a USDA search hit that is not saved locally yet. */
  id: number | null;
  /** English (or original-language) name. */
  name: string;
  name_zh: string | null;
  pinyin: string | null;
  brand: string | null;
  barcode: string | null;
  image_url: string | null;
  nutrition_grade: NutritionGrade | null;
  calories_per_100g: number;
  protein_per_100g: number;
  fat_per_100g: number;
  carbs_per_100g: number;
  /** Null: the food's source does not give it (unknown, not 0). */
  fiber_per_100g: number | null;
  sugar_per_100g: number | null;
  sodium_per_100g: number | null;
  /**
   * Per 100 g. Null when the food's source gives none (most branded products). Absent
   * (undefined) in search answers (`GET /foods/search/`), which leave them out to stay
   * quick: the food's own page (`GET /foods/{id}/`) has them, so fetch it before showing
   * or editing them. Also absent from a food this app built from a meal line or kept
   * from before the API gave them. Absent is not known yet; never read it as none.
   */
  micronutrients?: Micronutrients | null;
  /**
   * For a dish worked out from its recipe, the share of its ingredients' grams each
   * partial value comes from; absent when every value is whole, and in search answers.
   */
  micronutrient_coverage?: MicronutrientCoverage | null;
  serving_size: number;
  serving_unit: string;
  portions: FoodPortion[];
  /** A user's own food. */
  is_custom: boolean;
  /** USDA FoodData Central food (read-only). */
  is_usda: boolean;
  fdc_id: number | null;
  usda_description: string | null;
  description: string | null;
  data_source: FoodDataSource;
  data_quality: FoodDataQuality;
  /** A product's ingredients as its label lists them; for a standard recipe, the recipe. */
  ingredients: string | null;
  /** The signed-in caller owns it (custom foods only): it may be edited and deleted. */
  is_owner: boolean;
  /** The signed-in caller starred it; always false while anonymous. */
  is_favorite: boolean;
  /** One of the caller's recipes, listed as a food (data_source "recipe"). */
  is_recipe: boolean;
  /** A drink: a volume of it ("250 ml") with no portion giving its density is counted as water. */
  is_drink: boolean;
  /** Recipes only. */
  per_serving: FoodServing | null;
  created_at: string | null;
};

/** A food saved in our database, which meals and the basket can refer to. */
export type SavedFood = Food & { id: number };

export function isSaved(food: Food): food is SavedFood {
  return food.id !== null;
}
