import { useSWRConfig } from 'swr';
import { weightChangedKeys } from '@/features/weight/api/get-weight-history';
import { api } from '@/lib/api-client';
import type { components } from '@/types/api.gen';

export function deleteWeight(id: number): Promise<components['schemas']['Deleted']> {
  return api.delete(`/meals/weight/${id}/delete/`);
}

export function useDeleteWeight() {
  const { mutate } = useSWRConfig();
  return async (id: number) => {
    await deleteWeight(id);
    void mutate(weightChangedKeys);
  };
}
