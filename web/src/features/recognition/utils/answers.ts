import type { AlternativeFood, MemoryMatch, PhotoPortion, RecognizedFood } from '@/features/recognition/types';
import type { SavedFood } from '@/types/food';
import type { ConfirmedFood } from '@/features/recognition/api/confirm-image';

/** SPEC 9: the default portion of a food with no common portion of its own. */
const DEFAULT_GRAMS = 100;

/** An unsure food not answered yet: a question, which "Add all" never adds. */
export function waitsForAnswer(portion: PhotoPortion): boolean {
  return portion.answer === undefined && portion.food.recognition?.needs_confirmation === true;
}

/** What "Add all" takes now: sure or answered, with grams, not in the basket already. */
export function readyToAdd(portion: PhotoPortion): boolean {
  return !portion.added && !waitsForAnswer(portion) && portion.grams > 0;
}

/** A food the person chose carries no analysis of its own (recognition, validation, method). */
function chosenFood(food: Pick<RecognizedFood, 'name' | 'name_zh' | 'food_id' | 'estimated_grams' | 'per_100g'>): RecognizedFood {
  return { ...food, cooking_method: '', portion_description: '' };
}

/** One tap on an alternative: it takes the food's place with its own grams and portion. */
export function pickAlternative(alternative: AlternativeFood): PhotoPortion {
  return {
    food: {
      ...chosenFood(alternative),
      portion_description: alternative.portion_description,
      portion_description_zh: alternative.portion_description_zh,
    },
    grams: alternative.estimated_grams,
    answer: 'alternative',
  };
}

/**
 * A food from the search, in place of an unsure one (keeping the grams the photo
 * suggested) or on a photo with no food found (its first common portion, else 100 g).
 */
export function pickSearchFood(food: SavedFood, grams: number | null): PhotoPortion {
  const amount = grams ?? food.portions[0]?.grams ?? DEFAULT_GRAMS;
  return {
    food: chosenFood({
      name: food.name,
      name_zh: food.name_zh,
      food_id: food.id,
      estimated_grams: amount,
      per_100g: {
        calories: food.calories_per_100g,
        protein: food.protein_per_100g,
        fat: food.fat_per_100g,
        carbs: food.carbs_per_100g,
        fiber: food.fiber_per_100g,
        sugar: food.sugar_per_100g,
        sodium: food.sodium_per_100g,
      },
    }),
    grams: amount,
    answer: 'search',
  };
}

/** "Yes, same again": exactly the foods and grams of the earlier photo. */
export function portionsFromMemory(memory: MemoryMatch): PhotoPortion[] {
  return memory.foods.map((food) => ({
    food: chosenFood({ ...food, estimated_grams: food.grams }),
    grams: food.grams,
    answer: 'memory',
  }));
}

/** The earlier meal was taken: its offer goes away. */
export function memoryTaken(portions: PhotoPortion[]): boolean {
  return portions.some((portion) => portion.answer === 'memory');
}

/**
 * The body of POST /images/confirm: every food of the photo in the basket, with its grams
 * and its Chinese name, which the photo history shows on a Chinese page.
 */
export function confirmedFoods(portions: PhotoPortion[]): ConfirmedFood[] {
  return portions.flatMap(({ food, grams, added }) =>
    added && food.food_id !== null ? [{ food_id: food.food_id, name: food.name, name_zh: food.name_zh, grams }] : [],
  );
}
