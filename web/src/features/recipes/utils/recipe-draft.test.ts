import { describe, expect, it } from 'vitest';
import { checkDraft, draftValues, emptyDraft, parseServings, withIngredient } from '@/features/recipes/utils/recipe-draft';
import { makeFood } from '@/testing/foods';
import type { SavedFood } from '@/types/food';

const rice = makeFood({ id: 4, name: 'Rice', calories_per_100g: 130, protein_per_100g: 2.7 }) as SavedFood;
const egg = makeFood({ id: 5, name: 'Egg', calories_per_100g: 155, protein_per_100g: 13 }) as SavedFood;

describe('recipe drafts', () => {
  it('take servings above 0 and at most 100', () => {
    expect(parseServings('0')).toBeNull();
    expect(parseServings('-1')).toBeNull();
    expect(parseServings('100.5')).toBeNull();
    expect(parseServings('')).toBeNull();
    expect(parseServings('0.5')).toBe(0.5);
    expect(parseServings('100')).toBe(100);
  });

  it('add up totals, per serving and per 100 g; a food picked twice adds its grams', () => {
    let draft = { ...emptyDraft(), servings: '2' };
    draft = withIngredient(withIngredient(withIngredient(draft, rice), egg), rice);
    expect(draft.ingredients.map((line) => [line.name, line.grams])).toEqual([['Rice', '200'], ['Egg', '100']]);
    const values = draftValues(draft);
    expect(values.totalGrams).toBe(300);
    expect(values.totals.calories).toBeCloseTo(415);
    expect(values.perServing?.calories).toBeCloseTo(207.5);
    expect(values.per100g?.protein).toBeCloseTo((5.4 + 13) / 3);
    expect(draftValues({ ...draft, servings: '0' }).perServing).toBeNull();
  });

  it('say what is missing, and build the input otherwise', () => {
    expect(checkDraft({ ...emptyDraft(), servings: '101' })).toEqual({
      problems: { name: 'nameRequired', servings: 'servingsRange', ingredients: 'noIngredients' },
    });
    const draft = withIngredient({ ...emptyDraft(), name: ' Fried rice ', servings: '2' }, rice);
    expect(checkDraft({ ...draft, ingredients: [{ ...draft.ingredients[0]!, grams: '0' }] })).toEqual({
      problems: { ingredients: 'gramsInvalid' },
    });
    expect(checkDraft(draft)).toEqual({
      input: { name: 'Fried rice', servings: 2, ingredients: [{ food_id: 4, quantity: 100 }] },
    });
  });
});
