import { describe, expect, it } from 'vitest';
import { isNamed } from '@/features/foods/utils/names';

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
