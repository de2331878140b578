import { dateKey } from '@/components/date-time/dates';
import type { Gender, ProfileResponse } from '@/features/profile/api/get-profile';
import type { UpdateProfileInput } from '@/features/profile/api/update-profile';
import { PROFILE_DEFAULTS } from '@/features/profile/utils/defaults';
import {
  KCAL_PER_GRAM,
  MACROS,
  activityLevel,
  gramsFromPercent,
  macroGoalUnit,
  percentsAddUp,
  type ActivityLevel,
  type Macro,
  type MacroGoalUnit,
} from '@/lib/goals';

/** The profile form as typed: numbers stay text until they are checked. */
export type ProfileDraft = {
  nickname: string;
  dateOfBirth: string;
  gender: Gender;
  height: string;
  weight: string;
  goal: string;
  activity: ActivityLevel | '';
  macroUnit: MacroGoalUnit;
} & Record<Macro, string>;

/** The server's bounds, checked before sending so the message sits by the field. */
export const PROFILE_LIMITS = {
  height: { min: 50, max: 272 },
  weight: { min: 2, max: 650 },
  goal: { min: 500, max: 10000 },
  grams: { min: 0, max: 1000 },
  percent: { min: 0, max: 100 },
} as const;

export type DraftField = 'dateOfBirth' | 'height' | 'weight' | 'goal' | Macro | 'macros';

/** What is wrong with a field (the message under `profile.errors`) and the numbers it names. */
export type DraftProblem = {
  code: 'height' | 'weight' | 'goal' | 'dateOfBirth' | 'birthYear' | 'birthYearPast' | 'macroMissing' | 'grams' | 'percent' | 'percentSum';
  values?: { min?: number; max?: number; sum?: number };
};

export function draftFromProfile({ user, profile }: ProfileResponse): ProfileDraft {
  const text = (value: number | null | undefined, fallback?: number) =>
    value === null || value === undefined ? (fallback === undefined ? '' : String(fallback)) : String(value);
  return {
    nickname: user.nickname ?? '',
    dateOfBirth: profile.date_of_birth ?? '',
    gender: profile.gender ?? PROFILE_DEFAULTS.gender,
    height: text(profile.height, PROFILE_DEFAULTS.height),
    weight: text(profile.weight, PROFILE_DEFAULTS.weight),
    goal: text(profile.daily_calorie_goal, PROFILE_DEFAULTS.dailyCalorieGoal),
    activity: activityLevel(profile.activity_level) ?? '',
    macroUnit: macroGoalUnit(profile.macro_goal_unit) ?? 'g',
    protein: text(profile.protein_goal),
    fat: text(profile.fat_goal),
    carbs: text(profile.carbs_goal),
  };
}

/** A typed number, or null when it is empty or not a number. */
export function typedNumber(text: string): number | null {
  if (text.trim() === '') return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}

const macrosTyped = (draft: ProfileDraft) => MACROS.filter((macro) => draft[macro].trim() !== '');

/**
 * Every problem of the draft, by field: bounds of the body data and the goal, a date of
 * birth before today, macro goals all three or none, and percents that add up to 100.
 */
export function draftProblems(draft: ProfileDraft, today: Date = new Date()): Partial<Record<DraftField, DraftProblem>> {
  const problems: Partial<Record<DraftField, DraftProblem>> = {};
  for (const field of ['height', 'weight', 'goal'] as const) {
    const value = typedNumber(draft[field]);
    const { min, max } = PROFILE_LIMITS[field];
    if (value === null || value < min || value > max) problems[field] = { code: field, values: { min, max } };
  }
  if (draft.dateOfBirth !== '' && !(draft.dateOfBirth < dateKey(today))) {
    problems.dateOfBirth = { code: 'dateOfBirth' };
  }

  const typed = macrosTyped(draft);
  if (typed.length === 0) return problems;
  const limits = draft.macroUnit === 'percent' ? PROFILE_LIMITS.percent : PROFILE_LIMITS.grams;
  for (const macro of MACROS) {
    const value = typedNumber(draft[macro]);
    if (value === null) {
      problems[macro] = { code: 'macroMissing' };
    } else if (value < limits.min || value > limits.max) {
      problems[macro] = {
        code: draft.macroUnit === 'percent' ? 'percent' : 'grams',
        values: { min: limits.min, max: limits.max },
      };
    }
  }
  if (draft.macroUnit === 'percent' && MACROS.every((macro) => !problems[macro])) {
    const percents = macroNumbers(draft);
    if (!percentsAddUp(percents)) {
      problems.macros = { code: 'percentSum', values: { sum: percentSum(percents) } };
    }
  }
  return problems;
}

function macroNumbers(draft: ProfileDraft): Record<Macro, number> {
  return {
    protein: typedNumber(draft.protein) ?? 0,
    fat: typedNumber(draft.fat) ?? 0,
    carbs: typedNumber(draft.carbs) ?? 0,
  };
}

/** The typed percents' sum, to a tenth. */
export function percentSum(percents: Record<Macro, number>): number {
  return Math.round((percents.protein + percents.fat + percents.carbs) * 10) / 10;
}

/** The sum of the typed percents, for the running total beside them. */
export function draftPercentSum(draft: ProfileDraft): number {
  return percentSum(macroNumbers(draft));
}

/**
 * Whether the server keeps activity and macro goals. One from before them answers without
 * the fields and refuses a save that names them, so then they are neither offered nor sent.
 */
export function serverKeepsGoals({ profile }: ProfileResponse): boolean {
  return 'activity_level' in profile;
}

/** What a checked draft sends; macro goals left empty are cleared (the default split applies). */
export function payloadFromDraft(draft: ProfileDraft, withGoals = true): UpdateProfileInput {
  const body = {
    nickname: draft.nickname.trim(),
    date_of_birth: draft.dateOfBirth === '' ? null : draft.dateOfBirth,
    gender: draft.gender,
    height: Number(draft.height),
    weight: Number(draft.weight),
    daily_calorie_goal: Number(draft.goal),
  };
  if (!withGoals) return body;
  const typed = macrosTyped(draft).length > 0;
  return {
    ...body,
    activity_level: draft.activity === '' ? null : draft.activity,
    macro_goal_unit: typed ? draft.macroUnit : null,
    protein_goal: typed ? typedNumber(draft.protein) : null,
    fat_goal: typed ? typedNumber(draft.fat) : null,
    carbs_goal: typed ? typedNumber(draft.carbs) : null,
  };
}

/**
 * The macro goals in the other unit, worked out from the calorie goal so switching keeps
 * what was meant; left empty where there is nothing to work from.
 */
export function switchMacroUnit(draft: ProfileDraft, unit: MacroGoalUnit): ProfileDraft {
  if (unit === draft.macroUnit) return draft;
  const calories = typedNumber(draft.goal);
  const next = { ...draft, macroUnit: unit };
  for (const macro of MACROS) {
    const value = typedNumber(draft[macro]);
    if (value === null || calories === null || calories <= 0) {
      next[macro] = '';
    } else if (unit === 'g') {
      next[macro] = String(gramsFromPercent(calories, value, macro));
    } else {
      next[macro] = String(Math.round((value * KCAL_PER_GRAM[macro] * 100) / calories));
    }
  }
  return next;
}
