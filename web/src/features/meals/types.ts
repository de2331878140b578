import type { FoodNutrients } from '@/types/food';

/** SPEC 9 meal types. */
export type MealType = 'breakfast' | 'lunch' | 'dinner' | 'snack';
export const MEAL_TYPES: readonly MealType[] = ['breakfast', 'lunch', 'dinner', 'snack'];

/**
 * A food of a saved meal, with the nutrition it was saved with. A quick-add line has no
 * food and no quantity, only the values typed in.
 */
export type MealFood = {
  id: number;
  food_id: number | null;
  food_name: string;
  food_name_zh: string | null;
  brand: string | null;
  /** Grams; null for a quick-add line. */
  quantity: number | null;
  /** The amount as sent ("2 slices"), if the line was logged by one. */
  amount: string | null;
  is_quick_add: boolean;
  calories: number;
  protein: number;
  fat: number;
  carbs: number;
  /** Fibre, sugar and sodium null where the food's source does not give them. */
  per_100g: FoodNutrients;
};

/** A saved meal (SPEC 3), dated in the browser's time zone. */
export type Meal = {
  id: number;
  name: string | null;
  meal_type: MealType;
  /** Local day, YYYY-MM-DD. */
  date: string;
  /** Local time, HH:MM. */
  time: string;
  eaten_at: string;
  notes: string | null;
  foods: MealFood[];
  total_calories: number;
  total_protein: number;
  total_fat: number;
  total_carbs: number;
  created_at: string;
  updated_at: string;
};

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

export type Statistics = {
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

export type DailySummary = {
  date: string;
  calorie_goal: number;
  remaining_calories: number;
  progress_percent: number;
  summary: Summary;
  meal_breakdown: Record<MealType, TypeIntake>;
  /** Oldest first. */
  meals: Meal[];
};
