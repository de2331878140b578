import useSWRMutation from 'swr/mutation';
import { api, type CallProgress } from '@/lib/api-client';
import type { SavedFood } from '@/types/food';

export const createUsdaFoodPath = '/foods/usda/create/';

export type CreateUsdaFoodArg = {
  fdcId: number;
  /** How a first fetch from USDA goes, when the server takes longer (202). */
  onProgress?: (progress: CallProgress) => void;
};

/**
 * Saves a USDA food locally; the same food every time for one fdc_id. A food not fetched
 * yet is fetched by the workers: the client follows that and sends the call again.
 */
export function createUsdaFood(fdcId: number, onProgress?: (progress: CallProgress) => void): Promise<SavedFood> {
  return api.post<SavedFood>(createUsdaFoodPath, { fdc_id: fdcId }, { onProgress });
}

export function useCreateUsdaFood() {
  return useSWRMutation(createUsdaFoodPath, (_key: string, { arg }: { arg: CreateUsdaFoodArg }) =>
    createUsdaFood(arg.fdcId, arg.onProgress),
  );
}
