import useSWR from 'swr';
import { isFoodListKey } from '@/features/foods/api/get-user-foods';
import { api } from '@/lib/api-client';
import { recentFoodsPath } from '@/lib/cache-keys';
import type { components } from '@/types/api.gen';
import type { SavedFood } from '@/types/food';

/** Starred foods are stored ones, which the document cannot say (a food view's id may be null). */
export type FavoriteFoodsResponse = Omit<components['schemas']['FoodList'], 'foods'> & { foods: SavedFood[] };

export const favoriteFoodsPath = '/foods/favorites/';
export const favoriteFoodsKey = [favoriteFoodsPath] as const;

/** The caller's starred foods, newest star first (the server keeps at most 100). */
export function getFavoriteFoods(): Promise<FavoriteFoodsResponse> {
  return api.get<FavoriteFoodsResponse>(favoriteFoodsPath);
}

/** Needs a session: pass `enabled` false while logged out. */
export function useFavoriteFoods(enabled: boolean) {
  return useSWR<FavoriteFoodsResponse>(enabled ? favoriteFoodsKey : null, getFavoriteFoods);
}

/**
 * Every list that shows a food (its star, its values): starring, unstarring, and creating,
 * editing or deleting a custom food revalidate these. A new custom food counts as used.
 */
export function isFavoriteListKey(key: unknown): boolean {
  return (
    isFoodListKey(key) || (Array.isArray(key) && (key[0] === favoriteFoodsPath || key[0] === recentFoodsPath))
  );
}
