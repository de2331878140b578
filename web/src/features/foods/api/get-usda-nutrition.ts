import useSWR from 'swr';
import { api, type CallProgress } from '@/lib/api-client';
import type { components } from '@/types/api.gen';

/** A USDA food's nutrients per 100 g (sodium in mg), and the food it is saved as here (`food_id`). */
export type UsdaNutritionResponse = components['schemas']['UsdaNutrition'];

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
