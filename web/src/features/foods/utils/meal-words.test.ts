import { describe, expect, it } from 'vitest';
import type { MealItem } from '@/features/foods/api/parse-meal';
import {
  basketAmount,
  confirmLine,
  lineGrams,
  mealLines,
  pickAlternative,
  readsAsMeal,
  showsMealLines,
  unitAmount,
} from '@/features/foods/utils/meal-words';
import { makeFood } from '@/testing/foods';

const rice = makeFood({
  id: 10,
  name: 'Rice, cooked',
  name_zh: '米饭',
  portions: [{ grams: 150, name: '1 bowl', name_zh: '1 碗' }],
});
const porridge = makeFood({
  id: 11,
  name: 'Rice porridge',
  name_zh: '白粥',
  portions: [{ grams: 250, name: '1 bowl', name_zh: '1 碗' }],
});
const egg = makeFood({ id: 20, name: 'Egg, boiled', name_zh: '煮鸡蛋', portions: [{ grams: 50, name: '1 large', name_zh: '1 个' }] });
const friedEgg = makeFood({ id: 21, name: 'Egg, fried', name_zh: '煎鸡蛋', portions: [{ grams: 46, name: '1 large', name_zh: '1 个' }] });

function item(fields: Partial<MealItem> = {}): MealItem {
  return {
    text: '一碗米饭',
    food: rice,
    grams: 150,
    amount: { count: 1, unit: '碗' },
    certainty: { level: 'sure', score: 0.95 },
    alternatives: [porridge],
    ...fields,
  };
}

describe('readsAsMeal', () => {
  it.each([
    '一碗米饭两个鸡蛋',
    '一碗米饭和两个鸡蛋',
    '早饭吃了一碗米饭',
    '米饭、鸡蛋',
    '米饭，鸡蛋',
    '米饭还有鸡蛋',
    '米饭加鸡蛋',
    '二两饺子',
    '半个苹果',
    '3片面包',
  ])('reads Chinese “%s” as a meal', (text) => {
    expect(readsAsMeal(text)).toBe(true);
  });

  it.each([
    '2 eggs and a slice of toast',
    'eggs and toast',
    'coffee with milk',
    'toast plus jam',
    'rice, beans',
    '2 eggs',
    '150g rice',
    '½ avocado',
    'a banana',
    'for lunch I had a bowl of rice',
    'I had two eggs',
  ])('reads English “%s” as a meal', (text) => {
    expect(readsAsMeal(text)).toBe(true);
  });

  it.each(['米饭', '鸡蛋', '香蕉', '三明治', '八宝粥', 'mifan', 'banana', 'rice', 'banana bread', 'sandwich', 'candy', 'brandy', 'plum', 'apple', 'a', '   '])(
    'reads “%s” as one food’s name',
    (text) => {
      expect(readsAsMeal(text)).toBe(false);
    },
  );

  it.each(['300 kcal', '300卡', '300 大卡'])('leaves calories “%s” to the quick add', (text) => {
    expect(readsAsMeal(text)).toBe(false);
  });
});

describe('showsMealLines', () => {
  it('shows two dishes, or one with its amount', () => {
    expect(showsMealLines({ items: [item(), item({ food: egg })], unmatched: [] })).toBe(true);
    expect(showsMealLines({ items: [item()], unmatched: [] })).toBe(true);
    expect(showsMealLines({ items: [item({ amount: { count: 2, unit: null } })], unmatched: [] })).toBe(true);
  });

  it('leaves one dish without an amount to the search results', () => {
    expect(showsMealLines({ items: [item({ amount: { count: 1, unit: null } })], unmatched: [] })).toBe(false);
    expect(showsMealLines({ items: [], unmatched: [] })).toBe(false);
  });

  it('shows words it could not read', () => {
    expect(showsMealLines({ items: [], unmatched: ['xyzzy'] })).toBe(true);
    expect(showsMealLines({ items: [item({ amount: { count: 1, unit: null } })], unmatched: ['xyzzy'] })).toBe(true);
  });
});

describe('meal lines', () => {
  it('ask an unsure food and take a likely or sure one', () => {
    const [sure, likely, unsure] = mealLines([
      item(),
      item({ certainty: { level: 'likely', score: 0.7 } }),
      item({ certainty: { level: 'unsure', score: 0.3 } }),
    ]);
    expect([sure?.asking, likely?.asking, unsure?.asking]).toEqual([false, false, true]);
    expect([sure?.doubted, likely?.doubted, unsure?.doubted]).toEqual([false, true, true]);
    expect(unsure && confirmLine(unsure).asking).toBe(false);
  });

  it('swap in an alternative, weigh the amount as read for it, and keep the food swapped out', () => {
    const [line] = mealLines([item({ certainty: { level: 'unsure', score: 0.3 } })]);
    if (!line) throw new Error('no line');
    const picked = pickAlternative(line, 0);
    expect(picked.food).toBe(porridge);
    expect(picked.grams).toBe('250');
    expect(picked.alternatives).toEqual([rice]);
    expect(picked.asking).toBe(false);
    // Grams the person typed stay.
    expect(pickAlternative({ ...line, grams: '120', gramsTyped: true }, 0).grams).toBe('120');
  });

  it('weigh a bare count by the new food’s first portion', () => {
    const [line] = mealLines([item({ text: '两个鸡蛋', food: egg, grams: 100, amount: { count: 2, unit: null }, alternatives: [friedEgg] })]);
    if (!line) throw new Error('no line');
    expect(pickAlternative(line, 0).grams).toBe('92');
  });

  it('read the grams box', () => {
    expect(lineGrams({ grams: '150' })).toBe(150);
    expect(lineGrams({ grams: ' 12,5 ' })).toBe(12.5);
    expect(lineGrams({ grams: '' })).toBeNull();
    expect(lineGrams({ grams: '0' })).toBeNull();
    expect(lineGrams({ grams: 'lots' })).toBeNull();
    expect(lineGrams({ grams: '10001' })).toBeNull();
  });

  it('keep the amount for the basket only while it weighs the grams', () => {
    const [line] = mealLines([item()]);
    if (!line) throw new Error('no line');
    expect(unitAmount(line.amount)).toBe('1碗');
    expect(unitAmount({ count: 1, unit: 'slice' })).toBe('1 slice');
    expect(unitAmount({ count: 2, unit: null })).toBeNull();
    expect(basketAmount(line, 150)).toBe('1碗');
    expect(basketAmount(line, 120)).toBeUndefined();
  });
});
