import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { isFavoriteListKey } from '@/features/foods/api/get-favorite-foods';
import { api } from '@/lib/api-client';
import type { components } from '@/types/api.gen';
import type { SavedFood } from '@/types/food';

/** The food starred or unstarred: a stored one, which the document cannot say (a food view's id may be null). */
type Starred = Omit<components['schemas']['Starred'], 'food'> & { food: SavedFood };

export const removeFavoritePath = '/foods/favorite/remove/';

export function removeFavorite(foodId: number): Promise<Starred> {
  return api.delete<Starred>(`/foods/${foodId}/favorite/`);
}

export function useRemoveFavorite() {
  const { mutate } = useSWRConfig();
  return useSWRMutation(removeFavoritePath, (_key: string, { arg }: { arg: number }) => removeFavorite(arg), {
    onSuccess: () => void mutate(isFavoriteListKey),
  });
}
