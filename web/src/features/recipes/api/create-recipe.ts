import { useSWRConfig } from 'swr';
import { isRecipeChangeKey } from '@/features/recipes/api/keys';
import type { Recipe, RecipeInput } from '@/features/recipes/types';
import { api } from '@/lib/api-client';

/** 422 VALIDATION_ERROR, 404 FOOD_NOT_FOUND (an ingredient), 422 RECIPE_CYCLE or RECIPE_TOO_DEEP / _LARGE / _SHARED: messages fit to show. */
export function createRecipe(input: RecipeInput): Promise<Recipe> {
  return api.post<Recipe>('/recipes/create/', input);
}

export function useCreateRecipe() {
  const { mutate } = useSWRConfig();
  return async (input: RecipeInput) => {
    const recipe = await createRecipe(input);
    void mutate(isRecipeChangeKey);
    return recipe;
  };
}
