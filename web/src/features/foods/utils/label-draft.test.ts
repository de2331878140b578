import { describe, expect, it } from 'vitest';
import type { LabelField, LabelReading } from '@/features/foods/api/read-label';
import { EMPTY_DRAFT } from '@/features/foods/utils/custom-food-draft';
import { draftFromLabel } from '@/features/foods/utils/label-draft';

function field(nutrient: LabelField['nutrient'], value: number | null, certainty: LabelField['certainty']): LabelField {
  return { nutrient, value, certainty, printed: value === null ? null : `${value}`, confidence: 0.9, doubts: [] };
}

const label: LabelReading = {
  found: true,
  kind: 'gb28050',
  basis: 'per100g',
  serving_grams: null,
  barcode: null,
  fields: [
    field('calories', 377.6, 'sure'),
    field('protein', 6.5, 'check'),
    field('fat', null, 'implausible'),
    field('carbs', 60.1, 'sure'),
    field('sodium', null, 'unread'),
    field('fiber', null, 'not_on_label'),
    field('sugar', 22, 'sure'),
  ],
  rows: [],
  took_ms: 800,
};

describe('a form filled from a label', () => {
  it('takes the values read, leaves the unread and implausible empty and marked, and keeps the name', () => {
    const start = { ...EMPTY_DRAFT, name: 'Crackers', fat: '12', fiber: '3' };
    const { draft, notes } = draftFromLabel(start, label);
    expect(draft).toMatchObject({
      name: 'Crackers',
      calories: '377.6',
      protein: '6.5',
      fat: '',
      carbs: '60.1',
      sodium: '',
      sugar: '22',
      // Not on the label: what was typed stays.
      fiber: '3',
    });
    expect(notes).toEqual({
      calories: 'sure',
      protein: 'check',
      fat: 'unread',
      carbs: 'sure',
      sodium: 'unread',
      sugar: 'sure',
    });
  });

  it('changes nothing when no label was found', () => {
    const start = { ...EMPTY_DRAFT, name: 'Crackers', calories: '400' };
    expect(draftFromLabel(start, { ...label, found: false })).toEqual({ draft: start, notes: {} });
  });
});
