/** SPEC 2: a barcode food's ingredients are shown cut at 100 characters. */
export const INGREDIENTS_SHOWN = 100;

/** The first 100 characters (code points, so no emoji or CJK is split), then an ellipsis. */
export function shortIngredients(text: string): string {
  const characters = Array.from(text.trim());
  if (characters.length <= INGREDIENTS_SHOWN) return characters.join('');
  return `${characters.slice(0, INGREDIENTS_SHOWN).join('').trimEnd()}…`;
}
