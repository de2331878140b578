import { useSWRConfig } from 'swr';
import type { MealInput } from '@/features/meals/types';
import { api } from '@/lib/api-client';
import { isMealChangeKey } from '@/lib/cache-keys';
import type { Meal } from '@/types/meal';

/** Lines of foods the meal already had keep their saved nutrition unless `refresh`. */
export function updateMeal(id: number, input: MealInput): Promise<Meal> {
  return api.put<Meal>(`/meals/${id}/update/`, input);
}

export function useUpdateMeal() {
  const { mutate } = useSWRConfig();
  return async (id: number, input: MealInput) => {
    const meal = await updateMeal(id, input);
    void mutate(isMealChangeKey);
    return meal;
  };
}
