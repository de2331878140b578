import useSWR from 'swr';
import { api } from '@/lib/api-client';
import type { components } from '@/types/api.gen';

type RecentMeals = components['schemas']['MealList'];

export const recentMealsPath = '/meals/recent/';
/** SPEC 7: the recent call asks for 7. */
export const RECENT_LIMIT = 7;

export function getRecentMeals(): Promise<RecentMeals> {
  return api.get<RecentMeals>(recentMealsPath, { limit: RECENT_LIMIT });
}

export function useRecentMeals() {
  return useSWR<RecentMeals>([recentMealsPath, RECENT_LIMIT], getRecentMeals);
}
