import { describe, expect, it } from 'vitest';
import { nutritionFormat, wholeKcal } from '@/lib/nutrition-format';

describe('nutritionFormat', () => {
  it('writes energy as whole kilocalories, in the locale', () => {
    expect(nutritionFormat('en-US').kcal(1132.8)).toBe('1,133');
    expect(nutritionFormat('zh-CN').kcal(569.2)).toBe('569');
    expect(nutritionFormat('en-US').kcal(305.5)).toBe('306');
  });

  it('writes macros with at most one decimal, none where it would be .0', () => {
    const format = nutritionFormat('en-US');
    expect(format.macroGrams(23.64)).toBe('23.6');
    expect(format.macroGrams(24.01)).toBe('24');
    expect(format.macroGrams(1234.5)).toBe('1,234.5');
  });

  it('writes vitamins and minerals whole from 100, to a tenth from 1, and to 2 significant digits below', () => {
    const format = nutritionFormat('en-US');
    expect(format.micronutrient(3217.4)).toBe('3,217');
    expect(format.micronutrient(79.8)).toBe('79.8');
    expect(format.micronutrient(2.71)).toBe('2.7');
    expect(format.micronutrient(0.0375)).toBe('0.038');
    expect(format.micronutrient(0.131)).toBe('0.13');
    expect(format.micronutrient(0)).toBe('0');
  });
});

describe('wholeKcal', () => {
  it('rounds once, so a total and what is left of the goal add up', () => {
    const eaten = wholeKcal(305.5);
    expect(eaten).toBe(306);
    expect(2000 - eaten).toBe(1694);
    expect(Object.is(wholeKcal(-0.2), 0)).toBe(true);
  });
});
