import { describe, expect, it } from 'vitest';
import {
  EMPTY_DRAFT,
  draftFromFood,
  draftProblem,
  everyMicronutrient,
  inputFromDraft,
  micronutrientFields,
  portionProblem,
  unknownNutrients,
} from '@/features/foods/utils/custom-food-draft';
import { foodNames } from '@/features/foods/utils/names';
import { readAmount } from '@/lib/amount';
import { makeFood } from '@/testing/foods';

describe('custom food draft', () => {
  it('needs a name and calories as a number', () => {
    expect(draftProblem(EMPTY_DRAFT)).toBe('nameRequired');
    expect(draftProblem({ ...EMPTY_DRAFT, name: '   ', calories: '10' })).toBe('nameRequired');
    expect(draftProblem({ ...EMPTY_DRAFT, name: 'Soup' })).toBe('caloriesRequired');
    expect(draftProblem({ ...EMPTY_DRAFT, name: 'Soup', calories: 'many' })).toBe('caloriesRequired');
    expect(draftProblem({ ...EMPTY_DRAFT, name: 'Soup', calories: '0' })).toBeNull();
  });

  it('sends macros left empty or invalid as 0, and fiber, sugar or sodium so left not at all (unknown)', () => {
    const draft = { ...EMPTY_DRAFT, name: '  Soup ', calories: '45.5', protein: '2.5', fat: '', carbs: 'x', sugar: 'x', sodium: '300' };
    expect(inputFromDraft(draft)).toEqual({
      name: 'Soup',
      calories: 45.5,
      protein: 2.5,
      fat: 0,
      carbs: 0,
      sodium: 300,
    });
    expect(inputFromDraft({ ...draft, fiber: '0' })).toMatchObject({ fiber: 0 });
  });

  it('leaves what the food does not give empty, never 0', () => {
    const survey = makeFood({ fiber_per_100g: null, sugar_per_100g: 0, sodium_per_100g: null });
    const draft = draftFromFood(survey, 'Banana');
    expect(draft).toMatchObject({ fiber: '', sugar: '0', sodium: '' });
    expect([...unknownNutrients(survey)]).toEqual(['fiber', 'sodium']);
    const input = inputFromDraft(draft);
    expect(input).toMatchObject({ sugar: 0 });
    expect(input).not.toHaveProperty('fiber');
    expect(input).not.toHaveProperty('sodium');
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
      micronutrients: {},
      portions: [{ name: '1 medium', name_zh: '1 根（中）', grams: '118' }],
    });
  });

  it('sends only the vitamins, minerals and fats given, and none at all when none is', () => {
    const draft = { ...EMPTY_DRAFT, name: 'Juice', calories: '45' };
    expect(inputFromDraft(draft)).not.toHaveProperty('micronutrients');
    expect(inputFromDraft({ ...draft, micronutrients: { vitamin_c_mg: ' ', calcium_mg: 'x' } })).not.toHaveProperty('micronutrients');
    expect(inputFromDraft({ ...draft, micronutrients: { vitamin_c_mg: '50', calcium_mg: '', iron_mg: '0' } }).micronutrients).toEqual({
      vitamin_c_mg: 50,
      iron_mg: 0,
    });
  });

  it('pre-fills the vitamins, minerals and fats a food gives, but not a dish’s partial ones', () => {
    const values = { ...everyMicronutrient({}), vitamin_c_mg: 53.2, selenium_ug: 0.5, iron_mg: 1.4 };
    const draft = draftFromFood(makeFood({ micronutrients: values, micronutrient_coverage: { iron_mg: 0.6 } }), 'Orange');
    expect(draft.micronutrients).toEqual({ vitamin_c_mg: '53.2', selenium_ug: '0.5' });
    // The common fields, and selenium, which this food gives.
    expect(micronutrientFields(draft)).toEqual([
      'vitamin_a_ug',
      'vitamin_c_mg',
      'vitamin_d_ug',
      'calcium_mg',
      'iron_mg',
      'magnesium_mg',
      'potassium_mg',
      'zinc_mg',
      'selenium_ug',
      'cholesterol_mg',
      'saturated_fat_g',
    ]);
  });

  it('gives an edit every key, null for each not given', () => {
    const every = everyMicronutrient({ vitamin_c_mg: 50 });
    expect(Object.keys(every)).toHaveLength(24);
    expect(every.vitamin_c_mg).toBe(50);
    expect(every.calcium_mg).toBeNull();
  });

  it('sends portions trimmed, with an empty Chinese name as null', () => {
    const draft = {
      ...EMPTY_DRAFT,
      name: 'Loaf',
      calories: '250',
      portions: [{ name: ' 1 slice ', name_zh: '', grams: '30' }, { name: '1 loaf', name_zh: '1 条', grams: '500' }],
    };
    expect(inputFromDraft(draft).portions).toEqual([
      { name: '1 slice', name_zh: null, grams: 30 },
      { name: '1 loaf', name_zh: '1 条', grams: 500 },
    ]);
  });

  it('sends a portion named in Chinese only with that name in both, and reads it back as Chinese only', () => {
    const draft = { ...EMPTY_DRAFT, name: '煎饼', calories: '220', portions: [{ name: '', name_zh: ' 1 张 ', grams: '120' }] };
    const portions = inputFromDraft(draft).portions ?? [];
    expect(portions).toEqual([{ name: '1 张', name_zh: '1 张', grams: 120 }]);
    expect(draftFromFood(makeFood({ portions }), '煎饼').portions).toEqual([{ name: '', name_zh: '1 张', grams: '120' }]);
  });

  it('takes each Chinese measure word as the unit the quantity box then reads', () => {
    for (const word of ['张', '个', '碗', '片', '块', '杯', '勺', '只', '根', '盒']) {
      const draft = { ...EMPTY_DRAFT, name: '食物', calories: '100', portions: [{ name: '', name_zh: `1 ${word}`, grams: '120' }] };
      expect(portionProblem(draft.portions), word).toBeNull();
      const portions = inputFromDraft(draft).portions ?? [];
      expect(readAmount(`2${word}`, portions, false), word).toMatchObject({ ok: true, grams: 240 });
      expect(readAmount(`半${word}`, portions, false), word).toMatchObject({ ok: true, grams: 60 });
    }
  });

  it('names the first portion the server would refuse', () => {
    const ok = { name: '1 slice', name_zh: '1 片', grams: '30' };
    expect(portionProblem([ok])).toBeNull();
    expect(portionProblem([ok, { ...ok, name: '  ', name_zh: ' ' }])).toEqual({ index: 1, problem: 'portionNameRequired' });
    // A name in one language is enough.
    expect(portionProblem([{ ...ok, name: '' }])).toBeNull();
    expect(portionProblem([{ ...ok, name_zh: '' }])).toBeNull();
    expect(portionProblem([{ ...ok, name_zh: '片'.repeat(61) }])).toEqual({ index: 0, problem: 'portionNameTooLong' });
    for (const grams of ['', '0', '-1', '5001', 'x'])
      expect(portionProblem([{ ...ok, grams }])).toEqual({ index: 0, problem: 'portionGrams' });
    expect(portionProblem([{ ...ok, grams: '5000' }])).toBeNull();
  });
});

describe('food names', () => {
  it('leads with the name of the UI language', () => {
    expect(foodNames(makeFood(), 'en')).toMatchObject({ primary: 'Banana', secondary: '香蕉' });
    expect(foodNames(makeFood(), 'zh')).toMatchObject({ primary: '香蕉', secondary: 'Banana', primaryLang: 'zh-CN' });
    expect(foodNames(makeFood({ name_zh: null }), 'zh')).toMatchObject({ primary: 'Banana', secondary: null });
  });
});
