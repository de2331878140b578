import { describe, expect, it } from 'vitest';
import type { MemoryMatch, PhotoPortion, RecognizedFood } from '@/features/recognition/types';
import {
  confirmedFoods,
  memoryTaken,
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

  it('take an alternative with its own grams and portion', () => {
    const picked = pickAlternative({
      name: 'Calzone', name_zh: '意式馅饼', food_id: 21, score: 0.3, estimated_grams: 250,
      portion_description: '1 calzone, about 250 g', portion_description_zh: '1 个意式馅饼，约 250 克', per_100g: per,
    });
    expect(picked).toMatchObject({ grams: 250, answer: 'alternative', food: { name: 'Calzone', food_id: 21, portion_description_zh: '1 个意式馅饼，约 250 克' } });
    expect(picked.food.recognition).toBeUndefined();
    expect(picked.food.validation).toBeUndefined();
  });

  it('take a searched food with the photo’s grams, else its first portion, else 100 g', () => {
    const naan = makeFood({ id: 40, name: 'Naan', fiber_per_100g: null, portions: [{ grams: 90, name: '1 piece', name_zh: null }] });
    if (!isSaved(naan)) throw new Error('saved food expected');
    expect(pickSearchFood(naan, 220)).toMatchObject({ grams: 220, answer: 'search', food: { food_id: 40, per_100g: { fiber: null } } });
    expect(pickSearchFood(naan, null).grams).toBe(90);
    expect(pickSearchFood({ ...naan, portions: [] }, null).grams).toBe(100);
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
