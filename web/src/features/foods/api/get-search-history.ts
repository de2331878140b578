import useSWR from 'swr';
import { api } from '@/lib/api-client';
import type { components } from '@/types/api.gen';

export type SearchHistoryEntry = components['schemas']['HistoryEntry'];
export type SearchHistoryResponse = components['schemas']['HistoryView'];

export const searchHistoryPath = '/foods/search/history/';
export const SEARCH_HISTORY_LIMIT = 10;
export const searchHistoryKey = [searchHistoryPath, { limit: SEARCH_HISTORY_LIMIT }] as const;

/** The caller's recent distinct queries, newest first. */
export function getSearchHistory(): Promise<SearchHistoryResponse> {
  return api.get<SearchHistoryResponse>(searchHistoryPath, { limit: SEARCH_HISTORY_LIMIT });
}

/** Needs a session: pass `enabled` false while logged out. */
export function useSearchHistory(enabled: boolean) {
  return useSWR<SearchHistoryResponse>(enabled ? searchHistoryKey : null, getSearchHistory);
}
