// The food search call, shared: the search page, a recipe's ingredient picker and a
// photo's food search all ask it, with one cache key per query.

import useSWR from 'swr';
import { api } from '@/lib/api-client';
import type { components } from '@/types/api.gen';

/** `exact`: the first food matches every word of the query; when false the foods are only the closest there are. */
export type FoodSearchResponse = components['schemas']['SearchResults'];

export const searchFoodsPath = '/foods/search/';
export const SEARCH_PAGE_SIZE = 20;

/**
 * With a token the answer also holds the caller's custom foods, so the key names who asks
 * (`viewer`): logging in or out asks again rather than showing another person's answer.
 */
export function searchFoodsKey(query: string, viewer: string | null) {
  return [searchFoodsPath, { query, page_size: SEARCH_PAGE_SIZE }, viewer] as const;
}

/** The server refuses a blank query (EMPTY_QUERY): callers never send one. */
export function searchFoods(query: string): Promise<FoodSearchResponse> {
  return api.get<FoodSearchResponse>(searchFoodsPath, { query, page_size: SEARCH_PAGE_SIZE });
}

/** An answer with the query it answers, as asked (the server may write it otherwise). */
export type FoodSearchResult = FoodSearchResponse & { asked: string };

/**
 * Searches `query` (already trimmed); null searches nothing. Keyed by the query, so an
 * older query's answer that arrives late never shows for a newer one; until the newer
 * one answers, the last results stay (their `asked` says which query they answer).
 */
export function useFoodSearch(query: string | null, viewer: string | null) {
  return useSWR<FoodSearchResult>(
    query ? searchFoodsKey(query, viewer) : null,
    async () => ({ ...(await searchFoods(query ?? '')), asked: query ?? '' }),
    { keepPreviousData: true },
  );
}
