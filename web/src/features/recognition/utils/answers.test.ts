import { describe, expect, it } from 'vitest';
import type { MemoryMatch, PhotoPortion, RecognizedFood } from '@/features/recognition/types';
import {
  answerCount,
  confirmedFoods,
  memoryTaken,
  offersAlternatives,
  pickAlternative,
  pickSearchFood,
  portionsFromMemory,
  readyToAdd,
  waitsForAnswer,
} from '@/features/recognition/utils/answers';
import { makeFood } from '@/testing/foods';
import { isSaved } from '@/types/food';

const per = { calories: 266, protein: 11, fat: 10, carbs: 33, fiber: 2, sugar: 4, sodium: 600 };
const pizza: RecognizedFood = {
  name: 'Pizza', name_zh: '披萨', food_id: 9, estimated_grams: 220, cooking_method: 'baked',
  portion_description: '2 slices of pizza, about 220 g', per_100g: per,
  recognition: { score: 0.41, level: 'unsure', source: 'dish_model', needs_confirmation: true },
};
const unsure: PhotoPortion = { food: pizza, grams: 220 };

describe('answers to the photo’s questions', () => {
  it('send a pizza offered whole back among the alternatives as one slice, asked again', () => {
    const calzone = {
      name: 'Calzone', name_zh: '意式馅饼', food_id: 21, score: 0.3, estimated_grams: 250,
      portion_description: '1 calzone, about 250 g', portion_description_zh: '1 个意式馅饼，约 250 克', per_100g: per,
    };
    const whole: PhotoPortion = {
      food: {
        ...pizza, count: 8, count_basis: 'whole', grams_per_item: 107, estimated_grams: 855,
        portion_description: 'a whole one (8 slices), about 855 g', alternatives: [calzone],
      },
      grams: 855,
    };
    expect(waitsForAnswer(whole)).toBe(true);
    const taken = pickAlternative(whole, 0);
    const guess = taken.food.alternatives?.[0];
    expect(guess).toMatchObject({ food_id: 9, estimated_grams: 107, count_basis: 'assumed', portion_description: '' });
    // Taken back, it is asked how many, from one slice's grams.
    const back = pickAlternative(taken, 0);
    expect(back.grams).toBe(107);
    expect(back.food.count_basis).toBe('assumed');
    expect(answerCount(back, 3).grams).toBe(321);
  });

  it('keep an unsure food out of "Add all" until it is answered', () => {
    expect(waitsForAnswer(unsure)).toBe(true);
    expect(readyToAdd(unsure)).toBe(false);
    expect(readyToAdd({ ...unsure, answer: 'yes' })).toBe(true);
    expect(readyToAdd({ ...unsure, answer: 'yes', added: true })).toBe(false);
    // A result stored before issue 17 has no recognition: added as before.
    const { recognition: _, ...legacy } = pizza;
    expect(readyToAdd({ food: legacy, grams: 220 })).toBe(true);
    expect(readyToAdd({ food: legacy, grams: 0 })).toBe(false);
  });

  it('take an alternative with its own grams and portion, the replaced guess becoming one', () => {
    const calzone = {
      name: 'Calzone', name_zh: '意式馅饼', food_id: 21, score: 0.3, estimated_grams: 250,
      portion_description: '1 calzone, about 250 g', portion_description_zh: '1 个意式馅饼，约 250 克', per_100g: per,
      source: 'learned' as const, learned_examples: 2,
    };
    const naan = { ...calzone, name: 'Naan', name_zh: '馕', food_id: 40, score: 0.2, source: 'dish_model' as const, learned_examples: null };
    const guess: PhotoPortion = { food: { ...pizza, alternatives: [naan, calzone] }, grams: 200 };
    const picked = pickAlternative(guess, 1);
    expect(picked).toMatchObject({ grams: 250, answer: 'alternative', food: { name: 'Calzone', food_id: 21, portion_description_zh: '1 个意式馅饼，约 250 克', learned_examples: 2 } });
    expect(picked.food.recognition).toBeUndefined();
    expect(picked.food.validation).toBeUndefined();
    // The pizza, with the grams it had, leads the others: one tap takes it back.
    expect(picked.food.alternatives?.map((a) => a.name)).toEqual(['Pizza', 'Naan']);
    expect(picked.food.alternatives?.[0]).toMatchObject({ food_id: 9, estimated_grams: 200, score: 0.41, source: 'dish_model' });
    const back = pickAlternative(picked, 0);
    expect(back).toMatchObject({ grams: 200, food: { name: 'Pizza', food_id: 9 } });
    expect(back.food.alternatives?.map((a) => a.name)).toEqual(['Calzone', 'Naan']);
    // An index past the list changes nothing.
    expect(pickAlternative(guess, 5)).toBe(guess);
  });

  it('ask how many of a countable food taken from the alternatives, its grams following the answer', () => {
    const pancake = { name: 'Pancake', name_zh: '美式松饼', food_id: 41, score: 0.2, estimated_grams: 40, portion_description: '1 pancake (4 in), about 40 g', portion_description_zh: null, per_100g: per, count_basis: 'assumed' as const, grams_per_item: 38 };
    const picked = pickAlternative({ food: { ...pizza, alternatives: [pancake] }, grams: 220 }, 0);
    expect(picked.food).toMatchObject({ name: 'Pancake', count_basis: 'assumed', grams_per_item: 38 });
    expect(waitsForAnswer(picked)).toBe(true);
    expect(answerCount(picked, 4).grams).toBe(152);
    // A plate holds no more than a plateful, however many are typed.
    expect(answerCount(picked, 400)).toMatchObject({ counted: 400, grams: 1200 });
  });

  it('offer the alternatives of a food not sure, unanswered or taken from them, until it is in the basket', () => {
    const alternatives = [{ name: 'Naan', name_zh: '馕', food_id: 40, score: 0.2, estimated_grams: 90, portion_description: '', portion_description_zh: null, per_100g: per }];
    const likely: PhotoPortion = { food: { ...pizza, alternatives, recognition: { score: 0.6, level: 'likely', source: 'dish_model', needs_confirmation: false } }, grams: 220 };
    expect(offersAlternatives(likely)).toBe(true);
    expect(offersAlternatives({ ...likely, added: true })).toBe(false);
    expect(offersAlternatives({ ...likely, answer: 'yes' })).toBe(false);
    expect(offersAlternatives({ ...likely, food: { ...likely.food, alternatives: [] } })).toBe(false);
    const sure = { ...likely, food: { ...likely.food, recognition: { score: 0.9, level: 'sure' as const, source: 'dish_model' as const, needs_confirmation: false } } };
    expect(offersAlternatives(sure)).toBe(false);
    expect(offersAlternatives(pickAlternative(sure, 0))).toBe(true);
  });

  it('ask how many of a countable food nobody counted, the grams following the answer', () => {
    const pancakes: PhotoPortion = {
      food: { ...pizza, name: 'Pancake', count: 1, count_basis: 'assumed', grams_per_item: 40, estimated_grams: 40, recognition: { score: 0.9, level: 'sure', source: 'detector', needs_confirmation: false } },
      grams: 40,
    };
    expect(waitsForAnswer(pancakes)).toBe(true);
    expect(readyToAdd(pancakes)).toBe(false);
    const four = answerCount(pancakes, 4);
    expect(four).toMatchObject({ counted: 4, grams: 160 });
    expect(readyToAdd(four)).toBe(true);
    // Counted by the detector, or not countable: nothing to ask.
    expect(waitsForAnswer({ ...pancakes, food: { ...pancakes.food, count_basis: 'counted', count: 4 } })).toBe(false);
    expect(waitsForAnswer({ ...pancakes, food: { ...pancakes.food, count_basis: null } })).toBe(false);
    // Without one unit's grams, the estimate shared over the units it assumed.
    expect(answerCount({ ...pancakes, food: { ...pancakes.food, grams_per_item: null, estimated_grams: 90, count: 2 } }, 3).grams).toBe(135);
  });

  it('take a searched food with its own first portion, never the grams of the guess it replaces, else 100 g', () => {
    const rice = makeFood({ id: 12, name: 'Rice', fiber_per_100g: null, portions: [{ grams: 150, name: '1 bowl', name_zh: '1 碗' }] });
    if (!isSaved(rice)) throw new Error('saved food expected');
    const picked = pickSearchFood(rice);
    expect(picked).toMatchObject({ grams: 150, answer: 'search', serving: { grams: 150, name: '1 bowl' }, food: { food_id: 12, estimated_grams: 150, count_basis: null, per_100g: { fiber: null } } });
    expect(readyToAdd(picked)).toBe(true);
    const none = pickSearchFood({ ...rice, portions: [] });
    expect(none).toMatchObject({ grams: 100, serving: null });
  });

  it('ask how many of a searched food served by the item, its grams following the answer', () => {
    const nigiri = makeFood({ id: 41, name: 'Sushi, salmon nigiri', portions: [{ grams: 35, name: '1 piece', name_zh: '1 个' }], served_by_item: true });
    if (!isSaved(nigiri)) throw new Error('saved food expected');
    const picked = pickSearchFood(nigiri);
    expect(picked.food).toMatchObject({ count: 1, count_basis: 'assumed', grams_per_item: 35 });
    expect(waitsForAnswer(picked)).toBe(true);
    expect(answerCount(picked, 6).grams).toBe(210);
  });

  it('log an earlier meal exactly, and confirm only what went in the basket', () => {
    const memory: MemoryMatch = {
      image_id: 2, eaten_at: '2025-11-12T12:30:00Z', similarity: 0.93,
      foods: [{ food_id: 34, name: '红烧肉', name_zh: '红烧肉', grams: 250, per_100g: per }],
    };
    const again = portionsFromMemory(memory);
    expect(again).toMatchObject([{ grams: 250, answer: 'memory', food: { food_id: 34, name: '红烧肉' } }]);
    expect(memoryTaken(again)).toBe(true);
    expect(memoryTaken([unsure])).toBe(false);
    const unknown: PhotoPortion = { food: { ...pizza, food_id: null }, grams: 100, added: true };
    expect(confirmedFoods([{ ...again[0] as PhotoPortion, added: true }, unsure, unknown])).toEqual([{ food_id: 34, name: '红烧肉', name_zh: '红烧肉', grams: 250 }]);
  });
});
