import { describe, expect, it } from 'vitest';
import { namesItsGrams } from '@/features/foods/utils/names';

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
