import { useSWRConfig } from 'swr';
import { weightChangedKeys } from '@/features/weight/api/get-weight-history';
import type { WeightRecord } from '@/features/weight/types';
import { api } from '@/lib/api-client';

export type WeightInput = { date: string; weight: number; notes?: string };

/** One record per day: recording a day again replaces it. The newest is the profile weight. */
export function recordWeight(input: WeightInput): Promise<WeightRecord> {
  return api.post<WeightRecord>('/meals/record-weight/', input);
}

/** Records, then refreshes the history and the profile (its weight follows the newest record). */
export function useRecordWeight() {
  const { mutate } = useSWRConfig();
  return async (input: WeightInput) => {
    const record = await recordWeight(input);
    void mutate(weightChangedKeys);
    return record;
  };
}
