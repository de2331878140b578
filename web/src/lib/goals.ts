// Daily goals from body data: the energy a person needs and the grams of each macro.
// Shared by the profile (where goals are set) and the dashboard (where they are met).

import ENERGY_FORMULA from '@energy-formula';
import type { components } from '@/types/api.gen';

/** SPEC 9's activity levels, as the profile call names them. */
export const ACTIVITY_LEVELS = [
  'sedentary',
  'lightly_active',
  'moderately_active',
  'very_active',
  'extra_active',
] as const;
export type ActivityLevel = (typeof ACTIVITY_LEVELS)[number];

/** The level a profile names (a string in the API's document), or null for none or one this app does not know. */
export function activityLevel(value: string | null | undefined): ActivityLevel | null {
  return ACTIVITY_LEVELS.find((level) => level === value) ?? null;
}

/** The usual multipliers of the basal metabolic rate for each level (the server's own, models/data/energy_formula.json). */
export const ACTIVITY_FACTORS: Record<ActivityLevel, number> = ENERGY_FORMULA.activity_factors;

export type BodySex = 'male' | 'female' | 'other' | null;

/**
 * Basal metabolic rate (kcal a day, whole), Mifflin-St Jeor, with the server's numbers
 * (models/data/energy_formula.json, whose cases both sides check):
 * 10·kg + 6.25·cm − 5·age + 5 (male), −161 (female), the mean of the two (−78) for
 * anyone else or unknown, so the suggestion sits between them rather than guessing one.
 */
export function basalMetabolicRate(body: { weightKg: number; heightCm: number; age: number; sex: BodySex }): number {
  const f = ENERGY_FORMULA;
  const constant = f.sex_constant[body.sex ?? 'other'];
  return Math.round(f.per_kg * body.weightKg + f.per_cm * body.heightCm + f.per_year * body.age + constant);
}

/**
 * The suggested daily goal: the whole BMR times the level's factor, rounded, so the sum
 * shown to the person ("BMR 1,649 kcal × 1.55 = 2,556 kcal") is the one worked out.
 */
export function suggestedCalorieGoal(bmr: number, level: ActivityLevel): number {
  return Math.round(bmr * ACTIVITY_FACTORS[level]);
}

export const MACROS = ['protein', 'fat', 'carbs'] as const;
export type Macro = (typeof MACROS)[number];

/** Energy per gram (kcal) of protein, fat and carbohydrates. */
export const KCAL_PER_GRAM: Record<Macro, number> = { protein: 4, fat: 9, carbs: 4 };

/** The split used when the person has set no macro goals: percent of the calorie goal. */
export const DEFAULT_MACRO_PERCENT: Record<Macro, number> = { protein: 20, fat: 30, carbs: 50 };

export type MacroGoalUnit = 'g' | 'percent';

/** The unit a profile names (a string in the API's document), or null for none or one this app does not know. */
export function macroGoalUnit(value: string | null | undefined): MacroGoalUnit | null {
  return value === 'g' || value === 'percent' ? value : null;
}

/**
 * The macro goals as the profile holds them: grams, or percent of the calorie goal
 * (`macro_goal_unit` "g" or "percent"); absent or null where not set.
 */
export type MacroGoalSettings = Pick<
  components['schemas']['ProfileFields'],
  'macro_goal_unit' | 'protein_goal' | 'fat_goal' | 'carbs_goal'
>;

/** A day's goal of one macro in grams, and whether it is the default split (not the person's own). */
export type MacroGoal = { grams: number; isDefault: boolean };

/** Grams of `percent` of `calories` for a macro. */
export function gramsFromPercent(calories: number, percent: number, macro: Macro): number {
  return Math.round((calories * percent) / 100 / KCAL_PER_GRAM[macro]);
}

/**
 * Each macro's goal in grams: the person's grams, or their percent of the calorie goal,
 * else the default split (20 % protein, 30 % fat, 50 % carbs) marked as the default.
 */
export function macroGoals(calorieGoal: number, settings: MacroGoalSettings | null): Record<Macro, MacroGoal> {
  const own = (macro: Macro) => settings?.[`${macro}_goal`] ?? null;
  const goal = (macro: Macro): MacroGoal => {
    const value = own(macro);
    if (value !== null && settings?.macro_goal_unit === 'g') return { grams: Math.round(value), isDefault: false };
    if (value !== null && settings?.macro_goal_unit === 'percent') {
      return { grams: gramsFromPercent(calorieGoal, value, macro), isDefault: false };
    }
    return { grams: gramsFromPercent(calorieGoal, DEFAULT_MACRO_PERCENT[macro], macro), isDefault: true };
  };
  return { protein: goal('protein'), fat: goal('fat'), carbs: goal('carbs') };
}

/** Percent goals must add up to 100 (the server refuses anything else); a tenth of rounding is let through. */
export function percentsAddUp(percents: Record<Macro, number>): boolean {
  return Math.abs(percents.protein + percents.fat + percents.carbs - 100) < 0.1;
}
