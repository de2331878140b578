import { useSWRConfig } from 'swr';
import { isRecipeChangeKey } from '@/features/recipes/api/keys';
import { api } from '@/lib/api-client';

export function deleteRecipe(id: number): Promise<{ id: number }> {
  return api.delete<{ id: number }>(`/recipes/${id}/delete/`);
}

export function useDeleteRecipe() {
  const { mutate } = useSWRConfig();
  return async (id: number) => {
    await deleteRecipe(id);
    void mutate(isRecipeChangeKey);
  };
}
