import { describe, expect, it } from 'vitest';
import {
  checkDraft,
  draftFromRecipe,
  draftValues,
  emptyDraft,
  ingredientGrams,
  parseServings,
  withIngredient,
} from '@/features/recipes/utils/recipe-draft';
import { makeFood } from '@/testing/foods';
import type { Recipe } from '@/features/recipes/types';
import type { SavedFood } from '@/types/food';

const rice = makeFood({
  id: 4,
  name: 'Rice',
  name_zh: '米饭',
  calories_per_100g: 130,
  protein_per_100g: 2.7,
  portions: [{ grams: 150, name: '1 bowl', name_zh: '1 碗' }],
}) as SavedFood;
const egg = makeFood({
  id: 5,
  name: 'Egg',
  calories_per_100g: 155,
  protein_per_100g: 13,
  portions: [{ grams: 50, name: '1 large', name_zh: '1 个' }, { grams: 50, name: '1 egg', name_zh: null }],
}) as SavedFood;

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
    draft = withIngredient(withIngredient(withIngredient(draft, rice, 'en'), egg, 'en'), rice, 'en');
    expect(draft.ingredients.map((line) => [line.name, line.amount])).toEqual([['Rice', '200'], ['Egg', '100']]);
    const values = draftValues(draft);
    expect(values.totalGrams).toBe(300);
    expect(values.totals.calories).toBeCloseTo(415);
    expect(values.perServing?.calories).toBeCloseTo(207.5);
    expect(values.per100g?.protein).toBeCloseTo((5.4 + 13) / 3);
    expect(draftValues({ ...draft, servings: '0' }).perServing).toBeNull();
  });

  it("read an ingredient's amount in the food's units, as the basket does", () => {
    const [line] = withIngredient(emptyDraft(), egg, 'en').ingredients;
    expect(ingredientGrams({ ...line!, amount: '2 eggs' })).toBe(100);
    expect(ingredientGrams({ ...line!, amount: '2 个' })).toBe(100);
    expect(ingredientGrams({ ...line!, amount: '150 g' })).toBe(150);
    expect(ingredientGrams({ ...line!, amount: '半斤' })).toBe(250);
    expect(ingredientGrams({ ...line!, amount: '2 cups' })).toBeNull();
    expect(ingredientGrams({ ...line!, amount: '0' })).toBeNull();
  });

  it('say what is missing, and build the input otherwise, an amount in a unit as typed', () => {
    expect(checkDraft({ ...emptyDraft(), servings: '101' })).toEqual({
      problems: { name: 'nameRequired', servings: 'servingsRange', ingredients: 'noIngredients' },
    });
    let draft = withIngredient({ ...emptyDraft(), name: ' Fried rice ', servings: '2' }, rice, 'en');
    expect(checkDraft({ ...draft, ingredients: [{ ...draft.ingredients[0]!, amount: '0' }] })).toEqual({
      problems: { ingredients: 'amountInvalid' },
    });
    expect(checkDraft({ ...draft, ingredients: [{ ...draft.ingredients[0]!, amount: '2 slices' }] })).toEqual({
      problems: { ingredients: 'amountInvalid' },
    });
    expect(checkDraft(draft)).toEqual({
      input: { name: 'Fried rice', servings: 2, ingredients: [{ food_id: 4, quantity: 100 }] },
    });
    draft = withIngredient({ ...draft, ingredients: [{ ...draft.ingredients[0]!, amount: ' 1.5碗 ' }] }, egg, 'zh');
    draft = { ...draft, ingredients: [draft.ingredients[0]!, { ...draft.ingredients[1]!, amount: '2 eggs' }] };
    expect(checkDraft(draft)).toEqual({
      input: {
        name: 'Fried rice',
        servings: 2,
        ingredients: [
          { food_id: 4, quantity: 225, amount: '1.5碗' },
          { food_id: 5, quantity: 100, amount: '2 eggs' },
        ],
      },
    });
  });

  it('a food picked twice by its unit adds up in that unit', () => {
    const own = { ...egg, is_custom: true };
    const draft = withIngredient(withIngredient(emptyDraft(), own, 'en'), own, 'en');
    expect(draft.ingredients.map((line) => line.amount)).toEqual(['2 large']);
  });

  it('a saved ingredient keeps its amount, which reads again as its grams and counts in its unit', () => {
    const recipe = {
      name: 'Omelette',
      name_zh: null,
      servings: 1,
      notes: null,
      ingredients: [
        { food_id: 5, food_name: 'Egg', food_name_zh: null, brand: null, quantity: 100, amount: '2 eggs', is_recipe: false, portions: [{ grams: 50, name: '1 large', name_zh: '1 个（大）' }], is_drink: false, calories: 155, protein: 13, fat: 11, carbs: 1.1, fiber: 0, sugar: 1.1, sodium: 124 },
        { food_id: 4, food_name: 'Rice', food_name_zh: '米饭', brand: null, quantity: 80, amount: null, is_recipe: false, portions: [{ grams: 150, name: '1 bowl', name_zh: '1 碗' }], is_drink: false, calories: 104, protein: 2.2, fat: 0.2, carbs: 22.6, fiber: 0.3, sugar: 0, sodium: 1 },
      ],
    } as unknown as Recipe;
    const draft = draftFromRecipe(recipe);
    expect(draft.ingredients.map((line) => [line.amount, ingredientGrams(line)])).toEqual([['2 eggs', 100], ['80', 80]]);
    expect(ingredientGrams({ ...draft.ingredients[0]!, amount: '3 eggs' })).toBe(150);
    // One saved in grams changes to its food's own units.
    expect(ingredientGrams({ ...draft.ingredients[1]!, amount: '1 碗' })).toBe(150);
    expect(ingredientGrams({ ...draft.ingredients[1]!, amount: '2 bowls' })).toBe(300);
    expect(draft.ingredients[0]?.per100.calories).toBeCloseTo(155);
  });
});
