import { useSWRConfig } from 'swr';
import { isRecipeChangeKey } from '@/features/recipes/api/keys';
import { api } from '@/lib/api-client';
import type { components } from '@/types/api.gen';

export function deleteRecipe(id: number): Promise<components['schemas']['RecipeDeleted']> {
  return api.delete<components['schemas']['RecipeDeleted']>(`/recipes/${id}/delete/`);
}

export function useDeleteRecipe() {
  const { mutate } = useSWRConfig();
  return async (id: number) => {
    await deleteRecipe(id);
    void mutate(isRecipeChangeKey);
  };
}
