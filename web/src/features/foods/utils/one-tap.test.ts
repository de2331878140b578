import { describe, expect, it } from 'vitest';
import { oneTapAmount } from '@/features/foods/utils/one-tap';
import { makeFood, makeRecipeFood } from '@/testing/foods';

const bread = makeFood({ name: 'White bread', portions: [{ grams: 30, name: '1 slice', name_zh: '1 片' }] });

describe('the amount one tap adds', () => {
  it('is the last-logged amount, named as typed while the portions still read it so', () => {
    expect(oneTapAmount(bread, { last_quantity: 60, last_amount: '2 slices' }, 'en')).toEqual({ grams: 60, label: '2 slices' });
    expect(oneTapAmount(bread, { last_quantity: 45, last_amount: null }, 'en')).toEqual({ grams: 45, label: null });
    // The slice weighs 40 g now: "2 slices" is no longer 60 g, the grams alone go in.
    const heavier = { ...bread, portions: [{ grams: 40, name: '1 slice', name_zh: '1 片' }] };
    expect(oneTapAmount(heavier, { last_quantity: 60, last_amount: '2 slices' }, 'en')).toEqual({ grams: 60, label: null });
  });

  it('is grams alone on a Chinese page when the last amount was typed in English', () => {
    expect(oneTapAmount(bread, { last_quantity: 60, last_amount: '2 slices' }, 'zh')).toEqual({ grams: 60, label: null });
    expect(oneTapAmount(bread, { last_quantity: 60, last_amount: '2片' }, 'zh')).toEqual({ grams: 60, label: '2片' });
  });

  it("is a portion's name in the language of the page, whichever language the server named it in", () => {
    expect(oneTapAmount(bread, { last_quantity: 30, last_amount: '1 slice' }, 'zh')).toEqual({ grams: 30, label: '1 片' });
    expect(oneTapAmount(bread, { last_quantity: 30, last_amount: '1 片' }, 'en')).toEqual({ grams: 30, label: '1 slice' });
  });

  it('is the first portion without a last amount, by its name in the language', () => {
    expect(oneTapAmount(bread, undefined, 'en')).toEqual({ grams: 30, label: '1 slice' });
    expect(oneTapAmount(bread, null, 'zh')).toEqual({ grams: 30, label: '1 片' });
  });

  it('is 100 g without either', () => {
    expect(oneTapAmount(makeFood({ portions: [] }), undefined, 'en')).toEqual({ grams: 100, label: null });
  });

  it('is one serving of a recipe, unless it was last logged in servings; never bare grams', () => {
    const stew = makeRecipeFood();
    // Last logged at 100 g, as its card used to start: still one serving.
    expect(oneTapAmount(stew, { last_quantity: 100, last_amount: null }, 'en')).toEqual({ grams: 250, label: '1 serving' });
    expect(oneTapAmount(stew, { last_quantity: 100, last_amount: null }, 'zh')).toEqual({ grams: 250, label: '1 份' });
    expect(oneTapAmount(stew, undefined, 'en')).toEqual({ grams: 250, label: '1 serving' });
    expect(oneTapAmount(stew, { last_quantity: 500, last_amount: '2 servings' }, 'en')).toEqual({ grams: 500, label: '2 servings' });
    expect(oneTapAmount(stew, { last_quantity: 250, last_amount: '1 serving' }, 'zh')).toEqual({ grams: 250, label: '1 份' });
  });
});
