import { SESSION_KEYS } from '@/config/constants';
import type { FoodNutrients } from '@/types/food';
import type { MealFood } from '@/types/meal';

/**
 * A food of the meal being edited, as the meals call answered it. `is_quick_add` and the
 * line's own values are missing from meals left in session storage before quick adds.
 */
export type EditingMealFood = Pick<MealFood, 'food_id' | 'food_name' | 'food_name_zh' | 'brand' | 'quantity' | 'amount'> & {
  /** Fibre, sugar and sodium null where the food's source does not give them. */
  per_100g: FoodNutrients;
  is_quick_add?: boolean;
  /** The line's own values: all a quick-add line has. */
  calories?: number;
  protein?: number;
  fat?: number;
  carbs?: number;
};

/**
 * SPEC 3 session storage `editingMeal`: the statistics page leaves the meal here and
 * opens `/?edit_meal={id}`, where the basket picks it up.
 */
export type EditingMeal = {
  id: number;
  name: string | null;
  date: string;
  /** The UTC instant the meal was eaten. */
  eaten_at: string;
  meal_type: string;
  foods: EditingMealFood[];
  total_calories: number;
  notes: string | null;
};

function session(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

function readMeal(key: string): EditingMeal | null {
  try {
    const raw = session()?.getItem(key);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<EditingMeal>;
    return typeof value.id === 'number' && Array.isArray(value.foods) ? (value as EditingMeal) : null;
  } catch {
    return null;
  }
}

function writeMeal(key: string, meal: EditingMeal): void {
  try {
    session()?.setItem(key, JSON.stringify(meal));
  } catch {
    // No session storage: the edit link then says it cannot load the meal.
  }
}

/** The meal the basket is editing. */
export const readEditingMeal = () => readMeal(SESSION_KEYS.editingMeal);
export const writeEditingMeal = (meal: EditingMeal) => writeMeal(SESSION_KEYS.editingMeal, meal);

/**
 * A saved meal tapped to edit, left for `/?edit_meal={id}`: kept apart from the meal the
 * basket edits, so the basket's foods stay as they are until the person says what to do.
 */
export const readMealToOpen = () => readMeal(SESSION_KEYS.mealToOpen);
export const writeMealToOpen = (meal: EditingMeal) => writeMeal(SESSION_KEYS.mealToOpen, meal);

export function clearEditingMeal(): void {
  try {
    session()?.removeItem(SESSION_KEYS.editingMeal);
  } catch {
    // Nothing stored.
  }
}
