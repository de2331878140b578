import { useSWRConfig } from 'swr';
import { isMealChangeKey } from '@/features/meals/api/keys';
import { api } from '@/lib/api-client';

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
