import { describe, expect, it } from 'vitest';
import { EMPTY_QUICK_ADD, readQuickAdd } from '@/features/basket/utils/quick-add';

describe('quick add', () => {
  it('needs calories over 0 and at most 5000; leaves out what was not typed', () => {
    expect(readQuickAdd(EMPTY_QUICK_ADD)).toEqual({ problem: 'caloriesRequired' });
    for (const calories of ['0', '-5', '5001', 'x']) expect(readQuickAdd({ ...EMPTY_QUICK_ADD, calories })).toEqual({ problem: 'caloriesRange' });
    expect(readQuickAdd({ ...EMPTY_QUICK_ADD, calories: '5000' })).toEqual({ quick: { calories: 5000 } });
    expect(readQuickAdd({ name: ' Lunch ', calories: '850', protein: '30', fat: '', carbs: '0' })).toEqual({
      quick: { name: 'Lunch', calories: 850, protein: 30, carbs: 0 },
    });
  });

  it('takes macros of 0 to 500 g and a name of at most 100 characters', () => {
    expect(readQuickAdd({ ...EMPTY_QUICK_ADD, calories: '100', fat: '501' })).toEqual({ problem: 'macroRange', macro: 'fat' });
    expect(readQuickAdd({ ...EMPTY_QUICK_ADD, calories: '100', carbs: '-1' })).toEqual({ problem: 'macroRange', macro: 'carbs' });
    expect(readQuickAdd({ ...EMPTY_QUICK_ADD, calories: '100', name: 'x'.repeat(101) })).toEqual({ problem: 'nameTooLong' });
  });
});
