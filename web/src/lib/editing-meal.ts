import { SESSION_KEYS } from '@/config/constants';
import type { FoodNutrients } from '@/types/food';

/**
 * A food of the meal being edited, as the meals call answered it. The fields marked
 * optional are missing from meals left in session storage before quick adds and amounts.
 */
export type EditingMealFood = {
  food_id: number | null;
  food_name: string;
  food_name_zh: string | null;
  brand: string | null;
  /** Grams; null for a quick-add line. */
  quantity: number | null;
  /** Fibre, sugar and sodium null where the food's source does not give them. */
  per_100g: FoodNutrients;
  /** The amount the line was logged by ("2 slices"). */
  amount?: string | null;
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

export function readEditingMeal(): EditingMeal | null {
  try {
    const raw = session()?.getItem(SESSION_KEYS.editingMeal);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<EditingMeal>;
    return typeof value.id === 'number' && Array.isArray(value.foods) ? (value as EditingMeal) : null;
  } catch {
    return null;
  }
}

export function writeEditingMeal(meal: EditingMeal): void {
  try {
    session()?.setItem(SESSION_KEYS.editingMeal, JSON.stringify(meal));
  } catch {
    // No session storage: the edit link then says it cannot load the meal.
  }
}

export function clearEditingMeal(): void {
  try {
    session()?.removeItem(SESSION_KEYS.editingMeal);
  } catch {
    // Nothing stored.
  }
}
