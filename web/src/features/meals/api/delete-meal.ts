import { useSWRConfig } from 'swr';
import { api } from '@/lib/api-client';
import { isMealChangeKey } from '@/lib/cache-keys';

export function deleteMeal(id: number): Promise<{ id: number; deleted: boolean }> {
  return api.delete(`/meals/${id}/delete/`);
}

export function useDeleteMeal() {
  const { mutate } = useSWRConfig();
  return async (id: number) => {
    await deleteMeal(id);
    void mutate(isMealChangeKey);
  };
}
