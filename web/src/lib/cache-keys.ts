/**
 * SWR keys that more than one feature reads or makes stale. A key starts with its
 * endpoint's path, so a change can revalidate every key of a path at once.
 */

/** The profile (profile feature): a weight recorded, a goal taken and the energy estimate read or change it. */
export const profileKey = '/users/profile/';

/** The caller's recent and most used foods (foods feature), which a saved meal changes. */
export const recentFoodsPath = '/foods/recent/';

/** The energy need learned from the meals and weights (energy feature): both make it stale. */
export const energyExpenditurePath = '/users/energy-expenditure/';

/** Every estimate of the energy need, whatever profile it was asked with. */
export function isEnergyKey(key: unknown): boolean {
  return Array.isArray(key) && key[0] === energyExpenditurePath;
}

/** Every meal list and statistic: their keys start with `/meals/`. */
function isMealKey(key: unknown): boolean {
  return Array.isArray(key) && typeof key[0] === 'string' && key[0].startsWith('/meals/');
}

/**
 * What saving, copying or deleting a meal makes stale: every meal list and statistic, the
 * recent and most used foods (a food is used once it is saved in a meal), and the energy
 * need learned from the meals.
 */
export function isMealChangeKey(key: unknown): boolean {
  return isMealKey(key) || isEnergyKey(key) || (Array.isArray(key) && key[0] === recentFoodsPath);
}
