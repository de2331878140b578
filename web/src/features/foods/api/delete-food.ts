import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { isFavoriteListKey } from '@/features/foods/api/get-favorite-foods';
import { api } from '@/lib/api-client';
import type { components } from '@/types/api.gen';

/** What deleting did to the caller's saved meals. */
export type DeleteFoodImpact = components['schemas']['DeleteImpact'];

export const deleteFoodKey = '/foods/delete/';

export function deleteFood(id: number): Promise<DeleteFoodImpact> {
  return api.delete<DeleteFoodImpact>(`/foods/${id}/delete/`);
}

export function useDeleteFood() {
  const { mutate } = useSWRConfig();
  return useSWRMutation(deleteFoodKey, (_key: string, { arg }: { arg: number }) => deleteFood(arg), {
    onSuccess: () => void mutate(isFavoriteListKey),
  });
}
