import type { Food, Nutrients } from '@/types/food';

/** An ingredient as saved, with the values of its quantity (not per 100 g). */
export type RecipeIngredient = Nutrients & {
  food_id: number;
  food_name: string;
  food_name_zh: string | null;
  brand: string | null;
  /** Grams. */
  quantity: number;
  /** The amount as typed ("2 slices"), when it was not plain grams. */
  amount: string | null;
  is_recipe: boolean;
};

/** One of the caller's recipes; also a food of theirs with the same id (`food`). */
export type Recipe = {
  id: number;
  name: string;
  name_zh: string | null;
  servings: number;
  notes: string | null;
  total_grams: number;
  serving_grams: number;
  totals: Nutrients;
  per_100g: Nutrients;
  per_serving: Nutrients;
  ingredients: RecipeIngredient[];
  food: Food;
  created_at: string;
  updated_at: string;
};

/** What create and update send; update replaces the whole recipe. */
export type RecipeInput = {
  name: string;
  name_zh?: string;
  servings: number;
  notes?: string;
  ingredients: { food_id: number; quantity: number }[];
};
