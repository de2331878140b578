/** Every SWR key of this feature starts with its path, so a change can revalidate them all. */
export function isMealKey(key: unknown): boolean {
  return Array.isArray(key) && typeof key[0] === 'string' && key[0].startsWith('/meals/');
}
