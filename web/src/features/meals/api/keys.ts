import { recentFoodsPath } from '@/features/foods/api/get-recent-foods';

/** Every SWR key of this feature starts with its path, so a change can revalidate them all. */
export function isMealKey(key: unknown): boolean {
  return Array.isArray(key) && typeof key[0] === 'string' && key[0].startsWith('/meals/');
}

/**
 * What saving, copying or deleting a meal makes stale: every meal list and statistic, and
 * the recent and most used foods (a food is used once it is saved in a meal).
 */
export function isMealChangeKey(key: unknown): boolean {
  return isMealKey(key) || (Array.isArray(key) && key[0] === recentFoodsPath);
}
