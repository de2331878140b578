import type { AlternativeFood, MemoryMatch, PhotoPortion, RecognizedFood } from '@/features/recognition/types';
import type { SavedFood } from '@/types/food';
import type { ConfirmedFood } from '@/features/recognition/api/confirm-image';

/** SPEC 9: the default portion of a food with no common portion of its own. */
const DEFAULT_GRAMS = 100;

/** An unsure food whose name is not answered yet: a question. */
export function waitsForName(portion: PhotoPortion): boolean {
  return portion.answer === undefined && portion.food.recognition?.needs_confirmation === true;
}

/** A countable food whose number nobody counted (issue 34): "How many?" is the person's to answer. */
export function asksCount(portion: PhotoPortion): boolean {
  return portion.food.count_basis === 'assumed' || portion.food.count_basis === 'whole';
}

/** The slices of a round food that looks whole (a pizza): offered, one tap, beside 1, 2, 3. */
export function slicesOfWhole(portion: PhotoPortion): number | null {
  return portion.food.count_basis === 'whole' ? (portion.food.count ?? null) : null;
}

/** A question not answered yet, of the name or of the count, which "Add all" never adds. */
export function waitsForAnswer(portion: PhotoPortion): boolean {
  return waitsForName(portion) || (asksCount(portion) && portion.counted === undefined);
}

/** One unit's grams: the server's, else the estimate shared over the units it assumed. */
export function gramsPerItem(food: RecognizedFood): number {
  return food.grams_per_item ?? food.estimated_grams / Math.max(1, food.count ?? 1);
}

/** One food of a photo never weighs more than a plateful (the server's `MAX_FOOD_GRAMS`). */
export const PLATEFUL_GRAMS = 1200;

/** "How many?" answered: the grams follow the number, up to a plateful. */
export function answerCount(portion: PhotoPortion, counted: number): PhotoPortion {
  const grams = Math.min(counted * gramsPerItem(portion.food), PLATEFUL_GRAMS);
  return { ...portion, counted, grams: Math.round(grams * 10) / 10 };
}

/**
 * The recogniser's other guesses are offered, each one tap, on a food it was not sure of
 * and nobody answered, and on a food taken from them (the guess it replaced is one).
 */
export function offersAlternatives(portion: PhotoPortion): boolean {
  if (portion.added || (portion.food.alternatives ?? []).length === 0) return false;
  if (portion.answer === 'alternative') return true;
  const recognition = portion.food.recognition;
  return (
    portion.answer === undefined &&
    recognition !== undefined &&
    recognition.level !== 'sure' &&
    recognition.source !== 'notes' &&
    recognition.source !== 'memory'
  );
}

/** What "Add all" takes now: sure or answered, with grams, not in the basket already. */
export function readyToAdd(portion: PhotoPortion): boolean {
  return !portion.added && !waitsForAnswer(portion) && portion.grams > 0;
}

/** A food the person chose carries no analysis of its own (recognition, validation, method). */
function chosenFood(food: Pick<RecognizedFood, 'name' | 'name_zh' | 'food_id' | 'estimated_grams' | 'per_100g'>): RecognizedFood {
  return { ...food, cooking_method: '', portion_description: '' };
}

/**
 * A food of the photo as one of the alternatives of the food that replaces it. An
 * alternative has no count: a pizza offered whole goes back as one slice, asked again.
 */
function asAlternative({ food, grams }: PhotoPortion): AlternativeFood {
  const whole = food.count_basis === 'whole';
  return {
    name: food.name,
    name_zh: food.name_zh,
    food_id: food.food_id,
    score: food.recognition?.score ?? 0,
    estimated_grams: whole ? (food.grams_per_item ?? grams) : grams,
    // "A whole one (8 slices)" no longer: its grams are said as one slice's.
    portion_description: whole ? '' : food.portion_description,
    portion_description_zh: whole ? null : (food.portion_description_zh ?? null),
    per_100g: food.per_100g,
    source: food.recognition?.source ?? null,
    learned_examples: food.learned_examples ?? null,
    count_basis: whole ? 'assumed' : (food.count_basis ?? null),
    grams_per_item: food.grams_per_item ?? null,
  };
}

/**
 * One tap on the food's alternative at `index`: it takes the food's place with its own
 * name, values, grams and portion; the guess it replaces leads its alternatives, one tap
 * away in turn.
 */
export function pickAlternative(portion: PhotoPortion, index: number): PhotoPortion {
  const alternatives = portion.food.alternatives ?? [];
  const alternative = alternatives[index];
  if (!alternative) return portion;
  return {
    food: {
      ...chosenFood(alternative),
      portion_description: alternative.portion_description,
      portion_description_zh: alternative.portion_description_zh,
      learned_examples: alternative.learned_examples ?? null,
      // A countable food taken from the alternatives is asked "How many?" in turn.
      count_basis: alternative.count_basis ?? null,
      grams_per_item: alternative.grams_per_item ?? null,
      alternatives: [asAlternative(portion), ...alternatives.filter((_, i) => i !== index)],
    },
    grams: alternative.estimated_grams,
    answer: 'alternative',
  };
}

/**
 * A food from the search, in place of an unsure guess or on a photo with no food found.
 * Its grams are its own: its first common portion (else SPEC 9's 100 g), never those of
 * the guess it replaces, and said as the guess they are. A food served by the item ("1
 * piece") is asked "How many?", as a countable food of the photo is.
 */
export function pickSearchFood(food: SavedFood): PhotoPortion {
  const first = food.portions[0];
  const serving = first && first.grams > 0 ? first : null;
  const grams = serving?.grams ?? DEFAULT_GRAMS;
  const byItem = serving !== null && food.served_by_item;
  return {
    food: {
      ...chosenFood({
        name: food.name,
        name_zh: food.name_zh ?? null,
        food_id: food.id,
        estimated_grams: grams,
        per_100g: {
          calories: food.calories_per_100g,
          protein: food.protein_per_100g,
          fat: food.fat_per_100g,
          carbs: food.carbs_per_100g,
          fiber: food.fiber_per_100g ?? null,
          sugar: food.sugar_per_100g ?? null,
          sodium: food.sodium_per_100g ?? null,
        },
      }),
      count: 1,
      count_basis: byItem ? 'assumed' : null,
      grams_per_item: byItem ? grams : null,
    },
    grams,
    answer: 'search',
    serving,
  };
}

/** "Yes, same again": exactly the foods and grams of the earlier photo. */
export function portionsFromMemory(memory: MemoryMatch): PhotoPortion[] {
  return memory.foods.map((food) => ({
    food: chosenFood({ ...food, name_zh: food.name_zh ?? null, estimated_grams: food.grams }),
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
