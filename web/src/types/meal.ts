import type { components } from '@/types/api.gen';

/** SPEC 9 meal types. */
export type MealType = components['schemas']['MealType'];
export const MEAL_TYPES: readonly MealType[] = ['breakfast', 'lunch', 'dinner', 'snack'];

/**
 * A food of a saved meal, with the nutrition it was saved with. A quick-add line has no
 * food and no quantity, only the values typed in.
 */
export type MealFood = components['schemas']['MealFoodView'];

/** A saved meal (SPEC 3), dated in the browser's time zone. */
export type Meal = components['schemas']['MealView'];
