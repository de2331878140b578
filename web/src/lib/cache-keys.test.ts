import { describe, expect, it } from 'vitest';
import { energyExpenditurePath, isEnergyKey, isMealChangeKey, recentFoodsPath } from '@/lib/cache-keys';

describe('what a saved meal makes stale', () => {
  it('is every meal list and statistic, the recent foods and the energy need learned from the meals', () => {
    expect(isMealChangeKey(['/meals/daily/', '2026-12-01'])).toBe(true);
    expect(isMealChangeKey([recentFoodsPath])).toBe(true);
    expect(isMealChangeKey([energyExpenditurePath, { weight: 70 }])).toBe(true);
    expect(isMealChangeKey(['/foods/search/', 'rice'])).toBe(false);
    expect(isMealChangeKey('/users/profile/')).toBe(false);
  });

  it('knows an estimate of the need by its path, whatever profile it was asked with', () => {
    expect(isEnergyKey([energyExpenditurePath, null])).toBe(true);
    expect(isEnergyKey(energyExpenditurePath)).toBe(false);
  });
});
