import type { MacroSplit } from '@/features/meals/types';

/** Energy per gram (kcal) of protein, fat and carbohydrates. */
const KCAL_PER_GRAM = { protein: 4, fat: 9, carbs: 4 } as const;

const round1 = (value: number) => Math.round(value * 10) / 10;

/**
 * Shares of energy (percent, 1 decimal) from protein, fat and carbohydrates; zeros when
 * nothing was eaten. The same rule as the statistics call's `macro_split`, for the day
 * summary, whose answer carries only the grams.
 */
export function macroSplit(grams: { protein: number; fat: number; carbs: number }): MacroSplit {
  const protein = grams.protein * KCAL_PER_GRAM.protein;
  const fat = grams.fat * KCAL_PER_GRAM.fat;
  const carbs = grams.carbs * KCAL_PER_GRAM.carbs;
  const energy = protein + fat + carbs;
  if (!(energy > 0)) return { protein: 0, fat: 0, carbs: 0 };
  const share = (kcal: number) => round1((kcal * 100) / energy);
  return { protein: share(protein), fat: share(fat), carbs: share(carbs) };
}
