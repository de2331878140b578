import type { Language } from '@/config/constants';
import { portionAmount, readAmount } from '@/lib/amount';
import type { Food, FoodPortion } from '@/types/food';

/** SPEC 9: the default portion. */
export const DEFAULT_GRAMS = 100;

/** An amount of a food: grams, and the amount they are named by ("2 slices") when not plain grams. */
export type FoodAmount = { grams: number; label: string | null };

/** Whether an amount ("2 slices") is a unit of the food that weighs the grams (a plain number is not). */
export function readsAs(
  amount: string,
  grams: number,
  food: { portions: readonly FoodPortion[]; is_drink?: boolean },
): boolean {
  const reading = readAmount(amount, food.portions, food.is_drink ?? false);
  return reading.ok && reading.unit !== null && Math.abs(reading.grams - grams) <= 0.1;
}

/** The food's first portion, named as a quantity box reads it back; null without portions. */
export function firstPortionAmount(food: Food, language: Language): FoodAmount | null {
  const portion = food.portions[0];
  if (!portion) return null;
  const name = portionAmount(portion, food.portions, language === 'zh');
  return { grams: portion.grams, label: readsAs(name, portion.grams, food) ? name : null };
}

/**
 * The amount a food is first offered at when added: 100 g (SPEC 9), except for a
 * person's own food with portions, whose first portion is how they said it is eaten (a
 * label's serving size, "1 serving" of 55 g, is put first), and a recipe, one serving.
 */
export function startingAmount(food: Food, language: Language): FoodAmount {
  const own = food.is_custom || food.is_recipe;
  return (own ? firstPortionAmount(food, language) : null) ?? { grams: DEFAULT_GRAMS, label: null };
}

/** A portion's name in the language, the other one where it has none. */
export function portionName(portion: FoodPortion, language: Language): string {
  return language === 'zh' && portion.name_zh ? portion.name_zh : portion.name;
}

/** Whether a portion's name already says its weight: "1 liang (50 g)", "1 两（50克）". */
export function namesItsGrams(name: string, grams: number): boolean {
  const weights = name.matchAll(/(\d+(?:[.,]\d+)?)\s*(?:g|grams?|克)(?![\p{L}])/giu);
  return [...weights].some((match) => Math.abs(Number(match[1]?.replace(',', '.')) - grams) < 0.05);
}

type Measured = { portions: readonly FoodPortion[]; is_drink?: boolean };

/**
 * The amount two amounts of a food make: "1 bowl" and "2 bowls" are "3 bowls"; amounts
 * in different units (or grams) have no one name, so the grams stand alone (undefined).
 */
export function addedAmounts(food: Measured, first: string | undefined, second: string | undefined): string | undefined {
  if (!first || !second) return undefined;
  const a = readAmount(first, food.portions, food.is_drink ?? false);
  const b = readAmount(second, food.portions, food.is_drink ?? false);
  if (!a.ok || !b.ok || a.unit === null || a.unit !== b.unit) return undefined;
  // The newer spelling, unless only the older one is written for more than one ("slices").
  const unitText = b.count === 1 && a.count !== 1 ? a.unitText : b.unitText;
  return `${Math.round((a.count + b.count) * 100) / 100} ${unitText}`;
}
