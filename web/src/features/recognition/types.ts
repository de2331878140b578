import type { Nutrients } from '@/types/food';

export type Confidence = 'high' | 'medium' | 'low';

/** SPEC 3 "Nutrition validation result". */
export type Validation = {
  isValid: boolean;
  dataQuality: 'usda' | 'default' | 'unavailable' | 'error' | 'unknown';
  issues: string[];
  confidence: Confidence;
};

/** A recognised food with its estimated portion (SPEC 3 "Recognition result"). */
export type RecognizedFood = {
  name: string;
  name_zh: string | null;
  /** The stored food its values come from; null for the defaults of an unknown food. */
  food_id: number | null;
  estimated_grams: number;
  cooking_method: string;
  portion_description: string;
  per_100g: Nutrients;
  nutrition: Nutrients;
  validation: Validation;
};

export type FoodType = { name: string; name_zh: string | null; label: string; confidence: number; count: number };

/** SPEC 3 "Uploaded image". */
export type UploadedImage = {
  id: number;
  image_id: number;
  processing_status: 'uploaded' | 'processing' | 'completed' | 'failed' | 'cancelled';
  keywords: string[];
  notes: string | null;
  width: number;
  height: number;
  confirmed: boolean;
  meal_id: number | null;
  created_at: string;
};

/** SPEC 4 "Image flow" steps. */
export type AnalysisStep =
  | 'start'
  | 'food_detection'
  | 'food_detection_complete'
  | 'portion_estimation'
  | 'complete'
  | 'error';

/** One `data:` line of the analysis stream (SPEC 7). */
export type AnalysisEvent = {
  step: AnalysisStep;
  progress: number;
  message: string;
  image_id?: number;
  foods?: unknown[];
  portions?: unknown[];
  stage_1?: unknown;
  stage_2?: unknown;
  stage_3?: unknown;
  error?: { message: string; code: string };
};
