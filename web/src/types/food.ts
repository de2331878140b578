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

export type NutritionGrade = 'A' | 'B' | 'C' | 'D' | 'E';
export type FoodDataSource = 'catalogue' | 'usda' | 'openfoodfacts' | 'custom' | 'recipe';
export type FoodDataQuality = 'usda' | 'default' | 'unavailable' | 'error' | 'unknown';

/** A recipe's serving: its size and what one serving holds (sodium in mg). */
export type RecipeServing = Nutrients & { servings: number; grams: number };

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
  fiber_per_100g: number;
  sugar_per_100g: number;
  sodium_per_100g: number;
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
  ingredients: string | null;
  /** The signed-in caller owns it (custom foods only): it may be edited and deleted. */
  is_owner: boolean;
  created_at: string | null;
  /** Starred by the signed-in caller (false when anonymous). */
  is_favorite: boolean;
  /** A recipe of the caller's, logged like any food. */
  is_recipe: boolean;
  /** Null unless a recipe. */
  per_serving: RecipeServing | null;
};

/** A food saved in our database, which meals and the basket can refer to. */
export type SavedFood = Food & { id: number };

export function isSaved(food: Food): food is SavedFood {
  return food.id !== null;
}
