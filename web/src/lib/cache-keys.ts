/**
 * SWR keys that more than one feature reads or makes stale. A key starts with its
 * endpoint's path, so a change can revalidate every key of a path at once.
 */

/** The caller's recent and most used foods (foods feature), which a saved meal changes. */
export const recentFoodsPath = '/foods/recent/';

/** Every meal list and statistic: their keys start with `/meals/`. */
function isMealKey(key: unknown): boolean {
  return Array.isArray(key) && typeof key[0] === 'string' && key[0].startsWith('/meals/');
}

/**
 * What saving, copying or deleting a meal makes stale: every meal list and statistic, and
 * the recent and most used foods (a food is used once it is saved in a meal).
 */
export function isMealChangeKey(key: unknown): boolean {
  return isMealKey(key) || (Array.isArray(key) && key[0] === recentFoodsPath);
}
