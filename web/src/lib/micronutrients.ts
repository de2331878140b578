import { MICRONUTRIENT_KEYS, type MicronutrientKey } from '@/types/food';

/** The groups the app lists vitamins, minerals and fats in, in order. */
export const MICRONUTRIENT_GROUPS = ['vitamins', 'minerals', 'fats'] as const;
export type MicronutrientGroup = (typeof MICRONUTRIENT_GROUPS)[number];

/** The unit a key counts in, as its key ends (`_ug` is µg). */
export type MicronutrientUnit = 'ug' | 'mg' | 'g';

const FIRST_MINERAL = MICRONUTRIENT_KEYS.indexOf('calcium_mg');
const FIRST_FAT = MICRONUTRIENT_KEYS.indexOf('cholesterol_mg');

export function micronutrientGroup(key: MicronutrientKey): MicronutrientGroup {
  const index = MICRONUTRIENT_KEYS.indexOf(key);
  return index < FIRST_MINERAL ? 'vitamins' : index < FIRST_FAT ? 'minerals' : 'fats';
}

export function micronutrientUnit(key: MicronutrientKey): MicronutrientUnit {
  return key.slice(key.lastIndexOf('_') + 1) as MicronutrientUnit;
}

/** The keys of a group, in the app's order. */
export function keysOf(group: MicronutrientGroup): MicronutrientKey[] {
  return MICRONUTRIENT_KEYS.filter((key) => micronutrientGroup(key) === group);
}

/**
 * The share of the grams a value comes from, as a whole percent to say beside it; null
 * when it comes from all of them. A partial share never reads as 100 %, nor a share of
 * some grams as 0 %.
 */
export function partialPercent(coverage: number | null | undefined): number | null {
  if (coverage === null || coverage === undefined || coverage >= 1) return null;
  return Math.min(99, Math.max(coverage > 0 ? 1 : 0, Math.round(coverage * 100)));
}
