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
