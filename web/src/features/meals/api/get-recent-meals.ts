import useSWR from 'swr';
import { api } from '@/lib/api-client';
import type { components } from '@/types/api.gen';

type RecentMeals = components['schemas']['MealList'];

export const recentMealsPath = '/meals/recent/';
/**
 * The server's most: the statistics show the last 7 days' meals that the meal baskets do
 * not already list (issue 49), so asking for only 7 could leave fewer than 6 to show.
 */
export const RECENT_LIMIT = 50;

export function getRecentMeals(): Promise<RecentMeals> {
  return api.get<RecentMeals>(recentMealsPath, { limit: RECENT_LIMIT });
}

export function useRecentMeals() {
  return useSWR<RecentMeals>([recentMealsPath, RECENT_LIMIT], getRecentMeals);
}
