import { useSWRConfig } from 'swr';
import { isRecipeChangeKey } from '@/features/recipes/api/keys';
import type { Recipe, RecipeInput } from '@/features/recipes/types';
import { api } from '@/lib/api-client';

/** A full replace; errors as for create, and 404 RECIPE_NOT_FOUND. */
export function updateRecipe(id: number, input: RecipeInput): Promise<Recipe> {
  return api.put<Recipe>(`/recipes/${id}/update/`, input);
}

export function useUpdateRecipe() {
  const { mutate } = useSWRConfig();
  return async (id: number, input: RecipeInput) => {
    const recipe = await updateRecipe(id, input);
    void mutate(isRecipeChangeKey);
    return recipe;
  };
}
