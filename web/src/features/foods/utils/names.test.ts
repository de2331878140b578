import { describe, expect, it } from 'vitest';
import { isNamed, namesItsGrams } from '@/features/foods/utils/names';

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

describe('a query that is a food\'s name', () => {
  const cheddar = { name: 'Cheese, cheddar', name_zh: '切达奶酪' };

  it('is its name in either language, whatever the case, spacing or full-width forms', () => {
    expect(isNamed(cheddar, '切达奶酪')).toBe(true);
    expect(isNamed(cheddar, ' 切达奶酪 ')).toBe(true);
    expect(isNamed(cheddar, 'cheese,  CHEDDAR')).toBe(true);
    expect(isNamed(cheddar, 'Ｃｈｅｅｓｅ，ｃｈｅｄｄａｒ')).toBe(true);
  });

  it('is not a part of its name, nor anything without a Chinese name', () => {
    expect(isNamed(cheddar, '奶酪')).toBe(false);
    expect(isNamed(cheddar, 'cheddar')).toBe(false);
    expect(isNamed({ name: 'Cheddar', name_zh: null }, '')).toBe(false);
  });
});
