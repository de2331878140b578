import { describe, expect, it } from 'vitest';
import {
  EMPTY_DRAFT,
  draftFromFood,
  draftProblem,
  inputFromDraft,
} from '@/features/foods/utils/custom-food-draft';
import { foodNames } from '@/features/foods/utils/names';
import { makeFood } from '@/testing/foods';

describe('custom food draft', () => {
  it('needs a name and calories as a number', () => {
    expect(draftProblem(EMPTY_DRAFT)).toBe('nameRequired');
    expect(draftProblem({ ...EMPTY_DRAFT, name: '   ', calories: '10' })).toBe('nameRequired');
    expect(draftProblem({ ...EMPTY_DRAFT, name: 'Soup' })).toBe('caloriesRequired');
    expect(draftProblem({ ...EMPTY_DRAFT, name: 'Soup', calories: 'many' })).toBe('caloriesRequired');
    expect(draftProblem({ ...EMPTY_DRAFT, name: 'Soup', calories: '0' })).toBeNull();
  });

  it('sends optional values left empty or invalid as 0', () => {
    const draft = { ...EMPTY_DRAFT, name: '  Soup ', calories: '45.5', protein: '2.5', fat: '', carbs: 'x', sodium: '300' };
    expect(inputFromDraft(draft)).toEqual({
      name: 'Soup',
      calories: 45.5,
      protein: 2.5,
      fat: 0,
      carbs: 0,
      fiber: 0,
      sugar: 0,
      sodium: 300,
    });
  });

  it('pre-fills from a food', () => {
    expect(draftFromFood(makeFood(), 'Banana')).toEqual({
      name: 'Banana',
      calories: '89',
      protein: '1.1',
      fat: '0.3',
      carbs: '22.8',
      fiber: '2.6',
      sugar: '12.2',
      sodium: '1',
    });
  });
});

describe('food names', () => {
  it('leads with the name of the UI language', () => {
    expect(foodNames(makeFood(), 'en')).toMatchObject({ primary: 'Banana', secondary: '香蕉' });
    expect(foodNames(makeFood(), 'zh')).toMatchObject({ primary: '香蕉', secondary: 'Banana', primaryLang: 'zh-CN' });
    expect(foodNames(makeFood({ name_zh: null }), 'zh')).toMatchObject({ primary: 'Banana', secondary: null });
  });
});
