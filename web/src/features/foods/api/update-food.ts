import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import type { CustomFoodInput } from '@/features/foods/api/create-food';
import { isFavoriteListKey } from '@/features/foods/api/get-favorite-foods';
import { foodKey } from '@/features/foods/api/get-food';
import { api } from '@/lib/api-client';
import type { SavedFood } from '@/types/food';

export type UpdateFoodArg = { id: number; input: CustomFoodInput };

export const updateFoodKey = '/foods/update/';

/** 403 FOOD_READ_ONLY for catalogue and USDA foods; 404 FOOD_NOT_FOUND for another user's. */
export function updateFood({ id, input }: UpdateFoodArg): Promise<SavedFood> {
  return api.put<SavedFood>(`/foods/${id}/update/`, input);
}

export function useUpdateFood() {
  const { mutate } = useSWRConfig();
  return useSWRMutation(updateFoodKey, (_key: string, { arg }: { arg: UpdateFoodArg }) => updateFood(arg), {
    onSuccess: (food) => {
      void mutate(isFavoriteListKey);
      // The food's own page (its vitamins and minerals) as saved now.
      void mutate(foodKey(food.id), food, { revalidate: false });
    },
  });
}
