import type { MealType } from '@/types/meal';
import type { Food, SavedFood } from '@/types/food';

/** SPEC 2: search results, or the signed-in person's own custom foods. */
export type FoodView = 'search' | 'user';

/**
 * What the food search needs from the basket. The page hands in the basket feature's
 * store, so this feature does not reach into another.
 */
export type FoodBasket = {
  /** Grams of the food, and the amount they were typed as ("2 slices") if any. */
  add: (food: SavedFood, quantity: number, amount?: string) => void;
  /** False when the food is not in the basket. */
  updateFood: (food: SavedFood) => boolean;
  /** False when the food is not in the basket. */
  removeFood: (foodId: number) => boolean;
  /** The meal type the person chose; null follows the meal time's hour band. */
  mealType?: MealType | null;
  setMealType?: (type: MealType) => void;
};

/**
 * Why the custom food dialog is open (SPEC 2: its title follows this). A create may come
 * with the name searched for and not found, or a barcode no database knows (sent with it).
 */
export type CustomFoodRequest =
  | { mode: 'create'; name?: string; barcode?: string }
  | { mode: 'edit'; food: SavedFood }
  | { mode: 'copy'; food: Food };
