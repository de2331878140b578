import useSWR from 'swr';
import type { Statistics } from '@/features/meals/types';
import { api } from '@/lib/api-client';


export const statisticsPath = '/meals/statistics/';

/** A local day, a span of local days, or everything ever logged. */
export type StatisticsSpan = { start_date: string; end_date: string } | 'all';

function params(span: StatisticsSpan) {
  return span === 'all' ? { all: true } : span;
}

export function getStatistics(span: StatisticsSpan): Promise<Statistics> {
  return api.get<Statistics>(statisticsPath, params(span));
}

export function useStatistics(span: StatisticsSpan) {
  const key = span === 'all' ? 'all' : `${span.start_date}..${span.end_date}`;
  return useSWR<Statistics>([statisticsPath, key], () => getStatistics(span));
}
