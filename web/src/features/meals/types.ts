import type { MicronutrientCoverage, MicronutrientKey, Micronutrients } from '@/types/food';
import type { Meal, MealType } from '@/types/meal';

/** Calories without a food (issue 8 "Quick add"); the server names it "Quick add" when unnamed. */
export type QuickAddInput = { name?: string; calories: number; protein?: number; fat?: number; carbs?: number };

/** A food by grams or by an amount such as "2 slices" (the amount wins), or a quick add. */
export type MealLineInput =
  | { food_id: number; quantity: number; amount?: string; refresh?: boolean }
  | { quick_add: QuickAddInput };

/** What a save sends (SPEC 3 "Meal save payload"); `date` is a UTC ISO date-time. */
export type MealInput = {
  name: string;
  date: string;
  meal_type: MealType;
  notes?: string;
  foods: MealLineInput[];
};

export type Macros = { calories: number; protein: number; fat: number; carbs: number };

export type Summary = {
  total_meals: number;
  total_calories: number;
  total_protein: number;
  total_fat: number;
  total_carbs: number;
};

export type TypeIntake = { count: number; calories: number; protein: number; fat: number; carbs: number };

export type DayIntake = Macros & { date: string; meals: number };

export type TopFood = {
  food_id: number | null;
  name: string;
  name_zh: string | null;
  total_quantity: number;
  total_calories: number;
  frequency: number;
};

export type MacroSplit = { protein: number; fat: number; carbs: number };

/**
 * A day's target for a micronutrient, in its key's unit. `rda` (Recommended Dietary
 * Allowance) and `ai` (Adequate Intake) are amounts to reach; `limit` one to stay under
 * (saturated fat, null without a calorie goal). Above `upper_limit` (the Tolerable Upper
 * Intake Level) is too much.
 */
export type MicronutrientTarget = { amount: number | null; kind: 'rda' | 'ai' | 'limit'; upper_limit: number | null };

/** Whose targets they are; `assumed` when the profile gives no sex or birth date. Ages to 130 are "71+". */
export type MicronutrientTargetGroup = { sex: 'male' | 'female' | 'any'; age_from: number; age_to: number; assumed: boolean };

/**
 * The vitamins, minerals and fats of a day or span against the daily targets (issue 36).
 * Older servers leave them out.
 */
export type MicronutrientIntake = {
  /** Totals over the day or span; null where no food eaten gives one. */
  micronutrients?: Micronutrients;
  /** The totals over the days logged (statistics); the day's totals (a daily summary). */
  micronutrients_per_day?: Micronutrients;
  /** Every key: the share of the grams eaten whose food gives a value. */
  micronutrient_coverage?: MicronutrientCoverage;
  /** Only the keys with a target. */
  micronutrient_targets?: Partial<Record<MicronutrientKey, MicronutrientTarget>>;
  micronutrient_target_group?: MicronutrientTargetGroup;
};

export type Statistics = MicronutrientIntake & {
  start_date: string;
  end_date: string;
  is_single_day: boolean;
  summary: Summary;
  meal_breakdown: Record<MealType, TypeIntake>;
  stats: {
    date_range: { start_date: string; end_date: string; days_count: number };
    totals: Macros;
    /** Over every calendar day of the span, logged or not. */
    daily_average: Macros;
    days_logged: number;
    /** Over the days with a meal only; older servers leave it out. */
    logged_day_average?: Macros;
  };
  top_foods: TopFood[];
  daily: DayIntake[];
  macro_split: MacroSplit;
  calorie_goal: number;
};

export type DailySummary = MicronutrientIntake & {
  date: string;
  calorie_goal: number;
  remaining_calories: number;
  progress_percent: number;
  summary: Summary;
  meal_breakdown: Record<MealType, TypeIntake>;
  /** Oldest first. */
  meals: Meal[];
};

/**
 * A meal saved offline, waiting on this device to be sent: shown on its day, marked as
 * waiting, until the server has it.
 */
export type WaitingMeal = {
  key: string;
  name: string;
  meal_type: MealType;
  /** The UTC instant it was eaten. */
  eaten_at: string;
  /** Null for a meal queued before its values were kept with it. */
  totals: Macros | null;
  foods: { name: string; name_zh: string | null; grams: number | null; calories: number }[];
};
