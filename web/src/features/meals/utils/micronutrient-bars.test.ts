import { describe, expect, it } from 'vitest';
import type { MicronutrientIntake } from '@/features/meals/types';
import { hasBar, intakeRows, mostWanted, nutrientRow, tally } from '@/features/meals/utils/micronutrient-bars';
import { MICRONUTRIENT_KEYS, type Micronutrients } from '@/types/food';

const vitaminC = { amount: 90, kind: 'rda', upper_limit: 2000 } as const;

describe('nutrientRow', () => {
  it('gives the share of the target, the bar full at the target', () => {
    const row = nutrientRow('vitamin_c_mg', 79.8, 1, vitaminC);
    expect(row.share).toBeCloseTo(0.887, 3);
    expect(row.fill).toBeCloseTo(88.7, 1);
    expect(row.state).toBe('below');
    expect(row.partialPercent).toBeNull();
    expect(row.uncertain).toBe(false);
  });

  it('caps the bar at the target and says when it is reached', () => {
    const row = nutrientRow('vitamin_c_mg', 135, 1, vitaminC);
    expect(row.share).toBeCloseTo(1.5);
    expect(row.fill).toBe(100);
    expect(row.state).toBe('reached');
  });

  it('warns above the upper limit', () => {
    const row = nutrientRow('vitamin_c_mg', 2100, 1, vitaminC);
    expect(row.state).toBe('overUpper');
    expect(row.fill).toBe(100);
  });

  it('is not over at the upper limit itself', () => {
    expect(nutrientRow('vitamin_c_mg', 2000, 1, vitaminC).state).toBe('reached');
  });

  it('holds a limit kind under its amount, and warns over it', () => {
    const limit = { amount: 22.2, kind: 'limit', upper_limit: null } as const;
    const under = nutrientRow('saturated_fat_g', 10, 1, limit);
    expect(under.state).toBe('underLimit');
    expect(under.fill).toBeCloseTo(45, 0);
    const over = nutrientRow('saturated_fat_g', 30, 1, limit);
    expect(over.state).toBe('overLimit');
    expect(over.fill).toBe(100);
  });

  it('has no bar for a limit without an amount (no calorie goal), nor for a fat without a target', () => {
    const row = nutrientRow('saturated_fat_g', 10, 1, { amount: null, kind: 'limit', upper_limit: null });
    expect(row.state).toBe('noTarget');
    expect(hasBar(row)).toBe(false);
    const cholesterol = nutrientRow('cholesterol_mg', 250, 1, undefined);
    expect(cholesterol.state).toBe('noTarget');
    expect(hasBar(cholesterol)).toBe(false);
  });

  it('keeps null as unknown, never 0', () => {
    const row = nutrientRow('vitamin_d_ug', null, 0, { amount: 15, kind: 'rda', upper_limit: 100 });
    expect(row.eaten).toBeNull();
    expect(row.share).toBeNull();
    expect(row.state).toBe('unknown');
    expect(row.partialPercent).toBeNull();
    expect(row.uncertain).toBe(false);
    expect(hasBar(row)).toBe(true);
  });

  it('says the share of what was eaten a partial amount comes from, uncertain under half', () => {
    const partial = nutrientRow('iron_mg', 5, 0.6, { amount: 8, kind: 'rda', upper_limit: 45 });
    expect(partial.partialPercent).toBe(60);
    expect(partial.uncertain).toBe(false);
    const thin = nutrientRow('iron_mg', 1, 0.3, { amount: 8, kind: 'rda', upper_limit: 45 });
    expect(thin.partialPercent).toBe(30);
    expect(thin.uncertain).toBe(true);
  });

  it('never rounds a partial share up to 100 % nor a share of some grams down to 0 %', () => {
    expect(nutrientRow('iron_mg', 5, 0.998, undefined).partialPercent).toBe(99);
    expect(nutrientRow('iron_mg', 5, 0.001, undefined).partialPercent).toBe(1);
  });
});

function amounts(values: Partial<Micronutrients>): Micronutrients {
  return { ...(Object.fromEntries(MICRONUTRIENT_KEYS.map((key) => [key, null])) as Micronutrients), ...values };
}

const intake: MicronutrientIntake = {
  micronutrients: amounts({ vitamin_c_mg: 160, iron_mg: 3, calcium_mg: 500, saturated_fat_g: 30, cholesterol_mg: 200 }),
  micronutrients_per_day: amounts({ vitamin_c_mg: 80, iron_mg: 2, calcium_mg: 250, saturated_fat_g: 15, cholesterol_mg: 100 }),
  micronutrient_coverage: { vitamin_c_mg: 1, iron_mg: 0.4, calcium_mg: 1, saturated_fat_g: 1, cholesterol_mg: 1 },
  micronutrient_targets: {
    vitamin_c_mg: vitaminC,
    iron_mg: { amount: 8, kind: 'rda', upper_limit: 45 },
    calcium_mg: { amount: 1000, kind: 'rda', upper_limit: 2500 },
    vitamin_d_ug: { amount: 15, kind: 'rda', upper_limit: 100 },
    saturated_fat_g: { amount: 22.2, kind: 'limit', upper_limit: null },
  },
  micronutrient_target_group: { sex: 'male', age_from: 31, age_to: 50, assumed: true },
};

describe('intakeRows', () => {
  it('lists every key in order, the totals or the average a logged day', () => {
    const totals = intakeRows(intake, false);
    expect(totals?.map((row) => row.key)).toEqual([...MICRONUTRIENT_KEYS]);
    expect(totals?.find((row) => row.key === 'vitamin_c_mg')?.eaten).toBe(160);
    const perDay = intakeRows(intake, true);
    expect(perDay?.find((row) => row.key === 'vitamin_c_mg')?.eaten).toBe(80);
    expect(perDay?.find((row) => row.key === 'vitamin_c_mg')?.state).toBe('below');
  });

});

describe('mostWanted and tally', () => {
  it('puts warnings first, then the lowest shares, then the unknown; never a row without a bar', () => {
    const rows = intakeRows(intake, false) ?? [];
    expect(mostWanted(rows, 4).map((row) => row.key)).toEqual(['saturated_fat_g', 'iron_mg', 'calcium_mg', 'vitamin_d_ug']);
    expect(mostWanted(rows, 10).map((row) => row.key)).not.toContain('cholesterol_mg');
  });

  it('counts the targets to reach, those reached and the warnings', () => {
    const rows = intakeRows(intake, false) ?? [];
    expect(tally(rows)).toEqual({ targets: 4, reached: 1, overUpper: 0, overLimit: true });
  });
});
