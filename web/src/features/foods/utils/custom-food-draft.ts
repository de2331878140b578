import type { CustomFoodInput } from '@/features/foods/api/create-food';
import type { Food } from '@/types/food';

/** The custom food form as typed (SPEC 3): every value per 100 g, sodium in mg. */
export type CustomFoodDraft = {
  name: string;
  calories: string;
  protein: string;
  fat: string;
  carbs: string;
  fiber: string;
  sugar: string;
  sodium: string;
};

export const OPTIONAL_FIELDS = ['protein', 'fat', 'carbs', 'fiber', 'sugar', 'sodium'] as const;

export const EMPTY_DRAFT: CustomFoodDraft = {
  name: '',
  calories: '',
  protein: '',
  fat: '',
  carbs: '',
  fiber: '',
  sugar: '',
  sodium: '',
};

/** Pre-fills the form from a food (edit or copy), with `name` as shown to the person. */
export function draftFromFood(food: Food, name: string): CustomFoodDraft {
  const text = (value: number) => String(value);
  return {
    name,
    calories: text(food.calories_per_100g),
    protein: text(food.protein_per_100g),
    fat: text(food.fat_per_100g),
    carbs: text(food.carbs_per_100g),
    fiber: text(food.fiber_per_100g),
    sugar: text(food.sugar_per_100g),
    sodium: text(food.sodium_per_100g),
  };
}

export type DraftProblem = 'nameRequired' | 'caloriesRequired';

function parseNumber(text: string): number | null {
  if (text.trim() === '') return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}

/** SPEC 5: the name and the calories are required; the server checks the bounds. */
export function draftProblem(draft: CustomFoodDraft): DraftProblem | null {
  if (draft.name.trim() === '') return 'nameRequired';
  if (parseNumber(draft.calories) === null) return 'caloriesRequired';
  return null;
}

/** The payload of a valid draft: optional values left empty or invalid become 0 (SPEC 5). */
export function inputFromDraft(draft: CustomFoodDraft): CustomFoodInput {
  const optional = (text: string) => parseNumber(text) ?? 0;
  return {
    name: draft.name.trim(),
    calories: parseNumber(draft.calories) ?? 0,
    protein: optional(draft.protein),
    fat: optional(draft.fat),
    carbs: optional(draft.carbs),
    fiber: optional(draft.fiber),
    sugar: optional(draft.sugar),
    sodium: optional(draft.sodium),
  };
}
