import { describe, expect, it } from 'vitest';
import { caloriesTyped } from '@/features/foods/utils/calorie-query';

describe('calories typed in the search box', () => {
  it('read as kcal in either language, with or without a space', () => {
    for (const query of ['300 kcal', '300kcal', '300 KCAL', '300 cal', '300 calories', '300卡', '300 大卡', '300千卡', '300 卡路里', '３００卡'])
      expect(caloriesTyped(query), query).toBe(300);
    expect(caloriesTyped(' 250 kcal ')).toBe(250);
  });

  it('are not a food, a weight, a bare number or nothing', () => {
    for (const query of ['cheddar', '300 g', '300', 'kcal', '0 kcal', '300 kcal rice', '卡夫芝士', '3,000 kcal', '250.5 kcal', ''])
      expect(caloriesTyped(query), query).toBeNull();
  });
});
