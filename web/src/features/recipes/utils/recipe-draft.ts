import type { Recipe, RecipeInput } from '@/features/recipes/types';
import type { Food, Nutrients, OptionalNutrient, SavedFood } from '@/types/food';

/** The server refuses servings outside 0 < servings ≤ 100. */
export const MAX_SERVINGS = 100;
/** What a picked food starts with, as on a food card. */
export const DEFAULT_INGREDIENT_GRAMS = 100;

/**
 * What the editor adds up as it goes: energy and the macros. Fibre, sugar and sodium,
 * which a food's source may not give, the server works out on saving.
 */
export type DraftNutrients = Omit<Nutrients, OptionalNutrient>;

/** An ingredient while editing: the grams as typed, the food's values per 100 g. */
export type DraftIngredient = {
  food_id: number;
  name: string;
  name_zh: string | null;
  grams: string;
  per100: DraftNutrients;
};

/** The recipe editor's fields as typed. */
export type RecipeDraft = {
  name: string;
  name_zh: string;
  servings: string;
  notes: string;
  ingredients: DraftIngredient[];
};

const NUTRIENTS = ['calories', 'protein', 'fat', 'carbs'] as const;

function nutrients(value: (nutrient: (typeof NUTRIENTS)[number]) => number): DraftNutrients {
  return Object.fromEntries(NUTRIENTS.map((n) => [n, value(n)])) as DraftNutrients;
}

export function emptyDraft(): RecipeDraft {
  return { name: '', name_zh: '', servings: '1', notes: '', ingredients: [] };
}

/** A saved recipe as editable fields; an ingredient's saved values give back its values per 100 g. */
export function draftFromRecipe(recipe: Recipe): RecipeDraft {
  return {
    name: recipe.name,
    name_zh: recipe.name_zh ?? '',
    servings: String(recipe.servings),
    notes: recipe.notes ?? '',
    ingredients: recipe.ingredients.map((line) => ({
      food_id: line.food_id,
      name: line.food_name,
      name_zh: line.food_name_zh ?? null,
      grams: String(line.quantity),
      per100: nutrients((n) => (line.quantity > 0 ? (line[n] * 100) / line.quantity : 0)),
    })),
  };
}

/** A picked food joins the ingredients; picking one already there adds to its grams. */
export function withIngredient(draft: RecipeDraft, food: SavedFood, grams = DEFAULT_INGREDIENT_GRAMS): RecipeDraft {
  const present = draft.ingredients.find((line) => line.food_id === food.id);
  if (present) {
    const sum = (parseGrams(present.grams) ?? 0) + grams;
    return {
      ...draft,
      ingredients: draft.ingredients.map((line) => (line === present ? { ...line, grams: String(sum) } : line)),
    };
  }
  const line: DraftIngredient = {
    food_id: food.id,
    name: food.name,
    name_zh: food.name_zh ?? null,
    grams: String(grams),
    per100: per100gOf(food),
  };
  return { ...draft, ingredients: [...draft.ingredients, line] };
}

function per100gOf(food: Food): DraftNutrients {
  return nutrients((n) => food[`${n}_per_100g`]);
}

/** Grams above 0, else null. */
export function parseGrams(text: string): number | null {
  if (text.trim() === '') return null;
  const grams = Number(text);
  return Number.isFinite(grams) && grams > 0 ? grams : null;
}

/** Servings within the server's range, else null. */
export function parseServings(text: string): number | null {
  if (text.trim() === '') return null;
  const servings = Number(text);
  return Number.isFinite(servings) && servings > 0 && servings <= MAX_SERVINGS ? servings : null;
}

export type DraftValues = {
  totalGrams: number;
  totals: DraftNutrients;
  /** Null until the servings are valid. */
  perServing: DraftNutrients | null;
  /** Null while the ingredients weigh nothing. */
  per100g: DraftNutrients | null;
};

/** What the recipe holds as typed so far; lines with unreadable grams count as nothing. */
export function draftValues(draft: RecipeDraft): DraftValues {
  const lines = draft.ingredients.map((line) => ({ line, grams: parseGrams(line.grams) ?? 0 }));
  const totalGrams = lines.reduce((sum, { grams }) => sum + grams, 0);
  const totals = nutrients((n) => lines.reduce((sum, { line, grams }) => sum + (line.per100[n] * grams) / 100, 0));
  const servings = parseServings(draft.servings);
  return {
    totalGrams,
    totals,
    perServing: servings === null ? null : nutrients((n) => totals[n] / servings),
    per100g: totalGrams > 0 ? nutrients((n) => (totals[n] * 100) / totalGrams) : null,
  };
}

export type DraftProblems = {
  name?: 'nameRequired';
  servings?: 'servingsRange';
  ingredients?: 'noIngredients' | 'gramsInvalid';
};

/** The draft as the server takes it, or what is wrong with it. */
export function checkDraft(draft: RecipeDraft): { input: RecipeInput } | { problems: DraftProblems } {
  const problems: DraftProblems = {};
  const name = draft.name.trim();
  if (!name) problems.name = 'nameRequired';
  const servings = parseServings(draft.servings);
  if (servings === null) problems.servings = 'servingsRange';
  const grams = draft.ingredients.map((line) => parseGrams(line.grams));
  if (draft.ingredients.length === 0) problems.ingredients = 'noIngredients';
  else if (grams.some((value) => value === null)) problems.ingredients = 'gramsInvalid';
  if (Object.keys(problems).length > 0 || servings === null) return { problems };

  const nameZh = draft.name_zh.trim();
  const notes = draft.notes.trim();
  return {
    input: {
      name,
      ...(nameZh ? { name_zh: nameZh } : {}),
      servings,
      ...(notes ? { notes } : {}),
      ingredients: draft.ingredients.map((line, i) => ({ food_id: line.food_id, quantity: grams[i] ?? 0 })),
    },
  };
}
