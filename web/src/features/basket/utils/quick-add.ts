import type { QuickAdd } from '@/features/basket/utils/basket';

/** The quick add form as typed. */
export type QuickAddDraft = { name: string; calories: string; protein: string; fat: string; carbs: string };

export const EMPTY_QUICK_ADD: QuickAddDraft = { name: '', calories: '', protein: '', fat: '', carbs: '' };

export const QUICK_ADD_MACROS = ['protein', 'fat', 'carbs'] as const;
export type QuickAddMacro = (typeof QUICK_ADD_MACROS)[number];

// The meals API's bounds for a quick add (issue 8): refusing here keeps the basket savable.
export const MAX_QUICK_CALORIES = 5000;
export const MAX_QUICK_MACRO_GRAMS = 500;
export const MAX_QUICK_NAME = 100;

export type QuickAddProblem =
  | { problem: 'caloriesRequired' | 'caloriesRange' | 'nameTooLong' }
  | { problem: 'macroRange'; macro: QuickAddMacro };

/** The quick add a draft stands for, or why it cannot be one; empty optional values are left out. */
export function readQuickAdd(draft: QuickAddDraft): { quick: QuickAdd } | QuickAddProblem {
  const name = draft.name.trim();
  if (name.length > MAX_QUICK_NAME) return { problem: 'nameTooLong' };
  if (draft.calories.trim() === '') return { problem: 'caloriesRequired' };
  const calories = Number(draft.calories);
  if (!Number.isFinite(calories) || calories <= 0 || calories > MAX_QUICK_CALORIES) return { problem: 'caloriesRange' };
  const quick: QuickAdd = { ...(name ? { name } : {}), calories };
  for (const macro of QUICK_ADD_MACROS) {
    const text = draft[macro].trim();
    if (text === '') continue;
    const grams = Number(text);
    if (!Number.isFinite(grams) || grams < 0 || grams > MAX_QUICK_MACRO_GRAMS) return { problem: 'macroRange', macro };
    quick[macro] = grams;
  }
  return { quick };
}
