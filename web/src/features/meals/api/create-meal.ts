import { useSWRConfig } from 'swr';
import type { MealInput } from '@/features/meals/types';
import { api } from '@/lib/api-client';
import { isMealChangeKey } from '@/lib/cache-keys';
import type { Meal } from '@/types/meal';

export function createMeal(input: MealInput): Promise<Meal> {
  return api.post<Meal>('/meals/create/', input);
}

/** Saves a meal, then refreshes every meal list and statistic on screen, and the recent foods. */
export function useCreateMeal() {
  const { mutate } = useSWRConfig();
  return async (input: MealInput) => {
    const meal = await createMeal(input);
    void mutate(isMealChangeKey);
    return meal;
  };
}
