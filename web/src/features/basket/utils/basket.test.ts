import { describe, expect, it } from 'vitest';
import {
  addFood,
  addQuickAdd,
  basketOptionalTotals,
  basketTotals,
  isLineQuantity,
  lineCalories,
  linesFromMeal,
  mealPayload,
  mealTypeAt,
  missingMealLines,
  parseBasket,
  removeFood,
  removeQuickAdd,
  setQuantity,
  updateFood,
  type BasketLine,
  type FoodLine,
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

  it('totals calories whole and macros to one decimal, of lines rounded as the server keeps them', () => {
    const totals = basketTotals([
      { food: cooked, quantity: 150 },
      { food: cooked, quantity: 33 },
    ]);
    // Fat: 0.45 g is kept as 0.5 and 0.099 g as 0.1 (one decimal a line): 0.6, not 0.5.
    expect(totals).toEqual({ calories: 212, protein: 4.8, fat: 0.6, carbs: 47.4 });
  });

  it('agrees with the saved meal to the digit: 3 foods of 10.16 kcal are 3 × 10.2, so 31 kcal, not 30', () => {
    // The server keeps each line to one decimal and totals the lines (models Nutrients::for_grams,
    // store REFRESH_TOTALS); the dashboard shows the total whole.
    const a = makeFood({ id: 1, calories_per_100g: 101.6, protein_per_100g: 1.25, fat_per_100g: 0, carbs_per_100g: 0 }) as SavedFood;
    const b = makeFood({ id: 2, calories_per_100g: 50.8, protein_per_100g: 0.625, fat_per_100g: 0, carbs_per_100g: 0 }) as SavedFood;
    const c = makeFood({ id: 3, calories_per_100g: 203.2, protein_per_100g: 2.5, fat_per_100g: 0, carbs_per_100g: 0 }) as SavedFood;
    const lines = [
      { food: a, quantity: 10 },
      { food: b, quantity: 20 },
      { food: c, quantity: 5 },
    ];
    const savedLines = [10.2, 10.2, 10.2];
    expect(lines.map(lineCalories)).toEqual([10, 10, 10]);
    const totals = basketTotals(lines);
    expect(totals.calories).toBe(Math.round(savedLines.reduce((sum, v) => sum + v, 0)));
    expect(totals.calories).toBe(31);
    // Protein 0.125 g a line is kept as 0.1: 0.3 in all (not 0.4 from 0.375).
    expect(totals.protein).toBe(0.3);
  });

  it('counts a quick add as the server does: its values to one decimal', () => {
    const lines = addQuickAdd([], { calories: 99.96, protein: 0.04 }, 'q');
    expect(basketTotals(lines)).toEqual({ calories: 100, protein: 0, fat: 0, carbs: 0 });
  });

  it('picks the meal type from the hour bands', () => {
    const at = (h: number) => mealTypeAt(new Date(2026, 10, 23, h, 30));
    expect([4, 5, 10, 11, 15, 16, 21, 22].map(at)).toEqual([
      'snack', 'breakfast', 'breakfast', 'lunch', 'lunch', 'dinner', 'dinner', 'snack',
    ]);
  });

  it('saves the chosen meal type over the hour band, and the band without a choice', () => {
    const evening = new Date(2026, 10, 23, 19, 30);
    expect(mealPayload([{ food: cooked, quantity: 150 }], 'Oats', evening).meal_type).toBe('dinner');
    expect(mealPayload([{ food: cooked, quantity: 150 }], 'Oats', evening, 'breakfast').meal_type).toBe('breakfast');
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

describe('amounts and quick adds in the basket', () => {
  const bread = makeFood({ id: 9, name: 'White bread', portions: [{ grams: 30, name: '1 slice', name_zh: '1 片' }] }) as SavedFood;

  it('merges a food by adding grams; the amount stays only when both are in one unit', () => {
    let lines = addFood([], bread, 60, '2 slices');
    lines = addFood(lines, bread, 30, '1 片');
    expect(lines).toEqual([{ food: bread, quantity: 90, amount: '3 slices' }]);
    expect(addFood(lines, bread, 60, '2片')).toEqual([{ food: bread, quantity: 150, amount: '5 片' }]);
    expect(addFood(lines, bread, 50)).toEqual([{ food: bread, quantity: 140 }]);
    expect(addFood(addFood([], bread, 60, '2 slices'), bread, 500, '1斤')).toEqual([{ food: bread, quantity: 560 }]);
  });

  it('a typed amount replaces the amount; plain grams clear it', () => {
    const lines = addFood([], bread, 60, '2 slices');
    expect(setQuantity(lines, 9, 90, '3 slices')).toEqual([{ food: bread, quantity: 90, amount: '3 slices' }]);
    expect(setQuantity(lines, 9, 75)).toEqual([{ food: bread, quantity: 75 }]);
  });

  it('keeps an amount through an edit of the food only while it still means the same grams', () => {
    const lines = addFood([], bread, 60, '2 slices');
    expect(updateFood(lines, { ...bread, calories_per_100g: 300 })).toEqual([
      { food: { ...bread, calories_per_100g: 300 }, quantity: 60, amount: '2 slices', updated: true },
    ]);
    const thicker = { ...bread, portions: [{ grams: 40, name: '1 slice', name_zh: null }] };
    expect(updateFood(lines, thicker)).toEqual([{ food: thicker, quantity: 60, updated: true }]);
  });

  it('counts quick adds in the totals and saves them and amounts as the contract says', () => {
    const lines = addQuickAdd(addFood([], bread, 60, '2 slices'), { name: 'Restaurant lunch', calories: 850, protein: 30 }, 'q1');
    expect(basketTotals(lines)).toMatchObject({ calories: Math.round(850 + (89 * 60) / 100), protein: 30.7 });
    expect(mealPayload(lines, 'Lunch', new Date(Date.UTC(2026, 10, 23, 4, 30))).foods).toEqual([
      { food_id: 9, quantity: 60, amount: '2 slices' },
      { quick_add: { name: 'Restaurant lunch', calories: 850, protein: 30 } },
    ]);
    expect(removeQuickAdd(lines, 'q1')).toHaveLength(1);
    expect(removeFood(lines, 9)).toEqual([{ id: 'q1', quick_add: { name: 'Restaurant lunch', calories: 850, protein: 30 } }]);
  });

  it('reads stored baskets from before, and stored quick adds', () => {
    const stored = JSON.stringify([
      { food: bread, quantity: 60 },
      { food: bread, quantity: 60, amount: 2 },
      { id: 'q1', quick_add: { calories: 300 } },
      { id: 'q2', quick_add: { calories: 'many' } },
    ]);
    expect(parseBasket(stored)).toEqual([{ food: bread, quantity: 60 }, { id: 'q1', quick_add: { calories: 300 } }]);
  });

  it('restores a meal with amounts and quick adds; lines of deleted foods stay out', () => {
    const per = { calories: 250, protein: 8, fat: 3, carbs: 48, fiber: 2, sugar: 4, sodium: 450 };
    const meal = {
      id: 3, name: null, date: '2026-11-23', eaten_at: '2026-11-23T04:30:00Z', meal_type: 'lunch', total_calories: 0, notes: null,
      foods: [
        { food_id: 9, food_name: 'White bread', food_name_zh: null, brand: null, quantity: 60, amount: '2 slices', is_quick_add: false, per_100g: per },
        { food_id: null, food_name: 'Restaurant lunch', food_name_zh: null, brand: null, quantity: null, amount: null, is_quick_add: true, calories: 850, protein: 30, fat: 40, carbs: 90, per_100g: per },
        { food_id: null, food_name: 'Gone', food_name_zh: null, brand: null, quantity: 10, amount: null, is_quick_add: false, per_100g: per },
      ],
    };
    const lines = linesFromMeal(meal);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ quantity: 60, amount: '2 slices', food: { id: 9 } });
    expect(lines[1]).toMatchObject({ quick_add: { name: 'Restaurant lunch', calories: 850, protein: 30, fat: 40, carbs: 90 } });
    expect(missingMealLines(meal)).toBe(1);
    // The saved amount is the line's portion, so more of it can be typed in the basket.
    const restored = lines[0] as FoodLine;
    expect(setQuantity(lines, 9, 90, '3 slices')[0]).toEqual({ food: restored.food, quantity: 90, amount: '3 slices' });
    expect(addFood(lines, restored.food, 30, '1 slice')[0]).toMatchObject({ quantity: 90, amount: '3 slices' });
  });
});

describe('fibre, sugar and sodium totals', () => {
  // Banana: 2.6 g fibre, 12.2 g sugar, 1 mg sodium per 100 g.
  const survey = makeFood({ id: 9, fiber_per_100g: null, sugar_per_100g: 5, sodium_per_100g: null }) as SavedFood;

  it('add up each line, to one decimal', () => {
    const lines = addFood(addFood([], banana, 150), rice, 200);
    expect(basketOptionalTotals(lines)).toEqual({
      fiber: { value: 9.1, partial: false },
      sugar: { value: 42.7, partial: false },
      sodium: { value: 3.5, partial: false },
    });
    expect(basketOptionalTotals([])).toEqual({
      fiber: { value: 0, partial: false },
      sugar: { value: 0, partial: false },
      sodium: { value: 0, partial: false },
    });
  });

  it('are a lower bound when some lines do not give them, and unknown when none does', () => {
    const lines = addQuickAdd(addFood(addFood([], banana, 100), survey, 200), { calories: 300 });
    expect(basketOptionalTotals(lines)).toEqual({
      fiber: { value: 2.6, partial: true },
      sugar: { value: 22.2, partial: true },
      sodium: { value: 1, partial: true },
    });
    expect(basketOptionalTotals(addFood([], survey, 100))).toMatchObject({
      fiber: { value: null, partial: false },
      sugar: { value: 5, partial: false },
    });
  });
});
