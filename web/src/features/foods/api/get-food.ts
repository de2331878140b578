import useSWR from 'swr';
import { api } from '@/lib/api-client';
import type { SavedFood } from '@/types/food';

export function foodPath(id: number): string {
  return `/foods/${id}/`;
}

export function foodKey(id: number) {
  return [foodPath(id)] as const;
}

/**
 * One food as its own page has it, with its vitamins, minerals and fats, which a search's
 * answers leave out. 404 FOOD_NOT_FOUND for another user's custom food.
 */
export function getFood(id: number): Promise<SavedFood> {
  return api.get<SavedFood>(foodPath(id));
}

/**
 * The food once `id` is given; null asks nothing. A failure waits for the person to ask
 * again (`mutate`) rather than retrying in the background.
 */
export function useFood(id: number | null) {
  return useSWR<SavedFood>(id === null ? null : foodKey(id), () => getFood(id ?? 0), {
    shouldRetryOnError: false,
    revalidateOnFocus: false,
  });
}
