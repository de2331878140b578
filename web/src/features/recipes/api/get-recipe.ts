import useSWR from 'swr';
import type { Recipe } from '@/features/recipes/types';
import { api } from '@/lib/api-client';

export function recipePath(id: number): string {
  return `/recipes/${id}/`;
}

/** 404 RECIPE_NOT_FOUND for another user's recipe. */
export function getRecipe(id: number): Promise<Recipe> {
  return api.get<Recipe>(recipePath(id));
}

/** The recipe as the server has it now (an ingredient's values may have changed); null asks nothing. */
export function useRecipe(id: number | null) {
  return useSWR<Recipe>(id === null ? null : [recipePath(id)], () => getRecipe(id ?? 0));
}
