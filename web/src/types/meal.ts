import type { FoodNutrients } from '@/types/food';

/** SPEC 9 meal types. */
export type MealType = 'breakfast' | 'lunch' | 'dinner' | 'snack';
export const MEAL_TYPES: readonly MealType[] = ['breakfast', 'lunch', 'dinner', 'snack'];

/**
 * A food of a saved meal, with the nutrition it was saved with. A quick-add line has no
 * food and no quantity, only the values typed in.
 */
export type MealFood = {
  id: number;
  food_id: number | null;
  food_name: string;
  food_name_zh: string | null;
  brand: string | null;
  /** Grams; null for a quick-add line. */
  quantity: number | null;
  /** The amount as sent ("2 slices"), if the line was logged by one. */
  amount: string | null;
  is_quick_add: boolean;
  calories: number;
  protein: number;
  fat: number;
  carbs: number;
  /** Fibre, sugar and sodium null where the food's source does not give them. */
  per_100g: FoodNutrients;
};

/** A saved meal (SPEC 3), dated in the browser's time zone. */
export type Meal = {
  id: number;
  name: string | null;
  meal_type: MealType;
  /** Local day, YYYY-MM-DD. */
  date: string;
  /** Local time, HH:MM. */
  time: string;
  eaten_at: string;
  notes: string | null;
  foods: MealFood[];
  total_calories: number;
  total_protein: number;
  total_fat: number;
  total_carbs: number;
  created_at: string;
  updated_at: string;
};
