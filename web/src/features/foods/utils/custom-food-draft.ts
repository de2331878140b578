import type { CustomFoodInput } from '@/features/foods/api/create-food';
import { MICRONUTRIENT_KEYS, OPTIONAL_NUTRIENTS, type Food, type FoodPortion, type MicronutrientKey, type Micronutrients } from '@/types/food';

/** A portion as typed: "1 slice" (and "1 片") of so many grams. */
export type PortionDraft = { name: string; name_zh: string; grams: string };

/** The custom food form as typed (SPEC 3): every value per 100 g, sodium in mg; its portions. */
export type CustomFoodDraft = {
  name: string;
  calories: string;
  protein: string;
  fat: string;
  carbs: string;
  fiber: string;
  sugar: string;
  sodium: string;
  /** Vitamins, minerals and fats as typed; empty or absent is not given. */
  micronutrients: Partial<Record<MicronutrientKey, string>>;
  portions: PortionDraft[];
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
  micronutrients: {},
  portions: [],
};

/**
 * The vitamins, minerals and fats the form offers for every food: those labels most
 * often give. A food edited or copied also shows any other it has a value for.
 */
export const FORM_MICRONUTRIENTS: readonly MicronutrientKey[] = [
  'vitamin_a_ug',
  'vitamin_c_mg',
  'vitamin_d_ug',
  'calcium_mg',
  'iron_mg',
  'magnesium_mg',
  'potassium_mg',
  'zinc_mg',
  'saturated_fat_g',
  'cholesterol_mg',
];

// The foods API's bounds for portions (issue 8).
export const MAX_PORTIONS = 20;
export const MAX_PORTION_NAME = 60;
export const MAX_PORTION_GRAMS = 5000;

export const EMPTY_PORTION: PortionDraft = { name: '', name_zh: '', grams: '' };

/**
 * Pre-fills the form from a food (edit or copy), with `name` as shown to the person. A
 * nutrient the food's source does not give stays empty: unknown, not 0.
 */
export function draftFromFood(food: Food, name: string): CustomFoodDraft {
  const text = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value));
  return {
    name,
    calories: text(food.calories_per_100g),
    protein: text(food.protein_per_100g),
    fat: text(food.fat_per_100g),
    carbs: text(food.carbs_per_100g),
    fiber: text(food.fiber_per_100g),
    sugar: text(food.sugar_per_100g),
    sodium: text(food.sodium_per_100g),
    micronutrients: micronutrientDraft(food),
    portions: food.portions.map((portion) => ({
      // A portion named in Chinese only keeps that name in both (portionFromDraft).
      name: portion.name === portion.name_zh ? '' : portion.name,
      name_zh: portion.name_zh ?? '',
      grams: text(portion.grams),
    })),
  };
}

/**
 * A food's vitamins, minerals and fats as the form starts with them. A dish's value
 * worked out from only part of its ingredients is left out: a copy would keep it as
 * the whole.
 */
function micronutrientDraft(food: Food): CustomFoodDraft['micronutrients'] {
  const draft: CustomFoodDraft['micronutrients'] = {};
  for (const key of MICRONUTRIENT_KEYS) {
    const value = food.micronutrients?.[key] ?? null;
    const partial = (food.micronutrient_coverage?.[key] ?? 1) < 1;
    if (value !== null && !partial) draft[key] = String(value);
  }
  return draft;
}

/** The micronutrient fields of a form that starts as `draft`: the common ones and any it has a value for, in order. */
export function micronutrientFields(draft: CustomFoodDraft): MicronutrientKey[] {
  return MICRONUTRIENT_KEYS.filter((key) => FORM_MICRONUTRIENTS.includes(key) || (draft.micronutrients[key] ?? '').trim() !== '');
}

/** How many micronutrients are given. */
export function givenMicronutrients(draft: CustomFoodDraft): number {
  return MICRONUTRIENT_KEYS.filter((key) => parseNumber(draft.micronutrients[key] ?? '') !== null).length;
}

/** The nutrients the food's source does not give: their fields start empty and say why. */
export function unknownNutrients(food: Food): ReadonlySet<string> {
  return new Set(OPTIONAL_NUTRIENTS.filter((nutrient) => food[`${nutrient}_per_100g`] === null));
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

export type PortionProblem = { index: number; problem: 'portionNameRequired' | 'portionNameTooLong' | 'portionGrams' };

/**
 * The first portion the server would refuse, so the form can say which one and why. A
 * name in either language will do: "1 张" alone is a portion.
 */
export function portionProblem(portions: readonly PortionDraft[]): PortionProblem | null {
  for (const [index, portion] of portions.entries()) {
    const name = portion.name.trim();
    if (name === '' && portion.name_zh.trim() === '') return { index, problem: 'portionNameRequired' };
    if (name.length > MAX_PORTION_NAME || portion.name_zh.trim().length > MAX_PORTION_NAME)
      return { index, problem: 'portionNameTooLong' };
    const grams = parseNumber(portion.grams);
    if (grams === null || grams <= 0 || grams > MAX_PORTION_GRAMS) return { index, problem: 'portionGrams' };
  }
  return null;
}

/**
 * The portion as the server keeps it. It needs a `name`: one named in Chinese only is
 * sent with that name in both, which reads back as a Chinese name only (draftFromFood),
 * and its measure word is the unit the quantity box reads ("2 张").
 */
function portionFromDraft(portion: PortionDraft): FoodPortion {
  const name = portion.name.trim();
  const nameZh = portion.name_zh.trim();
  return { grams: parseNumber(portion.grams) ?? 0, name: name || nameZh, name_zh: nameZh || null };
}

/**
 * The payload of a valid draft: protein, fat or carbs left empty or invalid become 0
 * (SPEC 5); fibre, sugar or sodium left so are not sent: unknown, never 0 (a copy of a
 * food whose source does not give them keeps them unknown). Vitamins, minerals and fats
 * only those given, never 0 for one left empty; none, no object. Portions only when
 * there are any (an edit sends none to clear them).
 */
export function inputFromDraft(draft: CustomFoodDraft): CustomFoodInput {
  const optional = (text: string) => parseNumber(text) ?? 0;
  const input: CustomFoodInput = {
    name: draft.name.trim(),
    calories: parseNumber(draft.calories) ?? 0,
    protein: optional(draft.protein),
    fat: optional(draft.fat),
    carbs: optional(draft.carbs),
  };
  for (const nutrient of OPTIONAL_NUTRIENTS) {
    const value = parseNumber(draft[nutrient]);
    if (value !== null) input[nutrient] = value;
  }
  const micronutrients: Partial<Micronutrients> = {};
  for (const key of MICRONUTRIENT_KEYS) {
    const value = parseNumber(draft.micronutrients[key] ?? '');
    if (value !== null) micronutrients[key] = value;
  }
  if (Object.keys(micronutrients).length > 0) input.micronutrients = micronutrients;
  if (draft.portions.length > 0) input.portions = draft.portions.map(portionFromDraft);
  return input;
}

/**
 * What an edit sends of the micronutrients: every key, null for each not given, so one
 * emptied is cleared, whether the server replaces the food's values or merges them.
 */
export function everyMicronutrient(given: Partial<Micronutrients> | undefined): Micronutrients {
  return Object.fromEntries(MICRONUTRIENT_KEYS.map((key) => [key, given?.[key] ?? null])) as Micronutrients;
}
