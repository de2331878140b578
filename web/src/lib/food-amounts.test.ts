import { describe, expect, it } from 'vitest';
import { addedAmounts, namesItsGrams, startingAmount } from '@/lib/food-amounts';
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

describe('a portion name that says its weight', () => {
  it('is one whose grams it names', () => {
    expect(namesItsGrams('1 liang (50 g)', 50)).toBe(true);
    expect(namesItsGrams('1 两（50克）', 50)).toBe(true);
    expect(namesItsGrams('1 cup (158 grams)', 158)).toBe(true);
  });

  it('is not one without grams, or with other grams', () => {
    expect(namesItsGrams('1 两', 50)).toBe(false);
    expect(namesItsGrams('1 medium', 118)).toBe(false);
    expect(namesItsGrams('1 pack (100 g)', 50)).toBe(false);
    expect(namesItsGrams('2 glasses', 2)).toBe(false);
  });
});

describe('two amounts of a food', () => {
  const bread = { portions: [{ grams: 30, name: '1 slice', name_zh: '1 片' }] };

  it('add up in their unit, and have no one name in two units or in grams', () => {
    expect(addedAmounts(bread, '1 slice', '2 slices')).toBe('3 slices');
    expect(addedAmounts(bread, '2 片', '1 片')).toBe('3 片');
    expect(addedAmounts(bread, '1 slice', '60')).toBeUndefined();
    expect(addedAmounts(bread, '1 slice', undefined)).toBeUndefined();
  });
});
