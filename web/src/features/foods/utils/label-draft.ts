import type { LabelReading } from '@/features/foods/api/read-label';
import type { CustomFoodDraft, PortionDraft } from '@/features/foods/utils/custom-food-draft';

/** The number fields of the form a label fills. */
export const LABEL_FIELDS = ['calories', 'protein', 'fat', 'carbs', 'fiber', 'sugar', 'sodium'] as const;
export type LabelDraftField = (typeof LABEL_FIELDS)[number];

/**
 * What the form says beside a field filled from a label: read clearly; read, but to be
 * checked; left empty because it could not be read (or was not believable); or, for the
 * calories only, worked out from protein, fat and carbs once the person took the estimate.
 */
export type LabelNote = 'sure' | 'check' | 'unread' | 'estimated';
export type LabelNotes = Partial<Record<LabelDraftField, LabelNote>>;

/**
 * The portion a label's serving size becomes ("1 serving" of 55 g): the food's first
 * portion, which it is logged by unless the person picks another. Its names are data, in
 * both languages, not words of the page.
 */
export function servingPortion(grams: number): PortionDraft {
  return { name: '1 serving', name_zh: '1 份', grams: String(grams) };
}

/**
 * The form filled from a label: every value read goes in as read; a value not read or
 * not believable is left empty and marked, never guessed; what the label does not give
 * (fibre on many labels) is left as it was. The name is kept; the serving size read
 * becomes the first portion (replacing one from an earlier label), before those typed.
 */
export function draftFromLabel(draft: CustomFoodDraft, label: LabelReading): { draft: CustomFoodDraft; notes: LabelNotes } {
  if (!label.found) return { draft, notes: {} };
  const filled = { ...draft };
  const notes: LabelNotes = {};
  for (const field of label.fields) {
    if (field.certainty === 'not_on_label') continue;
    const name: LabelDraftField = field.nutrient;
    if (typeof field.value === 'number' && (field.certainty === 'sure' || field.certainty === 'check')) {
      filled[name] = String(field.value);
      notes[name] = field.certainty;
    } else {
      filled[name] = '';
      notes[name] = 'unread';
    }
  }
  const servingGrams = label.serving_grams ?? null;
  if (servingGrams !== null && servingGrams > 0) {
    const serving = servingPortion(servingGrams);
    const others = draft.portions.filter((portion) => portion.name !== serving.name || portion.name_zh !== serving.name_zh);
    filled.portions = [serving, ...others];
  }
  return { draft: filled, notes };
}

function amountOf(text: string): number | null {
  if (text.trim() === '') return null;
  const value = Number(text);
  return Number.isFinite(value) && value >= 0 ? value : null;
}

/**
 * The energy of 100 g by the Atwater factors (4 kcal per gram of protein and of carbs,
 * 9 per gram of fat), whole kcal, from the form's protein, fat and carbs; null unless all
 * three are given. Offered, never filled in, when the label's calorie row was not read.
 */
export function atwaterCalories(draft: Pick<CustomFoodDraft, 'protein' | 'fat' | 'carbs'>): number | null {
  const protein = amountOf(draft.protein);
  const fat = amountOf(draft.fat);
  const carbs = amountOf(draft.carbs);
  if (protein === null || fat === null || carbs === null) return null;
  return Math.round(4 * protein + 9 * fat + 4 * carbs);
}
