import type { EditingMeal, EditingMealFood } from '@/lib/editing-meal';
import type { SavedFood } from '@/types/food';

/** A food in the basket with its quantity in grams (SPEC 3 "Basket line"). */
export type BasketLine = {
  food: SavedFood;
  quantity: number;
  /** The food's nutrition changed after it was added (an edited custom food). */
  updated?: boolean;
};

function isLine(value: unknown): value is BasketLine {
  if (typeof value !== 'object' || value === null) return false;
  const { food, quantity } = value as Partial<BasketLine>;
  return (
    typeof food === 'object' &&
    food !== null &&
    typeof food.id === 'number' &&
    typeof food.name === 'string' &&
    typeof quantity === 'number' &&
    Number.isFinite(quantity) &&
    quantity > 0
  );
}

/** The stored basket, or an empty one when nothing (or nothing readable) is stored. */
export function parseBasket(raw: string | null): BasketLine[] {
  if (raw === null) return [];
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) ? value.filter(isLine) : [];
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

/** SPEC 4: a food already present gets the quantity added; otherwise it is appended. */
export function addFood(lines: readonly BasketLine[], food: SavedFood, quantity: number): BasketLine[] {
  const index = lines.findIndex((line) => line.food.id === food.id);
  if (index === -1) return [...lines, { food, quantity }];
  return lines.map((line, at) => (at === index ? { ...line, quantity: line.quantity + quantity } : line));
}

/** The food's line takes its new nutrition and is flagged updated; null when it is not in the basket. */
export function updateFood(lines: readonly BasketLine[], food: SavedFood): BasketLine[] | null {
  if (!lines.some((line) => line.food.id === food.id)) return null;
  return lines.map((line) => (line.food.id === food.id ? { ...line, food, updated: true } : line));
}

/** The basket without the food; null when it is not in the basket. */
export function removeFood(lines: readonly BasketLine[], foodId: number): BasketLine[] | null {
  const rest = lines.filter((line) => line.food.id !== foodId);
  return rest.length === lines.length ? null : rest;
}

/** SPEC 4: a quantity of 0 or less removes the line; a new quantity clears the updated flag. */
export function setQuantity(lines: readonly BasketLine[], foodId: number, quantity: number): BasketLine[] {
  if (!Number.isFinite(quantity) || quantity <= 0) return lines.filter((line) => line.food.id !== foodId);
  return lines.map((line) => (line.food.id === foodId ? { food: line.food, quantity } : line));
}

export type BasketTotals = { calories: number; protein: number; fat: number; carbs: number };

const round1 = (value: number) => Math.round(value * 10) / 10;

/** SPEC 9: calories whole in the basket, macros to 1 decimal. */
export function basketTotals(lines: readonly BasketLine[]): BasketTotals {
  const sum = (per100: (line: BasketLine) => number) =>
    lines.reduce((total, line) => total + (per100(line) * line.quantity) / 100, 0);
  return {
    calories: Math.round(sum((l) => l.food.calories_per_100g)),
    protein: round1(sum((l) => l.food.protein_per_100g)),
    fat: round1(sum((l) => l.food.fat_per_100g)),
    carbs: round1(sum((l) => l.food.carbs_per_100g)),
  };
}

/** Calories of one line, whole. */
export function lineCalories(line: BasketLine): number {
  return Math.round((line.food.calories_per_100g * line.quantity) / 100);
}

export type MealType = 'breakfast' | 'lunch' | 'dinner' | 'snack';

/** SPEC 4: 5 to before 11 breakfast, 11 to before 16 lunch, 16 to before 22 dinner, else snack. */
export function mealTypeAt(time: Date): MealType {
  const hour = time.getHours();
  if (hour >= 5 && hour < 11) return 'breakfast';
  if (hour >= 11 && hour < 16) return 'lunch';
  if (hour >= 16 && hour < 22) return 'dinner';
  return 'snack';
}

/**
 * A meal's food as a basket food: a meal line carries the names and the per-100 g values
 * it was saved with, which is all the basket shows and adds up.
 */
export function foodFromMealLine(line: EditingMealFood, foodId: number): SavedFood {
  const per = line.per_100g;
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
    portions: [],
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
    per_serving: null,
    created_at: null,
  };
}

/** The basket lines of a saved meal (lines of foods that no longer exist are left out). */
export function linesFromMeal(meal: EditingMeal): BasketLine[] {
  let lines: BasketLine[] = [];
  for (const line of meal.foods) {
    if (line.food_id === null) continue;
    lines = addFood(lines, foodFromMealLine(line, line.food_id), line.quantity);
  }
  return lines;
}

/** What a save sends (SPEC 3 "Meal save payload"). */
export type MealSavePayload = {
  name: string;
  /** UTC ISO date-time (contains T). */
  date: string;
  meal_type: MealType;
  foods: { food_id: number; quantity: number; refresh?: boolean }[];
};

/**
 * The basket as a meal: a line flagged updated asks the server for the food's current
 * values; others keep what the meal was saved with.
 */
export function mealPayload(lines: readonly BasketLine[], name: string, time: Date): MealSavePayload {
  return {
    name,
    date: time.toISOString(),
    meal_type: mealTypeAt(time),
    foods: lines.map((line) => ({
      food_id: line.food.id,
      quantity: line.quantity,
      ...(line.updated ? { refresh: true } : {}),
    })),
  };
}
