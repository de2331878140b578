import useSWR from 'swr';
import { api } from '@/lib/api-client';
import { recentFoodsPath } from '@/lib/cache-keys';
import type { SavedFood } from '@/types/food';

/** A food the caller has logged, with how it was last logged. */
export type UsedFood = SavedFood & {
  uses: number;
  last_used_at: string;
  /** Grams of the last use. */
  last_quantity: number;
  /** The amount as typed at the last use ("2 slices"), when it was not plain grams. */
  last_amount: string | null;
};

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
