import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { isFavoriteListKey } from '@/features/foods/api/get-favorite-foods';
import { api } from '@/lib/api-client';
import type { FoodPortion, Nutrients, SavedFood } from '@/types/food';

/** POST /foods/create/ and PUT /foods/{id}/update/: nutrition per 100 g, sodium in mg. */
export type CustomFoodInput = Nutrients & {
  name: string;
  portions?: FoodPortion[];
  /** The food this one was copied from. */
  copied_from?: number;
};

export const createFoodPath = '/foods/create/';

/** A 422 VALIDATION_ERROR carries a message fit to show as received. */
export function createFood(input: CustomFoodInput): Promise<SavedFood> {
  return api.post<SavedFood>(createFoodPath, input);
}

export function useCreateFood() {
  const { mutate } = useSWRConfig();
  return useSWRMutation(createFoodPath, (_key: string, { arg }: { arg: CustomFoodInput }) => createFood(arg), {
    onSuccess: () => void mutate(isFavoriteListKey),
  });
}
