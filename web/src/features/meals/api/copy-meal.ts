import { useSWRConfig } from 'swr';
import { api } from '@/lib/api-client';
import { isMealChangeKey } from '@/lib/cache-keys';
import type { Meal } from '@/types/meal';

/** `date`: a UTC ISO date-time (as the basket sends), or YYYY-MM-DD to keep the meal's local time. */
export type CopyMealInput = { date: string; meal_type?: string; name?: string };

/** A new meal with the same lines, valued as they were saved; 404 MEAL_NOT_FOUND. */
export function copyMeal(id: number, input: CopyMealInput): Promise<Meal> {
  return api.post<Meal>(`/meals/${id}/copy/`, input);
}

/** Copies a meal, then refreshes every meal list and statistic on screen, and the recent foods. */
export function useCopyMeal() {
  const { mutate } = useSWRConfig();
  return async (id: number, input: CopyMealInput) => {
    const meal = await copyMeal(id, input);
    void mutate(isMealChangeKey);
    return meal;
  };
}
