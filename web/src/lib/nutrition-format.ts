import { numberFormat, significantFormat } from '@/lib/intl';

/**
 * Energy shown to people is whole kilocalories, rounded once here: the day's total, what
 * is left of the goal and the statistics then add up to the same kilocalorie (306 eaten
 * of 2,000 leaves 1,694, not 1,695).
 */
export function wholeKcal(kcal: number): number {
  // `+ 0` turns the -0 of a tiny negative into 0.
  return Math.round(kcal) + 0;
}

/** The product's one way of writing energy and macros, in the locale given. */
export function nutritionFormat(locale: string) {
  const whole = numberFormat(locale, 0);
  const tenths = numberFormat(locale, 1);
  const small = significantFormat(locale, 2);
  return {
    /** "1,133" for 1,132.8 kcal. */
    kcal: (value: number) => whole.format(wholeKcal(value)),
    /** Grams of protein, fat or carbohydrate: "23.6", and "24" rather than "24.0". */
    macroGrams: (value: number) => tenths.format(value),
    /**
     * A vitamin, mineral or fat: whole from 100 ("358"), to a tenth from 1 ("79.8"), and
     * 2 significant digits below ("0.087", "0.13"), which is as far as the tables go.
     */
    micronutrient: (value: number) => {
      const size = Math.abs(value);
      return (size >= 100 ? whole : size >= 1 ? tenths : small).format(value);
    },
  };
}
