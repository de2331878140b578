import { useSWRConfig } from 'swr';
import { weightChangedKeys } from '@/features/weight/api/get-weight-history';
import { api } from '@/lib/api-client';

export function deleteWeight(id: number): Promise<{ id: number; deleted: boolean }> {
  return api.delete(`/meals/weight/${id}/delete/`);
}

export function useDeleteWeight() {
  const { mutate } = useSWRConfig();
  return async (id: number) => {
    await deleteWeight(id);
    void mutate(weightChangedKeys);
  };
}
