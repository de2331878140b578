import useSWR from 'swr';
import { api } from '@/lib/api-client';
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

/** 503 USDA_UNAVAILABLE, 404 USDA_FOOD_NOT_FOUND. */
export function getUsdaNutrition(fdcId: number): Promise<UsdaNutritionResponse> {
  return api.get<UsdaNutritionResponse>(usdaNutritionPath(fdcId));
}

/**
 * Fetches once `fdcId` is given (on request), not before. A failure waits for the person
 * to ask again rather than retrying in the background.
 */
export function useUsdaNutrition(fdcId: number | null) {
  return useSWR<UsdaNutritionResponse>(
    fdcId === null ? null : usdaNutritionPath(fdcId),
    () => getUsdaNutrition(fdcId ?? 0),
    { shouldRetryOnError: false },
  );
}
