import { useSWRConfig } from 'swr';
import { api } from '@/lib/api-client';
import { isMealChangeKey } from '@/lib/cache-keys';
import type { components } from '@/types/api.gen';

export function deleteMeal(id: number): Promise<components['schemas']['Deleted']> {
  return api.delete(`/meals/${id}/delete/`);
}

export function useDeleteMeal() {
  const { mutate } = useSWRConfig();
  return async (id: number) => {
    await deleteMeal(id);
    void mutate(isMealChangeKey);
  };
}
