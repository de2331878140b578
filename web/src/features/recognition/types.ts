import type { FoodNutrients, FoodPortion, Nutrients } from '@/types/food';
import type { components } from '@/types/api.gen';

export type Confidence = 'high' | 'medium' | 'low';

/** SPEC 3 "Nutrition validation result". */
export type Validation = {
  isValid: boolean;
  dataQuality: 'usda' | 'default' | 'unavailable' | 'error' | 'unknown';
  issues: string[];
  confidence: Confidence;
};

/**
 * How likely the recogniser thinks the food's NAME is right (issue 17), apart from the
 * nutrition data's quality (`Validation`). `score` is calibrated, 0..1.
 */
/** What named a food: `learned` from this user's own confirmed photos of it (issue 34). */
export type RecognitionSource = 'memory' | 'learned' | 'dish_model' | 'imagenet' | 'detector' | 'notes' | 'vision';

export type Recognition = {
  score: number;
  /** sure >= 0.80, likely >= 0.50, unsure below. */
  level: 'sure' | 'likely' | 'unsure';
  source: RecognitionSource;
  /** Unsure: shown as a question, never added before the person answers it. */
  needs_confirmation: boolean;
};

/**
 * Another candidate for a recognised food, best first; picking it takes its grams. A
 * guess the person replaced becomes one, so fibre, sugar and sodium may be unknown.
 */
export type AlternativeFood = {
  name: string;
  name_zh: string | null;
  food_id: number | null;
  score: number;
  estimated_grams: number;
  portion_description: string;
  portion_description_zh: string | null;
  per_100g: FoodNutrients;
  /** Issue 34; absent from older results. */
  source?: RecognitionSource | null;
  /** How many of this user's confirmed photos taught it, where they did. */
  learned_examples?: number | null;
  /** As a food's: whether its units were counted, and one unit's grams. */
  count_basis?: CountBasis;
  grams_per_item?: number | null;
};

/**
 * Issue 34: `counted`: the detector counted `count` units; `assumed`: a countable food whose
 * number nobody counted, asked of the person; `whole`: a round food eaten by the slice (a
 * pizza, a cake) that looks whole, `count` its slices, offered, and the slices eaten asked;
 * null: not countable (a plate of a dish).
 */
export type CountBasis = 'counted' | 'assumed' | 'whole' | null;

/**
 * A recognised food with its estimated portion (SPEC 3 "Recognition result"). The fields
 * of issue 17 are optional: results stored before it (local storage) have none of them.
 */
export type RecognizedFood = {
  name: string;
  name_zh: string | null;
  /** The stored food its values come from; null for the defaults of an unknown food. */
  food_id: number | null;
  estimated_grams: number;
  cooking_method: string;
  portion_description: string;
  portion_description_zh?: string | null;
  /** Units seen ("2" slices of pizza). */
  count?: number;
  /** Fibre, sugar and sodium null where a food chosen from the search does not give them. */
  per_100g: FoodNutrients;
  /** The analysis's own checks; absent on a food the person chose in its place. */
  nutrition?: Nutrients;
  validation?: Validation;
  recognition?: Recognition;
  alternatives?: AlternativeFood[];
  /** Issue 34's fields, absent from older results. */
  count_basis?: CountBasis;
  /** One unit's grams, for a countable food. */
  grams_per_item?: number | null;
  /** How many of this user's confirmed photos taught this food, where they did. */
  learned_examples?: number | null;
};

/** A close match among this user's confirmed photos: the foods and grams logged then. */
export type MemoryMatch = components['schemas']['RememberedMeal'];

/** More than one plate plausibly holds: the portions deserve a check. */
export type PlateWarning = components['schemas']['PlateWarning'];

/**
 * What issue 17 adds to stage 3 (and copies to the top of the `complete` event). Absent
 * in results stored before it.
 */
export type PhotoFindings = {
  food_found?: boolean;
  memory?: MemoryMatch | null;
  plate_warning?: PlateWarning | null;
};

/**
 * How the person settled a food of the photo: said yes to the unsure guess, picked one of
 * its alternatives or a food from the search, or took the earlier meal the photo looks like.
 */
export type PhotoAnswer = 'yes' | 'alternative' | 'search' | 'memory';

/** A food of the photo with the grams the person may have corrected. */
export type PhotoPortion = {
  food: RecognizedFood;
  grams: number;
  /** Absent while an unsure food waits for its answer, and on every other food. */
  answer?: PhotoAnswer;
  /** How many units the person said there are, for a food whose count was assumed. */
  counted?: number;
  /** Already in the basket: "Add all" does not add it twice. */
  added?: boolean;
  /**
   * A food the person found by search: the portion of its own its grams start from, said
   * as a guess ("1 bowl, about 150 g"); null where it has none (100 g, "about 100 g").
   * Absent on the analysis's foods, whose words are the server's.
   */
  serving?: FoodPortion | null;
};

export type FoodType = { name: string; name_zh: string | null; label: string; confidence: number; count: number };

/** SPEC 4 "Image flow" steps. */
export type AnalysisStep =
  | 'start'
  | 'food_detection'
  | 'food_detection_complete'
  | 'portion_estimation'
  | 'complete'
  | 'error';

/**
 * One `data:` line of the analysis stream (SPEC 7): the API's `AnalysisUpdate`, one shape
 * per step, generated from its OpenAPI document.
 */
export type AnalysisEvent = components['schemas']['AnalysisUpdate'];

/** The `complete` event: the analysis's results. */
export type CompleteEvent = Extract<AnalysisEvent, { step: 'complete' }>;

/** Who reads an analysis's events: each event with its id, until the signal stops the reading. */
export type AnalysisListener = {
  /** Each event with its id, the final one included. */
  onEvent: (event: AnalysisEvent, id: string | null) => void;
  /** Stops reading, never the analysis: that goes on on the workers. */
  signal: AbortSignal;
};

/**
 * GET /images/{id}/results/ (SPEC 3 "Recognition result"), with issue 17's findings; its
 * `results` are the recognised foods, as the `complete` event's `foods`.
 */
export type AnalysisResults = components['schemas']['ResultsView'];
