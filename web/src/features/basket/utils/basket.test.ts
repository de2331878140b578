import { describe, expect, it } from 'vitest';
import { addFood, parseBasket, removeFood, updateFood, type BasketLine } from '@/features/basket/utils/basket';
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
