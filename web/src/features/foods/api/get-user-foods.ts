import useSWR from 'swr';
import { api } from '@/lib/api-client';
import { searchFoodsPath } from '@/lib/search-foods';
import type { components } from '@/types/api.gen';
import type { SavedFood } from '@/types/food';

/** Custom foods are stored ones, which the document cannot say (a food view's id may be null). */
export type UserFoodsResponse = Omit<components['schemas']['FoodPage'], 'foods'> & { foods: SavedFood[] };

export const userFoodsPath = '/foods/user/';
/** One page, newest first; the page says when there are more. */
export const USER_FOODS_PAGE_SIZE = 100;
export const userFoodsKey = [userFoodsPath, { page: 1, page_size: USER_FOODS_PAGE_SIZE }] as const;

export function getUserFoods(): Promise<UserFoodsResponse> {
  return api.get<UserFoodsResponse>(userFoodsPath, { page: 1, page_size: USER_FOODS_PAGE_SIZE });
}

/** The caller's custom foods; needs a session: pass `enabled` false while logged out. */
export function useUserFoods(enabled: boolean) {
  return useSWR<UserFoodsResponse>(enabled ? userFoodsKey : null, getUserFoods);
}

/** The lists a created, edited or deleted custom food appears in: mutations revalidate these. */
export function isFoodListKey(key: unknown): boolean {
  return Array.isArray(key) && (key[0] === userFoodsPath || key[0] === searchFoodsPath);
}
