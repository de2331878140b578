import { describe, expect, it } from 'vitest';
import type { LabelField, LabelReading } from '@/features/foods/api/read-label';
import { EMPTY_DRAFT } from '@/features/foods/utils/custom-food-draft';
import { atwaterCalories, draftFromLabel } from '@/features/foods/utils/label-draft';
import { readAmount } from '@/lib/amount';

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

  it('keeps the serving size read as the first portion, "1 serving" and "1 份", which the quantity box reads back', () => {
    const typed = { name: '1 pack', name_zh: '', grams: '200' };
    const { draft } = draftFromLabel({ ...EMPTY_DRAFT, portions: [typed] }, { ...label, basis: 'per_serving', serving_grams: 55 });
    expect(draft.portions).toEqual([{ name: '1 serving', name_zh: '1 份', grams: '55' }, typed]);
    const portions = draft.portions.map((portion) => ({ ...portion, grams: Number(portion.grams) }));
    expect(readAmount('1 serving', portions, false)).toMatchObject({ ok: true, grams: 55 });
    expect(readAmount('2份', portions, false)).toMatchObject({ ok: true, grams: 110 });
  });

  it('replaces the serving of an earlier label rather than adding a second', () => {
    const first = draftFromLabel(EMPTY_DRAFT, { ...label, serving_grams: 55 }).draft;
    const second = draftFromLabel(first, { ...label, serving_grams: 30 }).draft;
    expect(second.portions).toEqual([{ name: '1 serving', name_zh: '1 份', grams: '30' }]);
  });

  it('adds no portion when the label gives no serving size', () => {
    expect(draftFromLabel(EMPTY_DRAFT, label).draft.portions).toEqual([]);
  });
});

describe('the calories worked out from protein, fat and carbs (Atwater)', () => {
  it('is 4 kcal per gram of protein and carbs and 9 per gram of fat, in whole kcal', () => {
    expect(atwaterCalories({ protein: '6.9', fat: '31', carbs: '51.7' })).toBe(513);
    expect(atwaterCalories({ protein: '0', fat: '0', carbs: '12.5' })).toBe(50);
  });

  it('is not worked out while any of the three is missing or not a number', () => {
    expect(atwaterCalories({ protein: '6.9', fat: '', carbs: '51.7' })).toBeNull();
    expect(atwaterCalories({ protein: 'abc', fat: '31', carbs: '51.7' })).toBeNull();
    expect(atwaterCalories({ protein: '6.9', fat: '-1', carbs: '51.7' })).toBeNull();
  });
});
