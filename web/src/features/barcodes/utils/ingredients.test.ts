import { describe, expect, it } from 'vitest';
import { shortIngredients } from '@/features/barcodes/utils/ingredients';

describe('ingredients as shown', () => {
  it('are whole up to 100 characters', () => {
    const hundred = 'a'.repeat(100);
    expect(shortIngredients(hundred)).toBe(hundred);
  });

  it('are cut at 100 characters with an ellipsis', () => {
    expect(shortIngredients(`${'b'.repeat(100)}cdef`)).toBe(`${'b'.repeat(100)}…`);
  });

  it('count characters, not UTF-16 units', () => {
    const chinese = '花生'.repeat(60);
    expect(Array.from(shortIngredients(chinese))).toHaveLength(101);
    expect(shortIngredients(`${'🥜'.repeat(101)}`)).toBe(`${'🥜'.repeat(100)}…`);
  });
});
