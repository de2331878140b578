import useSWR from 'swr';
import { api } from '@/lib/api-client';
import type { components } from '@/types/api.gen';

export type MealPage = components['schemas']['MealPage'];

/** SPEC 9: the statistics page lists up to 100 meals a page. */
export const MEAL_LIST_PAGE_SIZE = 100;

/** Local days `start_date..end_date`, or every meal when null. */
export type MealSpan = { start_date: string; end_date: string } | null;

export const mealsPath = '/meals/list/';

export function mealsKey(span: MealSpan, page: number) {
  return [mealsPath, span?.start_date ?? null, span?.end_date ?? null, page] as const;
}

/** One page of the span's meals, newest first (page 1 holds the newest). */
export function getMeals(span: MealSpan, page: number): Promise<MealPage> {
  return api.get<MealPage>(mealsPath, { ...span, page, page_size: MEAL_LIST_PAGE_SIZE });
}

export function useMeals(span: MealSpan, page: number) {
  // The page on screen stays while the next one loads, so paging does not jump.
  return useSWR<MealPage>(mealsKey(span, page), () => getMeals(span, page), { keepPreviousData: true });
}
