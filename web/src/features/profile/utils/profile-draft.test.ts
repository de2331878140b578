import { describe, expect, it } from 'vitest';
import {
  draftProblems,
  payloadFromDraft,
  switchMacroUnit,
  type ProfileDraft,
} from '@/features/profile/utils/profile-draft';

const draft = (fields: Partial<ProfileDraft> = {}): ProfileDraft => ({
  nickname: ' Ann ',
  dateOfBirth: '1990-05-01',
  gender: 'female',
  height: '165',
  weight: '60',
  goal: '2000',
  activity: 'lightly_active',
  macroUnit: 'g',
  protein: '',
  fat: '',
  carbs: '',
  ...fields,
});

const today = new Date(2026, 10, 24);

describe('profile draft checks', () => {
  it('lets a sound draft through', () => {
    expect(draftProblems(draft(), today)).toEqual({});
  });

  it('holds height, weight and goal to their bounds, ends included', () => {
    expect(draftProblems(draft({ height: '50', weight: '650', goal: '10000' }), today)).toEqual({});
    expect(Object.keys(draftProblems(draft({ height: '49.9', weight: '1.9', goal: '10001' }), today))).toEqual([
      'height',
      'weight',
      'goal',
    ]);
    expect(draftProblems(draft({ height: 'abc' }), today).height).toEqual({ code: 'height', values: { min: 50, max: 272 } });
  });

  it('wants a date of birth before today', () => {
    expect(draftProblems(draft({ dateOfBirth: '2026-11-24' }), today).dateOfBirth).toEqual({ code: 'dateOfBirth' });
    expect(draftProblems(draft({ dateOfBirth: '2026-11-23' }), today).dateOfBirth).toBeUndefined();
    expect(draftProblems(draft({ dateOfBirth: '' }), today).dateOfBirth).toBeUndefined();
  });

  it('wants all three macro goals or none, and percents that add up to 100', () => {
    expect(draftProblems(draft({ protein: '120' }), today)).toEqual({
      fat: { code: 'macroMissing' },
      carbs: { code: 'macroMissing' },
    });
    const percent = draft({ macroUnit: 'percent', protein: '30', fat: '30', carbs: '30' });
    expect(draftProblems(percent, today)).toEqual({ macros: { code: 'percentSum', values: { sum: 90 } } });
    expect(draftProblems({ ...percent, carbs: '40' }, today)).toEqual({});
    expect(draftProblems({ ...percent, carbs: '140' }, today).carbs).toEqual({
      code: 'percent',
      values: { min: 0, max: 100 },
    });
  });
});

describe('what a draft sends', () => {
  it('clears the macro goals when all three are empty', () => {
    expect(payloadFromDraft(draft())).toEqual({
      nickname: 'Ann',
      date_of_birth: '1990-05-01',
      gender: 'female',
      height: 165,
      weight: 60,
      daily_calorie_goal: 2000,
      activity_level: 'lightly_active',
      macro_goal_unit: null,
      protein_goal: null,
      fat_goal: null,
      carbs_goal: null,
    });
  });

  it('sends the goals in their unit, and no activity level when none is chosen', () => {
    expect(payloadFromDraft(draft({ activity: '', protein: '120', fat: '60', carbs: '250' }))).toMatchObject({
      activity_level: null,
      macro_goal_unit: 'g',
      protein_goal: 120,
      fat_goal: 60,
      carbs_goal: 250,
    });
  });
});

describe('switching the macro unit', () => {
  it('turns grams into percent of the calorie goal and back', () => {
    const percent = switchMacroUnit(draft({ protein: '150', fat: '50', carbs: '225' }), 'percent');
    expect([percent.protein, percent.fat, percent.carbs]).toEqual(['30', '23', '45']);
    const grams = switchMacroUnit(percent, 'g');
    expect([grams.protein, grams.fat, grams.carbs]).toEqual(['150', '51', '225']);
  });

  it('empties what it cannot work out', () => {
    const switched = switchMacroUnit(draft({ goal: '', protein: '150', fat: '', carbs: '' }), 'percent');
    expect([switched.macroUnit, switched.protein, switched.fat]).toEqual(['percent', '', '']);
  });
});
