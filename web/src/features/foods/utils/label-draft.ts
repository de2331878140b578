import type { LabelReading } from '@/features/foods/api/read-label';
import type { CustomFoodDraft } from '@/features/foods/utils/custom-food-draft';

/** The number fields of the form a label fills. */
export const LABEL_FIELDS = ['calories', 'protein', 'fat', 'carbs', 'fiber', 'sugar', 'sodium'] as const;
export type LabelDraftField = (typeof LABEL_FIELDS)[number];

/**
 * What the form says beside a field filled from a label: read clearly; read, but to be
 * checked; or left empty because it could not be read (or was not believable).
 */
export type LabelNote = 'sure' | 'check' | 'unread';
export type LabelNotes = Partial<Record<LabelDraftField, LabelNote>>;

/**
 * The form filled from a label: every value read goes in as read; a value not read or
 * not believable is left empty and marked, never guessed; what the label does not give
 * (fibre on many labels) is left as it was. The name and portions are kept.
 */
export function draftFromLabel(draft: CustomFoodDraft, label: LabelReading): { draft: CustomFoodDraft; notes: LabelNotes } {
  if (!label.found) return { draft, notes: {} };
  const filled = { ...draft };
  const notes: LabelNotes = {};
  for (const field of label.fields) {
    if (field.certainty === 'not_on_label') continue;
    const name: LabelDraftField = field.nutrient;
    if (field.value !== null && (field.certainty === 'sure' || field.certainty === 'check')) {
      filled[name] = String(field.value);
      notes[name] = field.certainty;
    } else {
      filled[name] = '';
      notes[name] = 'unread';
    }
  }
  return { draft: filled, notes };
}
