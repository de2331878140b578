import useSWR from 'swr';
import { api } from '@/lib/api-client';
import type { components } from '@/types/api.gen';

export type RecipePage = components['schemas']['RecipePage'];

export const recipesPath = '/recipes/';
/** The server's largest page: one page holds everyone's recipes in practice. */
export const RECIPES_PAGE_SIZE = 100;
export const recipesKey = [recipesPath, { page: 1, page_size: RECIPES_PAGE_SIZE }] as const;

export function getRecipes(): Promise<RecipePage> {
  return api.get<RecipePage>(recipesPath, { page: 1, page_size: RECIPES_PAGE_SIZE });
}

export function useRecipes() {
  return useSWR<RecipePage>(recipesKey, getRecipes);
}
