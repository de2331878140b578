// @vitest-environment node
// (Node, to read the shared cases from disk.)
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { foodUnits, portionAmount, readAmount } from '@/lib/amount';
import type { FoodPortion } from '@/types/food';

// The cases the server's reader is tested on too: both must read every amount alike.
type AmountCase = { food: string; input: string; grams?: number; counted_as_water?: boolean; error?: string };
type AmountCases = { foods: Record<string, FoodPortion[]>; drinks: string[]; cases: AmountCase[] };

const cases = JSON.parse(
  readFileSync(new URL('../../../models/data/amount_cases.json', import.meta.url), 'utf8'),
) as AmountCases;

describe('reading amounts', () => {
  it.each(cases.cases.map((c) => [`${c.food}: “${c.input}”`, c] as const))('%s', (_name, c) => {
    const reading = readAmount(c.input, cases.foods[c.food] ?? [], cases.drinks.includes(c.food));
    if (c.error !== undefined) expect(reading).toMatchObject({ ok: false, error: { kind: c.error } });
    else expect(reading).toMatchObject({ ok: true, grams: c.grams, countedAsWater: c.counted_as_water ?? false });
  });

  it('names the unit it could not read and the units the food knows', () => {
    expect(readAmount('2 spoonfuls', cases.foods.bread ?? [], false)).toEqual({
      ok: false,
      error: { kind: 'unknown_unit', unit: 'spoonfuls', units: ['slice', '片'] },
    });
    expect(readAmount('2 cups', cases.foods.bread ?? [], false)).toEqual({
      ok: false,
      error: { kind: 'no_density', unit: 'cups', units: ['slice', '片'] },
    });
    expect(foodUnits(cases.foods.banana ?? [])).toEqual(['medium', '根', 'cup, sliced', '杯']);
  });

  it('gives one name to the spellings of a unit, and none to plain grams', () => {
    const rice = cases.foods.rice ?? [];
    const unit = (text: string) => {
      const reading = readAmount(text, rice, false);
      return reading.ok ? reading.unit : undefined;
    };
    expect([unit('2 bowls'), unit('一碗半'), unit('1 bowl')]).toEqual(['bowl', 'bowl', 'bowl']);
    expect([unit('1斤'), unit('1 jin')]).toEqual(['jin', 'jin']);
    expect([unit('150'), unit('150 g'), unit('150克')]).toEqual([null, null, null]);
    expect(readAmount('一碗半', rice, false)).toMatchObject({ count: 1.5, unitText: '碗' });
  });

  it('fills a portion chip with a name that reads back as that portion', () => {
    const egg = cases.foods.egg ?? [];
    const [large, medium] = egg as [FoodPortion, FoodPortion];
    expect(portionAmount(large, egg, true)).toBe('1 个（大）');
    // "1 个（中）" reads as the first 个, the large egg: the English name is the one that works.
    expect(portionAmount(medium, egg, true)).toBe('1 medium');
    expect(portionAmount({ grams: 80, name: '1 cup', name_zh: null }, [], false)).toBe('80');
  });
});
