import useSWRMutation from 'swr/mutation';
import { api } from '@/lib/api-client';
import type { SavedFood } from '@/types/food';

export const createUsdaFoodPath = '/foods/usda/create/';

/** Saves a USDA food locally; the same food every time for one fdc_id. */
export function createUsdaFood(fdcId: number): Promise<SavedFood> {
  return api.post<SavedFood>(createUsdaFoodPath, { fdc_id: fdcId });
}

export function useCreateUsdaFood() {
  return useSWRMutation(createUsdaFoodPath, (_key: string, { arg }: { arg: number }) => createUsdaFood(arg));
}
