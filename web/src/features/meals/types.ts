import type { components } from '@/types/api.gen';
import type { MealType } from '@/types/meal';

type Schemas = components['schemas'];

/** Calories without a food (issue 8 "Quick add"); the server names it "Quick add" when unnamed. */
export type QuickAddInput = { name?: string; calories: number; protein?: number; fat?: number; carbs?: number };

/**
 * A food by grams or by an amount such as "2 slices" (the amount wins), or a quick add.
 * Written here, as is MealInput: the document's line is one struct of optional fields and
 * its meal body gives every field as optional (update leaves out what it keeps), where the
 * app sends one of these two shapes, whole.
 */
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

export type Macros = Schemas['Macros'];

export type Summary = Schemas['Summary'];

export type TypeIntake = Schemas['TypeIntake'];

export type DayIntake = Schemas['Day'];

export type TopFood = Schemas['TopFoodView'];

export type MacroSplit = Schemas['MacroSplitView'];

/**
 * A day's target for a micronutrient, in its key's unit. `rda` (Recommended Dietary
 * Allowance) and `ai` (Adequate Intake) are amounts to reach; `limit` one to stay under
 * (saturated fat, null without a calorie goal). Above `upper_limit` (the Tolerable Upper
 * Intake Level) is too much.
 */
export type MicronutrientTarget = Schemas['Target'];

/** Whose targets they are; `assumed` when the profile gives no sex or birth date. Ages to 130 are "71+". */
export type MicronutrientTargetGroup = Schemas['TargetGroup'];

/** The vitamins, minerals and fats of a day or span against the daily targets (issue 36). */
export type MicronutrientIntake = Schemas['MicronutrientReport'];

/** `stats.daily_average` is over every calendar day of the span, logged or not. */
export type Statistics = Schemas['StatisticsView'];

/** Its meals oldest first. */
export type DailySummary = Schemas['DailySummary'];

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
