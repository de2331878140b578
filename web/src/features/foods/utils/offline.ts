import type { Food } from '@/types/food';

/** Lowercase, tone marks and spaces gone: "mǐ fàn" and "Mi Fan" are both "mifan". */
export function compactText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[\s'’-]+/g, '');
}

/**
 * Offline search: the foods (recent and favourite, kept on this device) whose English or
 * Chinese name or pinyin holds the query, each food once, in the order given.
 */
export function filterOfflineFoods<T extends Food>(query: string, foods: readonly T[]): T[] {
  const wanted = compactText(query);
  if (wanted === '') return [];
  const seen = new Set<number | string>();
  return foods.filter((food) => {
    const key = food.id ?? food.name;
    if (seen.has(key)) return false;
    const found = [food.name, food.name_zh, food.pinyin].some((name) => name && compactText(name).includes(wanted));
    if (found) seen.add(key);
    return found;
  });
}
