import { useSWRConfig } from 'swr';
import { isRecipeChangeKey } from '@/features/recipes/api/keys';
import type { Recipe } from '@/features/recipes/types';
import { api } from '@/lib/api-client';

/** A new recipe with the same ingredients, named "<name> (copy)" unless `name` is given. */
export function copyRecipe(id: number, name?: string): Promise<Recipe> {
  return api.post<Recipe>(`/recipes/${id}/copy/`, name === undefined ? {} : { name });
}

export function useCopyRecipe() {
  const { mutate } = useSWRConfig();
  return async (id: number) => {
    const recipe = await copyRecipe(id);
    void mutate(isRecipeChangeKey);
    return recipe;
  };
}
