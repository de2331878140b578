import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { isFavoriteListKey } from '@/features/foods/api/get-favorite-foods';
import { api } from '@/lib/api-client';
import type { components } from '@/types/api.gen';
import type { SavedFood } from '@/types/food';

/** The food starred or unstarred: a stored one, which the document cannot say (a food view's id may be null). */
type Starred = Omit<components['schemas']['Starred'], 'food'> & { food: SavedFood };

export const addFavoritePath = '/foods/favorite/add/';

/** Idempotent; 404 FOOD_NOT_FOUND when the food is unknown or not visible to the caller. */
export function addFavorite(foodId: number): Promise<Starred> {
  return api.post<Starred>(`/foods/${foodId}/favorite/`);
}

export function useAddFavorite() {
  const { mutate } = useSWRConfig();
  return useSWRMutation(addFavoritePath, (_key: string, { arg }: { arg: number }) => addFavorite(arg), {
    onSuccess: () => void mutate(isFavoriteListKey),
  });
}
