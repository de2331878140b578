import useSWR from 'swr';
import { api } from '@/lib/api-client';
import type { Meal } from '@/types/meal';

export const recentMealsPath = '/meals/recent/';
/** SPEC 7: the recent call asks for 7. */
export const RECENT_LIMIT = 7;

export function getRecentMeals(): Promise<{ meals: Meal[] }> {
  return api.get<{ meals: Meal[] }>(recentMealsPath, { limit: RECENT_LIMIT });
}

export function useRecentMeals() {
  return useSWR<{ meals: Meal[] }>([recentMealsPath, RECENT_LIMIT], getRecentMeals);
}
