import { describe, expect, it } from 'vitest';
import { macroSplit } from '@/features/meals/utils/macro-split';

describe('macro split', () => {
  it('gives shares of energy at 4, 9 and 4 kcal per gram', () => {
    // 25 g protein (100 kcal), 20 g fat (180 kcal), 80 g carbs (320 kcal): 600 kcal.
    expect(macroSplit({ protein: 25, fat: 20, carbs: 80 })).toEqual({ protein: 16.7, fat: 30, carbs: 53.3 });
  });

  it('is all zeros when nothing was eaten', () => {
    expect(macroSplit({ protein: 0, fat: 0, carbs: 0 })).toEqual({ protein: 0, fat: 0, carbs: 0 });
  });
});
