import type { components } from '@/types/api.gen';

/**
 * An ingredient as saved, with the values of its quantity in grams (not per 100 g), and
 * the amount as typed ("2 slices") when it was not plain grams.
 */
export type RecipeIngredient = components['schemas']['IngredientView'];

/** One of the caller's recipes; also a food of theirs with the same id (`food`). */
export type Recipe = components['schemas']['RecipeView'];

/**
 * What create and update send; update replaces the whole recipe. Written here: the
 * document's body gives every field as optional and nullable (one Rust struct reads
 * both calls), where the app always sends these.
 */
export type RecipeInput = {
  name: string;
  name_zh?: string;
  servings: number;
  notes?: string;
  /** `amount` ("2 eggs") when typed in a unit: the server reads it against the food, and keeps it. */
  ingredients: { food_id: number; quantity: number; amount?: string }[];
};
