import useSWR from 'swr';
import { api } from '@/lib/api-client';
import { recentFoodsPath } from '@/lib/cache-keys';
import type { components } from '@/types/api.gen';

/**
 * A food the caller has logged, with how it was last logged: the grams of the last use,
 * and the amount as typed then ("2 slices") when it was not plain grams. A logged food
 * is always a stored one, which the document cannot say: every food view's id may be
 * null there (a USDA search hit has none).
 */
export type UsedFood = components['schemas']['UsedFoodView'] & { id: number };

/** `recent`: last used first; `frequent`: most uses first (foods used at least twice). */
export type RecentFoodsResponse = { recent: UsedFood[]; frequent: UsedFood[] };

export const RECENT_FOODS_LIMIT = 10;
export const recentFoodsKey = [recentFoodsPath, { limit: RECENT_FOODS_LIMIT }] as const;

export function getRecentFoods(): Promise<RecentFoodsResponse> {
  return api.get<RecentFoodsResponse>(recentFoodsPath, { limit: RECENT_FOODS_LIMIT });
}

/** Needs a session: pass `enabled` false while logged out. */
export function useRecentFoods(enabled: boolean) {
  return useSWR<RecentFoodsResponse>(enabled ? recentFoodsKey : null, getRecentFoods);
}
