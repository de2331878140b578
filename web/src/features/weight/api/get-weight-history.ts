import useSWR from 'swr';
import type { WeightHistory } from '@/features/weight/types';
import { api } from '@/lib/api-client';
import { isEnergyKey, profileKey } from '@/lib/cache-keys';

export const weightHistoryPath = '/meals/weight-history/';

/** The last year of records (the server's default range). */
export function getWeightHistory(): Promise<WeightHistory> {
  return api.get<WeightHistory>(weightHistoryPath);
}

export function useWeightHistory() {
  return useSWR<WeightHistory>([weightHistoryPath], getWeightHistory);
}

/**
 * What a new or deleted record changes: the history, the profile, whose weight is the
 * newest record, and the energy need learned from the weights.
 */
export function weightChangedKeys(key: unknown): boolean {
  return (Array.isArray(key) && key[0] === weightHistoryPath) || key === profileKey || isEnergyKey(key);
}
