import useSWR from 'swr';
import type { DailySummary } from '@/features/meals/types';
import { api } from '@/lib/api-client';


export const dailySummaryPath = '/meals/daily-summary/';

export function getDailySummary(date: string): Promise<DailySummary> {
  return api.get<DailySummary>(dailySummaryPath, { date });
}

export function useDailySummary(date: string) {
  return useSWR<DailySummary>([dailySummaryPath, date], () => getDailySummary(date));
}
