import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import type { MealSavePayload } from '@/features/basket/utils/basket';
import { api } from '@/lib/api-client';
import { isMealChangeKey } from '@/lib/cache-keys';
import type { Meal } from '@/types/meal';

/**
 * A new meal. The Idempotency-Key names this one save: sent again (a retry, a queued save
 * sent when back online) the server answers the first answer and creates nothing more.
 */
export function createMeal(payload: MealSavePayload, idempotencyKey: string): Promise<Meal> {
  return api.post<Meal>('/meals/create/', payload, { headers: { 'Idempotency-Key': idempotencyKey } });
}

export function updateMeal(id: number, payload: MealSavePayload, idempotencyKey: string): Promise<Meal> {
  return api.put<Meal>(`/meals/${id}/update/`, payload, { headers: { 'Idempotency-Key': idempotencyKey } });
}

export type SaveMeal = (payload: MealSavePayload, editingId: number | null, idempotencyKey: string) => Promise<unknown>;

/** Saves the basket as a new meal or as the meal being edited, then refreshes what shows meals. */
export function useSaveMeal(): SaveMeal {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (payload, editingId, idempotencyKey) => {
      const meal =
        editingId === null ? await createMeal(payload, idempotencyKey) : await updateMeal(editingId, payload, idempotencyKey);
      void mutate(isMealChangeKey);
      return meal;
    },
    [mutate],
  );
}
