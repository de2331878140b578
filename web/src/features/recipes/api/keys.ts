/**
 * The keys a recipe change makes stale: the recipe lists, and (a recipe being a food of
 * its owner) the food search, favourites and recent foods that show it.
 */
export function isRecipeChangeKey(key: unknown): boolean {
  return (
    Array.isArray(key) && typeof key[0] === 'string' && (key[0].startsWith('/recipes/') || key[0].startsWith('/foods/'))
  );
}
