import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { isFavoriteListKey } from '@/features/foods/api/get-favorite-foods';
import { api } from '@/lib/api-client';
import type { SavedFood } from '@/types/food';

export const removeFavoritePath = '/foods/favorite/remove/';

export function removeFavorite(foodId: number): Promise<{ food: SavedFood }> {
  return api.delete<{ food: SavedFood }>(`/foods/${foodId}/favorite/`);
}

export function useRemoveFavorite() {
  const { mutate } = useSWRConfig();
  return useSWRMutation(removeFavoritePath, (_key: string, { arg }: { arg: number }) => removeFavorite(arg), {
    onSuccess: () => void mutate(isFavoriteListKey),
  });
}
