import { describe, expect, it } from 'vitest';
import { startingAmount } from '@/lib/food-amounts';
import { makeFood, makeRecipeFood } from '@/testing/foods';

const serving = { grams: 55, name: '1 serving', name_zh: '1 份' };

describe('the amount a food is first offered at', () => {
  it("is a person's own food's first portion, named in the page's language", () => {
    const crackers = makeFood({ is_custom: true, portions: [serving, { grams: 200, name: '1 pack', name_zh: null }] });
    expect(startingAmount(crackers, 'en')).toEqual({ grams: 55, label: '1 serving' });
    expect(startingAmount(crackers, 'zh')).toEqual({ grams: 55, label: '1 份' });
  });

  it('is 100 g for a food of the databases, portions or not, and for an own food without portions', () => {
    expect(startingAmount(makeFood({ is_custom: false, portions: [serving] }), 'en')).toEqual({ grams: 100, label: null });
    expect(startingAmount(makeFood({ is_custom: true, portions: [] }), 'zh')).toEqual({ grams: 100, label: null });
  });

  it("is a recipe's one serving, in the page's language", () => {
    expect(startingAmount(makeRecipeFood(), 'en')).toEqual({ grams: 250, label: '1 serving' });
    expect(startingAmount(makeRecipeFood(), 'zh')).toEqual({ grams: 250, label: '1 份' });
  });
});
