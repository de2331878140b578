import useSWR from 'swr';
import { api, type CallProgress } from '@/lib/api-client';
import type { FoodNutrients } from '@/types/food';

export type UsdaNutritionResponse = {
  fdc_id: number;
  food_description: string;
  brand_owner: string | null;
  /** Fibre, sugar and sodium null where USDA does not give them. */
  nutrients: FoodNutrients;
};

export function usdaNutritionPath(fdcId: number): string {
  return `/foods/usda/nutrition/${fdcId}/`;
}

/**
 * 503 USDA_UNAVAILABLE, 404 USDA_FOOD_NOT_FOUND. A food fetched on first use may be
 * accepted (202): the client follows the fetch, reporting to `onProgress`, and asks again.
 */
export function getUsdaNutrition(fdcId: number, onProgress?: (progress: CallProgress) => void): Promise<UsdaNutritionResponse> {
  return api.get<UsdaNutritionResponse>(usdaNutritionPath(fdcId), undefined, { onProgress });
}

/**
 * Fetches once `fdcId` is given (on request), not before. A failure waits for the person
 * to ask again rather than retrying in the background.
 */
export function useUsdaNutrition(fdcId: number | null, onProgress?: (progress: CallProgress) => void) {
  return useSWR<UsdaNutritionResponse>(
    fdcId === null ? null : usdaNutritionPath(fdcId),
    () => getUsdaNutrition(fdcId ?? 0, onProgress),
    { shouldRetryOnError: false },
  );
}
