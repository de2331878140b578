import AMOUNT_WORDS from '@amount-words';
import { readAmount } from '@/lib/amount';
import { addedAmounts } from '@/lib/food-amounts';
import type { EditingMeal, EditingMealFood } from '@/lib/editing-meal';
import type { OptionalNutrient, SavedFood } from '@/types/food';
import { MEAL_TYPES, type MealType } from '@/types/meal';

/**
 * A food in the basket with its grams (SPEC 3 "Basket line"), and the amount they were
 * typed as ("2 slices"), which the save sends so the meal keeps it.
 */
export type FoodLine = {
  food: SavedFood;
  quantity: number;
  amount?: string;
  /** The food's nutrition changed after it was added (an edited custom food). */
  updated?: boolean;
};

/** Calories without a food (issue 8 "Quick add"); the server names it "Quick add" when unnamed. */
export type QuickAdd = { name?: string; calories: number; protein?: number; fat?: number; carbs?: number };

/** A quick add in the basket; `id` tells two of them apart. */
export type QuickLine = { id: string; quick_add: QuickAdd };

export type BasketLine = FoodLine | QuickLine;

export function isQuickLine(line: BasketLine): line is QuickLine {
  return 'quick_add' in line;
}

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

function isFoodLine(value: object): value is FoodLine {
  const { food, quantity, amount } = value as Partial<FoodLine>;
  return (
    typeof food === 'object' &&
    food !== null &&
    typeof food.id === 'number' &&
    typeof food.name === 'string' &&
    isNumber(quantity) &&
    quantity > 0 &&
    (amount === undefined || typeof amount === 'string')
  );
}

function isStoredQuickLine(value: object): value is QuickLine {
  const { id, quick_add: quick } = value as Partial<QuickLine>;
  return typeof id === 'string' && typeof quick === 'object' && quick !== null && isNumber(quick.calories);
}

/**
 * The stored basket, or an empty one when nothing (or nothing readable) is stored.
 * Baskets stored before amounts and quick adds are food lines without `amount`.
 */
export function parseBasket(raw: string | null): BasketLine[] {
  if (raw === null) return [];
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value)) return [];
    return value.filter(
      (item): item is BasketLine =>
        typeof item === 'object' && item !== null && (isFoodLine(item) || isStoredQuickLine(item)),
    );
  } catch {
    return [];
  }
}

/** SPEC 5: basket quantities are at least 1 g. */
export const MIN_LINE_GRAMS = 1;
/** The meals API takes at most this much of one food in a meal. */
export const MAX_LINE_GRAMS = 10_000;

/** Whether grams can stand as a line's quantity (a save would be refused otherwise). */
export function isLineQuantity(grams: number): boolean {
  return Number.isFinite(grams) && grams >= MIN_LINE_GRAMS && grams <= MAX_LINE_GRAMS;
}

/** A food line, with `amount` only when there is one (stored lines stay as they were). */
function foodLine(food: SavedFood, quantity: number, amount: string | undefined, updated?: boolean): FoodLine {
  return { food, quantity, ...(amount ? { amount } : {}), ...(updated ? { updated } : {}) };
}

/** SPEC 4: a food already present gets the quantity added; otherwise it is appended. */
export function addFood(
  lines: readonly BasketLine[],
  food: SavedFood,
  quantity: number,
  amount?: string,
): BasketLine[] {
  const index = lines.findIndex((line) => !isQuickLine(line) && line.food.id === food.id);
  if (index === -1) return [...lines, foodLine(food, quantity, amount)];
  return lines.map((line, at) =>
    at !== index || isQuickLine(line)
      ? line
      : foodLine(line.food, line.quantity + quantity, addedAmounts(line.food, line.amount, amount), line.updated),
  );
}

/**
 * The food's line takes its new nutrition and is flagged updated; null when it is not in
 * the basket. Its amount stays only while the new portions still read it as its grams.
 */
export function updateFood(lines: readonly BasketLine[], food: SavedFood): BasketLine[] | null {
  if (!lines.some((line) => !isQuickLine(line) && line.food.id === food.id)) return null;
  return lines.map((line) => {
    if (isQuickLine(line) || line.food.id !== food.id) return line;
    const reading = line.amount ? readAmount(line.amount, food.portions, food.is_drink) : null;
    const keeps = reading?.ok === true && Math.abs(reading.grams - line.quantity) <= 0.1;
    return foodLine(food, line.quantity, keeps ? line.amount : undefined, true);
  });
}

/** The basket without the food; null when it is not in the basket. */
export function removeFood(lines: readonly BasketLine[], foodId: number): BasketLine[] | null {
  const rest = lines.filter((line) => isQuickLine(line) || line.food.id !== foodId);
  return rest.length === lines.length ? null : rest;
}

