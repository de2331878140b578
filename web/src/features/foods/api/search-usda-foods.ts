import useSWR from 'swr';
import { api } from '@/lib/api-client';
import type { components } from '@/types/api.gen';

/**
 * `usda_available` false: USDA could not be reached and `foods` holds the USDA foods
 * saved locally. Foods not saved locally yet have `id` null.
 */
export type UsdaSearchResponse = components['schemas']['UsdaResults'];

export const searchUsdaFoodsPath = '/foods/usda/search/';
export const USDA_PAGE_SIZE = 10;

/** `viewer` as for the local search: logging out empties the cache without asking again. */
export function searchUsdaFoodsKey(query: string, viewer: string | null) {
  return [searchUsdaFoodsPath, { query, page_size: USDA_PAGE_SIZE }, viewer] as const;
}

export function searchUsdaFoods(query: string): Promise<UsdaSearchResponse> {
  return api.get<UsdaSearchResponse>(searchUsdaFoodsPath, { query, page_size: USDA_PAGE_SIZE });
}

/** Searches USDA FoodData Central for `query`; null searches nothing. */
export function useUsdaSearch(query: string | null, viewer: string | null) {
  return useSWR<UsdaSearchResponse>(query ? searchUsdaFoodsKey(query, viewer) : null, () =>
    searchUsdaFoods(query ?? ''),
  );
}
