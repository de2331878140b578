import ENERGY_FORMULA from '@energy-formula';
import { describe, expect, it } from 'vitest';
import {
  ACTIVITY_FACTORS,
  ACTIVITY_LEVELS,
  activityLevel,
  basalMetabolicRate,
  macroGoalUnit,
  macroGoals,
  percentsAddUp,
  suggestedCalorieGoal,
} from '@/lib/goals';

describe('basal metabolic rate (Mifflin-St Jeor)', () => {
  const body = { weightKg: 70, heightCm: 175, age: 30 };

  it('adds 5 for a man and takes 161 for a woman', () => {
    // 700 + 1093.75 − 150 = 1643.75, then the constant
    expect(basalMetabolicRate({ ...body, sex: 'male' })).toBe(1649);
    expect(basalMetabolicRate({ ...body, sex: 'female' })).toBe(1483);
  });

  it('takes the mean of the two (−78) for other or unknown', () => {
    expect(basalMetabolicRate({ ...body, sex: 'other' })).toBe(1566);
    expect(basalMetabolicRate({ ...body, sex: null })).toBe(1566);
  });

  it('follows each input', () => {
    expect(basalMetabolicRate({ weightKg: 60, heightCm: 160, age: 45, sex: 'female' })).toBe(1214);
  });
});

describe('the energy formula the server uses', () => {
  it("gives each of models/data/energy_formula.json's cases, as the server's tests do", () => {
    expect(ENERGY_FORMULA.cases.length).toBeGreaterThanOrEqual(5);
    for (const c of ENERGY_FORMULA.cases) {
      const sex = c.sex as 'male' | 'female' | 'other';
      const level = activityLevel(c.activity);
      expect(level).not.toBeNull();
      const bmr = basalMetabolicRate({ weightKg: c.weight_kg, heightCm: c.height_cm, age: c.age, sex });
      expect(bmr).toBe(c.bmr);
      expect(suggestedCalorieGoal(bmr, level!)).toBe(c.goal);
    }
  });
});

describe('suggested calorie goal', () => {
  it('has the five levels with their factors', () => {
    expect(ACTIVITY_LEVELS.map((level) => ACTIVITY_FACTORS[level])).toEqual([1.2, 1.375, 1.55, 1.725, 1.9]);
  });

  it('is the BMR times the factor, rounded', () => {
    expect(suggestedCalorieGoal(1649, 'moderately_active')).toBe(2556);
    expect(suggestedCalorieGoal(1649, 'sedentary')).toBe(1979);
    expect(suggestedCalorieGoal(1649, 'extra_active')).toBe(3133);
  });
});

describe('macro goals in grams', () => {
  it('takes grams as set', () => {
    expect(macroGoals(2000, { macro_goal_unit: 'g', protein_goal: 120, fat_goal: 70.4, carbs_goal: 210 })).toEqual({
      protein: { grams: 120, isDefault: false },
      fat: { grams: 70, isDefault: false },
      carbs: { grams: 210, isDefault: false },
    });
  });

  it('turns percent of the calorie goal into grams at 4, 9 and 4 kcal per gram', () => {
    expect(macroGoals(2400, { macro_goal_unit: 'percent', protein_goal: 25, fat_goal: 25, carbs_goal: 50 })).toEqual({
      protein: { grams: 150, isDefault: false },
      fat: { grams: 67, isDefault: false },
      carbs: { grams: 300, isDefault: false },
    });
  });

  it('falls back to 20/30/50 percent, marked as the default', () => {
    const defaults = {
      protein: { grams: 100, isDefault: true },
      fat: { grams: 67, isDefault: true },
      carbs: { grams: 250, isDefault: true },
    };
    expect(macroGoals(2000, null)).toEqual(defaults);
    expect(macroGoals(2000, { macro_goal_unit: null, protein_goal: null, fat_goal: null, carbs_goal: null })).toEqual(
      defaults,
    );
  });

  it('fills only the macros left unset with the default', () => {
    const goals = macroGoals(2000, { macro_goal_unit: 'g', protein_goal: 150, fat_goal: null, carbs_goal: null });
    expect(goals.protein).toEqual({ grams: 150, isDefault: false });
    expect(goals.fat).toEqual({ grams: 67, isDefault: true });
  });
});

describe('percent goals', () => {
  it('must add up to 100', () => {
    expect(percentsAddUp({ protein: 20, fat: 30, carbs: 50 })).toBe(true);
    expect(percentsAddUp({ protein: 33.3, fat: 33.3, carbs: 33.4 })).toBe(true);
    expect(percentsAddUp({ protein: 20, fat: 30, carbs: 40 })).toBe(false);
  });
});

describe("the profile's strings", () => {
  it('reads a known activity level or unit, and none for anything else', () => {
    expect(activityLevel('very_active')).toBe('very_active');
    expect(activityLevel('couch')).toBeNull();
    expect(activityLevel(undefined)).toBeNull();
    expect(macroGoalUnit('percent')).toBe('percent');
    expect(macroGoalUnit('kg')).toBeNull();
    expect(macroGoalUnit(null)).toBeNull();
  });
});
