/** The body weights the meals API records, in kg. */
export const MIN_WEIGHT_KG = 20;
export const MAX_WEIGHT_KG = 500;

/** The weight typed in the form, in kg; null when it is not a number in the recorded range. */
export function parseWeight(text: string): number | null {
  if (text.trim() === '') return null;
  const kg = Number(text);
  return Number.isFinite(kg) && kg >= MIN_WEIGHT_KG && kg <= MAX_WEIGHT_KG ? kg : null;
}
