import { describe, expect, it } from 'vitest';
import {
  keepShownNutrition,
  needsUsdaNutrition,
  nutritionFor,
  withUsdaNutrients,
} from '@/features/foods/utils/nutrition';
import { makeFood, makeUsdaFood } from '@/testing/foods';

describe('nutrition for a quantity', () => {
  it('gives whole calories and macros to one decimal', () => {
    expect(nutritionFor(makeFood(), 150)).toEqual({ calories: 134, protein: 1.7, fat: 0.5, carbs: 34.2 });
    expect(nutritionFor(makeFood(), 100)).toEqual({ calories: 89, protein: 1.1, fat: 0.3, carbs: 22.8 });
    expect(nutritionFor(makeFood(), 118)).toEqual({ calories: 105, protein: 1.3, fat: 0.4, carbs: 26.9 });
  });
});

describe('USDA nutrition', () => {
  const nutrients = { calories: 89, protein: 1.09, fat: 0.33, carbs: 22.84, fiber: 2.6, sugar: 12.23, sodium: 1 };

  it('asks for nutrients only for a USDA food without calories', () => {
    expect(needsUsdaNutrition(makeUsdaFood({ calories_per_100g: 0 }))).toBe(true);
    expect(needsUsdaNutrition(makeUsdaFood())).toBe(false);
    expect(needsUsdaNutrition(makeFood({ calories_per_100g: 0 }))).toBe(false);
    expect(needsUsdaNutrition(makeUsdaFood({ calories_per_100g: 0, fdc_id: null }))).toBe(false);
  });

  it('replaces the per-100 g values', () => {
    const food = withUsdaNutrients(makeUsdaFood({ calories_per_100g: 0, protein_per_100g: 0 }), nutrients);
    expect(food).toMatchObject({ calories_per_100g: 89, protein_per_100g: 1.09, sodium_per_100g: 1 });
  });

  it('keeps fetched values on a saved copy that has none', () => {
    const shown = withUsdaNutrients(makeUsdaFood({ calories_per_100g: 0 }), nutrients);
    const saved = makeUsdaFood({ id: 7, calories_per_100g: 0, protein_per_100g: 0 });
    expect(keepShownNutrition(saved, shown)).toMatchObject({ id: 7, calories_per_100g: 89, protein_per_100g: 1.09 });
    const savedWithValues = makeUsdaFood({ id: 7, calories_per_100g: 90 });
    expect(keepShownNutrition(savedWithValues, shown)).toBe(savedWithValues);
  });
});
