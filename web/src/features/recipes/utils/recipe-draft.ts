import type { Language } from '@/config/constants';
import type { Recipe, RecipeInput } from '@/features/recipes/types';
import { readAmount, type AmountReading } from '@/lib/amount';
import { addedAmounts, startingAmount } from '@/lib/food-amounts';
import type { Food, FoodPortion, Nutrients, OptionalNutrient, SavedFood } from '@/types/food';

/** The server refuses servings outside 0 < servings ≤ 100. */
export const MAX_SERVINGS = 100;

/**
 * What the editor adds up as it goes: energy and the macros. Fibre, sugar and sodium,
 * which a food's source may not give, the server works out on saving.
 */
export type DraftNutrients = Omit<Nutrients, OptionalNutrient>;

/**
 * An ingredient while editing: its amount as typed, grams ("150") or a unit of the food
 * ("2 eggs", "1 碗", "半斤"), read as the basket reads one; the food's values per 100 g.
 */
export type DraftIngredient = {
  food_id: number;
  name: string;
  name_zh: string | null;
  amount: string;
  /** What the amount is read against: the food's portions, and whether it is a drink. */
  portions: FoodPortion[];
  is_drink: boolean;
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

/**
 * A saved recipe as editable fields; an ingredient's saved values give back its values per
 * 100 g. Its amount reads against its food's portions ("1 slice" for one saved as 100 g),
 * and one saved by an amount ("2 eggs" = 100 g) against that amount too, first, so it
 * reads again as it was typed ("3 eggs" too).
 */
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
      amount: line.amount ?? String(line.quantity),
      portions: [
        ...(line.amount ? [{ grams: line.quantity, name: line.amount, name_zh: null }] : []),
        ...line.portions.filter((p) => p.name !== line.amount),
      ],
      is_drink: line.is_drink,
      per100: nutrients((n) => (line.quantity > 0 ? (line[n] * 100) / line.quantity : 0)),
    })),
  };
}

/**
 * A picked food joins the ingredients at the amount a food card starts with (100 g; one
 * serving of a recipe; the first portion of one's own food); picking one already there
 * adds that to its amount ("1 egg" and "1 egg" are "2 eggs", else the grams add up).
 */
export function withIngredient(draft: RecipeDraft, food: SavedFood, language: Language): RecipeDraft {
  const start = startingAmount(food, language);
  const present = draft.ingredients.find((line) => line.food_id === food.id);
  if (present) {
    const sum = (ingredientGrams(present) ?? 0) + start.grams;
    const amount = addedAmounts(present, present.amount, start.label ?? undefined) ?? String(Math.round(sum * 10) / 10);
    return {
      ...draft,
      ingredients: draft.ingredients.map((line) => (line === present ? { ...line, amount } : line)),
    };
  }
  const line: DraftIngredient = {
    food_id: food.id,
    name: food.name,
    name_zh: food.name_zh ?? null,
    amount: start.label ?? String(start.grams),
    portions: food.portions,
    is_drink: food.is_drink,
    per100: per100gOf(food),
  };
  return { ...draft, ingredients: [...draft.ingredients, line] };
}

function per100gOf(food: Food): DraftNutrients {
  return nutrients((n) => food[`${n}_per_100g`]);
}

/** The ingredient's amount read against its food ("2 eggs" = 100 g), as the basket reads one. */
export function readIngredient(line: DraftIngredient): AmountReading {
  return readAmount(line.amount, line.portions, line.is_drink);
}

/** The ingredient's grams, or null while its amount does not read. */
export function ingredientGrams(line: DraftIngredient): number | null {
  const reading = readIngredient(line);
  return reading.ok ? reading.grams : null;
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

/** What the recipe holds as typed so far; lines whose amount does not read count as nothing. */
export function draftValues(draft: RecipeDraft): DraftValues {
  const lines = draft.ingredients.map((line) => ({ line, grams: ingredientGrams(line) ?? 0 }));
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
  ingredients?: 'noIngredients' | 'amountInvalid';
};

/** The draft as the server takes it, or what is wrong with it. */
export function checkDraft(draft: RecipeDraft): { input: RecipeInput } | { problems: DraftProblems } {
  const problems: DraftProblems = {};
  const name = draft.name.trim();
  if (!name) problems.name = 'nameRequired';
  const servings = parseServings(draft.servings);
  if (servings === null) problems.servings = 'servingsRange';
  const readings = draft.ingredients.map(readIngredient);
  if (draft.ingredients.length === 0) problems.ingredients = 'noIngredients';
  else if (readings.some((reading) => !reading.ok)) problems.ingredients = 'amountInvalid';
  if (Object.keys(problems).length > 0 || servings === null) return { problems };

  const nameZh = draft.name_zh.trim();
  const notes = draft.notes.trim();
  return {
    input: {
      name,
      ...(nameZh ? { name_zh: nameZh } : {}),
      servings,
      ...(notes ? { notes } : {}),
      // An amount in a unit goes as typed: the server reads it against the food, and keeps it.
      ingredients: draft.ingredients.map((line, i) => {
        const reading = readings[i];
        const quantity = reading?.ok ? reading.grams : 0;
        return reading?.ok && reading.unit !== null
          ? { food_id: line.food_id, quantity, amount: line.amount.trim() }
          : { food_id: line.food_id, quantity };
      }),
    },
  };
}