/**
 * SPEC 4: a quantity of 0 or less removes the line; a new quantity clears the updated
 * flag, and takes the amount it was typed as (none for plain grams).
 */
export function setQuantity(
  lines: readonly BasketLine[],
  foodId: number,
  quantity: number,
  amount?: string,
): BasketLine[] {
  const isFood = (line: BasketLine) => !isQuickLine(line) && line.food.id === foodId;
  if (!Number.isFinite(quantity) || quantity <= 0) return lines.filter((line) => !isFood(line));
  return lines.map((line) => (isFood(line) && !isQuickLine(line) ? foodLine(line.food, quantity, amount) : line));
}

/** A new id for a quick add: unique enough within one person's basket. */
export function newQuickLineId(): string {
  return `quick-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}

export function addQuickAdd(lines: readonly BasketLine[], quick: QuickAdd, id = newQuickLineId()): BasketLine[] {
  return [...lines, { id, quick_add: quick }];
}

export function removeQuickAdd(lines: readonly BasketLine[], id: string): BasketLine[] {
  return lines.filter((line) => !isQuickLine(line) || line.id !== id);
}

export type BasketTotals = { calories: number; protein: number; fat: number; carbs: number };

const round1 = (value: number) => Math.round(value * 10) / 10;

/**
 * What a line holds, rounded as the server keeps a meal line (to 1 decimal, models
 * `Nutrients::for_grams`): a food's share of its per-100 g values, or a quick add's own.
 * A saved meal's totals are the sum of its rounded lines, so the basket's are too.
 */
function lineNutrition(line: BasketLine): BasketTotals {
  // The server keeps a quick add as 100 g of its values (models `MealLine::quick`).
  const asLine = (per100: number, grams: number) => round1((per100 * grams) / 100);
  if (isQuickLine(line)) {
    const { calories, protein = 0, fat = 0, carbs = 0 } = line.quick_add;
    const own = (value: number) => asLine(value, 100);
    return { calories: own(calories), protein: own(protein), fat: own(fat), carbs: own(carbs) };
  }
  const share = (per100: number) => asLine(per100, line.quantity);
  const { food } = line;
  return {
    calories: share(food.calories_per_100g),
    protein: share(food.protein_per_100g),
    fat: share(food.fat_per_100g),
    carbs: share(food.carbs_per_100g),
  };
}

/**
 * SPEC 9: calories whole in the basket, macros to 1 decimal: the sum of the lines as the
 * server rounds them, so the saved meal shows the same figures.
 */
export function basketTotals(lines: readonly BasketLine[]): BasketTotals {
  const sum = (pick: (values: BasketTotals) => number) =>
    lines.reduce((total, line) => total + pick(lineNutrition(line)), 0);
  return {
    calories: Math.round(sum((v) => v.calories)),
    protein: round1(sum((v) => v.protein)),
    fat: round1(sum((v) => v.fat)),
    carbs: round1(sum((v) => v.carbs)),
  };
}

/**
 * A total of fibre, sugar or sodium. `value` adds up the lines that give it (null when
 * none does); `partial` when others do not (their food's source does not give it, or a
 * quick add of calories), so the whole is at least `value`.
 */
export type PartialTotal = { value: number | null; partial: boolean };

/** Fibre and sugar in g, sodium in mg: each line's share to 1 decimal, as for the macros. */
export function basketOptionalTotals(lines: readonly BasketLine[]): Record<OptionalNutrient, PartialTotal> {
  const total = (nutrient: OptionalNutrient): PartialTotal => {
    let sum = 0;
    let given = 0;
    for (const line of lines) {
      if (isQuickLine(line)) continue;
      const per100 = line.food[`${nutrient}_per_100g`] ?? null;
      if (per100 === null) continue;
      sum += round1((per100 * line.quantity) / 100);
      given += 1;
    }
    if (given === 0 && lines.length > 0) return { value: null, partial: false };
    return { value: round1(sum), partial: given < lines.length };
  };
  return { fiber: total('fiber'), sugar: total('sugar'), sodium: total('sodium') };
}

/** Calories of one line, whole (of the line's 1-decimal value, as a saved meal line shows it). */
export function lineCalories(line: BasketLine): number {
  return Math.round(lineNutrition(line).calories);
}

export function isMealType(value: unknown): value is MealType {
  return typeof value === 'string' && (MEAL_TYPES as readonly string[]).includes(value);
}

/** SPEC 4: the meal type of the time's hour band (the server's bands, models/data/amount_words.json), else snack. */
export function mealTypeAt(time: Date): MealType {
  const hour = time.getHours();
  const band = AMOUNT_WORDS.meal_type_hours.find(({ from, until }) => hour >= from && hour < until);
  return band && isMealType(band.meal_type) ? band.meal_type : 'snack';
}

/**
 * A meal's food as a basket food: a meal line carries the names and the per-100 g values
 * it was saved with, which is all the basket shows and adds up. A line logged by an
 * amount ("2 slices" = 60 g) gives the food that one portion, so the amount can be read
 * again in the basket.
 */
export function foodFromMealLine(line: EditingMealFood, foodId: number): SavedFood {
  const per = line.per_100g;
  const portions = line.amount && line.quantity ? [{ grams: line.quantity, name: line.amount, name_zh: null }] : [];
  return {
    id: foodId,
    name: line.food_name,
    name_zh: line.food_name_zh,
    pinyin: null,
    brand: line.brand,
    barcode: null,
    image_url: null,
    nutrition_grade: null,
    calories_per_100g: per.calories,
    protein_per_100g: per.protein,
    fat_per_100g: per.fat,
    carbs_per_100g: per.carbs,
    fiber_per_100g: per.fiber,
    sugar_per_100g: per.sugar,
    sodium_per_100g: per.sodium,
    serving_size: 100,
    serving_unit: 'g',
    portions,
    served_by_item: false,
    is_custom: false,
    is_usda: false,
    fdc_id: null,
    usda_description: null,
    description: null,
    data_source: 'catalogue',
    data_quality: 'unknown',
    ingredients: null,
    is_owner: false,
    is_favorite: false,
    is_recipe: false,
    // A line's amount is its own portion ("250 ml" = the grams logged): no water to assume.
    is_drink: false,
    per_serving: null,
    created_at: null,
  };
}

/** A saved quick-add line as it is sent back. */
function quickAddFromMealLine(line: EditingMealFood): QuickAdd {
  return {
    name: line.food_name,
    calories: line.calories ?? 0,
    protein: line.protein ?? 0,
    fat: line.fat ?? 0,
    carbs: line.carbs ?? 0,
  };
}

/** The basket lines of a saved meal: quick adds kept, lines of foods that no longer exist left out. */
export function linesFromMeal(meal: EditingMeal): BasketLine[] {
  let lines: BasketLine[] = [];
  for (const line of meal.foods) {
    if (line.is_quick_add) lines = addQuickAdd(lines, quickAddFromMealLine(line));
    else if (typeof line.food_id === 'number' && typeof line.quantity === 'number')
      lines = addFood(lines, foodFromMealLine(line, line.food_id), line.quantity, line.amount ?? undefined);
  }
  return lines;
}

/** A saved meal's lines with the basket's added to them: a food in both gets its grams added up. */
export function mergedLines(meal: EditingMeal, basket: readonly BasketLine[]): BasketLine[] {
  let lines = linesFromMeal(meal);
  for (const line of basket) {
    lines = isQuickLine(line) ? addQuickAdd(lines, line.quick_add, line.id) : addFood(lines, line.food, line.quantity, line.amount);
  }
  return lines;
}

/** Lines of the meal being edited that cannot be sent back: their food was deleted. */
export function missingMealLines(meal: EditingMeal): number {
  return meal.foods.filter((line) => line.food_id === null && !line.is_quick_add).length;
}

export type MealLinePayload =
  | { food_id: number; quantity: number; amount?: string; refresh?: boolean }
  | { quick_add: QuickAdd };

/** What a save sends (SPEC 3 "Meal save payload"). */
export type MealSavePayload = {
  name: string;
  /** UTC ISO date-time (contains T). */
  date: string;
  meal_type: MealType;
  foods: MealLinePayload[];
};

/**
 * The basket as a meal: a line flagged updated asks the server for the food's current
 * values; others keep what the meal was saved with. A line's amount goes with its grams
 * (the server reads the amount, the grams say the same). The meal type is the one chosen,
 * else the hour band of the time (SPEC 4).
 */
export function mealPayload(
  lines: readonly BasketLine[],
  name: string,
  time: Date,
  mealType: MealType = mealTypeAt(time),
): MealSavePayload {
  return {
    name,
    date: time.toISOString(),
    meal_type: mealType,
    foods: lines.map((line) =>
      isQuickLine(line)
        ? { quick_add: line.quick_add }
        : {
            food_id: line.food.id,
            quantity: line.quantity,
            ...(line.amount ? { amount: line.amount } : {}),
            ...(line.updated ? { refresh: true } : {}),
          },
    ),
  };
}
