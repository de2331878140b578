import { describe, expect, it } from 'vitest';
import {
  addFood,
  basketTotals,
  isLineQuantity,
  linesFromMeal,
  mealPayload,
  mealTypeAt,
  parseBasket,
  removeFood,
  setQuantity,
  updateFood,
  type BasketLine,
} from '@/features/basket/utils/basket';
import { makeFood } from '@/testing/foods';
import type { SavedFood } from '@/types/food';

const banana = makeFood() as SavedFood;
const rice = makeFood({ id: 2, name: 'Rice, white, cooked', name_zh: '米饭' }) as SavedFood;

describe('basket rules', () => {
  it('appends a new food and adds to the quantity of one already present', () => {
    let lines: BasketLine[] = [];
    lines = addFood(lines, banana, 150);
    lines = addFood(lines, rice, 200);
    lines = addFood(lines, banana, 100);
    expect(lines).toEqual([
      { food: banana, quantity: 250 },
      { food: rice, quantity: 200 },
    ]);
  });

  it('gives an edited food its new nutrition and flags the line updated', () => {
    const lines = addFood([], banana, 100);
    const edited = { ...banana, calories_per_100g: 95 };
    expect(updateFood(lines, edited)).toEqual([{ food: edited, quantity: 100, updated: true }]);
    expect(updateFood(lines, rice)).toBeNull();
  });

  it('removes a food, and says when it was not there', () => {
    const lines = addFood(addFood([], banana, 100), rice, 50);
    expect(removeFood(lines, banana.id)).toEqual([{ food: rice, quantity: 50 }]);
    expect(removeFood(lines, 99)).toBeNull();
  });

  it('reads what is stored, dropping what it cannot use', () => {
    expect(parseBasket(null)).toEqual([]);
    expect(parseBasket('not json')).toEqual([]);
    expect(parseBasket('{"food":1}')).toEqual([]);
    const stored = JSON.stringify([
      { food: banana, quantity: 120, updated: true },
      { food: { name: 'no id' }, quantity: 10 },
      { food: rice, quantity: 0 },
      { food: rice, quantity: '5' },
    ]);
    expect(parseBasket(stored)).toEqual([{ food: banana, quantity: 120, updated: true }]);
  });
});

describe('basket quantities, totals and the meal it saves', () => {
  const cooked = { ...banana, id: 7, name: 'Rice, white, cooked', calories_per_100g: 116, protein_per_100g: 2.6, fat_per_100g: 0.3, carbs_per_100g: 25.9 };

  it('a quantity of 0 or less removes the line; a new one clears the updated flag', () => {
    const lines = [{ food: cooked, quantity: 100, updated: true }];
    expect(setQuantity(lines, 7, 150)).toEqual([{ food: cooked, quantity: 150 }]);
    expect(setQuantity(lines, 7, 0)).toEqual([]);
    expect(setQuantity(lines, 7, -3)).toEqual([]);
  });

  it('allows 1 to 10000 g on a line', () => {
    expect([1, 150.5, 10_000].every(isLineQuantity)).toBe(true);
    expect([0, 0.5, 10_000.1, Number.NaN, Number.POSITIVE_INFINITY].some(isLineQuantity)).toBe(false);
  });

  it('totals calories whole and macros to one decimal', () => {
    const totals = basketTotals([
      { food: cooked, quantity: 150 },
      { food: cooked, quantity: 33 },
    ]);
    expect(totals).toEqual({ calories: 212, protein: 4.8, fat: 0.5, carbs: 47.4 });
  });

  it('picks the meal type from the hour bands', () => {
    const at = (h: number) => mealTypeAt(new Date(2026, 10, 23, h, 30));
    expect([4, 5, 10, 11, 15, 16, 21, 22].map(at)).toEqual([
      'snack', 'breakfast', 'breakfast', 'lunch', 'lunch', 'dinner', 'dinner', 'snack',
    ]);
  });

  it('saves UTC times, and asks for new values only for updated lines', () => {
    const time = new Date(Date.UTC(2026, 10, 23, 4, 30));
    const payload = mealPayload([{ food: cooked, quantity: 150 }, { food: { ...cooked, id: 8 }, quantity: 50, updated: true }], 'Lunch', time);
    expect(payload.date).toBe('2026-11-23T04:30:00.000Z');
    expect(payload.foods).toEqual([
      { food_id: 7, quantity: 150 },
      { food_id: 8, quantity: 50, refresh: true },
    ]);
  });

  it('loads a saved meal as lines with the nutrition it was saved with', () => {
    const per = { calories: 116, protein: 2.6, fat: 0.3, carbs: 25.9, fiber: 0.3, sugar: 0.1, sodium: 2 };
    const lines = linesFromMeal({
      id: 3, name: null, date: '2026-11-23', eaten_at: '2026-11-23T04:30:00Z', meal_type: 'lunch', total_calories: 0, notes: null,
      foods: [
        { food_id: 7, food_name: 'Rice', food_name_zh: '米饭', brand: null, quantity: 150, per_100g: per },
        { food_id: 7, food_name: 'Rice', food_name_zh: '米饭', brand: null, quantity: 50, per_100g: per },
        { food_id: null, food_name: 'Gone', food_name_zh: null, brand: null, quantity: 10, per_100g: per },
      ],
    });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ quantity: 200, food: { id: 7, name: 'Rice', name_zh: '米饭', calories_per_100g: 116 } });
  });
});
