// "300 kcal" typed in the search box is no food's name: it is calories to log as they are
// (a quick add), in whole kcal as energy is always written. The words are those typed for
// kilocalories in either language; 卡 alone is how 卡路里 and 大卡 are said for short.

const CALORIE_QUERY = /^(\d+)\s*(?:kcals?|kilocalories|kilocalorie|cals?|calories|calorie|千卡|大卡|卡路里|卡)$/i;

/** The calories a query is ("300 kcal", "300卡", "300 大卡"), or null when it is anything else. */
export function caloriesTyped(query: string): number | null {
  const match = CALORIE_QUERY.exec(query.normalize('NFKC').trim());
  if (!match?.[1]) return null;
  const calories = Number(match[1]);
  return Number.isFinite(calories) && calories > 0 ? calories : null;
}
